#!/usr/bin/env bash
# The C++ suite for linux-aarch64: cross-compiles the engine and the GoogleTest suite (GoogleTest
# itself built from /usr/src/googletest with the cross compiler) and runs every case under
# qemu-user with Debian's aarch64 sysroot. The AVX2 kernels do not exist there, so this is the
# portable path the aarch64 library runs. When the packaged aarch64 JNI library exists
# (java/target/classes/native/linux-aarch64, built by mvn), it is also dlopen'ed under qemu with
# every symbol bound (RTLD_NOW), so a missing or misversioned symbol fails here, not on a cluster.
#
# Usage: scripts/test-native-aarch64.sh [build-dir]   (default: build/native-aarch64)
# Needs Debian packages: g++-aarch64-linux-gnu qemu-user-static googletest (sources; libgtest-dev
# brings it) cmake.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${1:-${root}/build/native-aarch64}"
jobs="${GDS_BUILD_JOBS:-2}"
sysroot=/usr/aarch64-linux-gnu
gtest_src="${GDS_GTEST_SOURCE_DIR:-/usr/src/googletest}"
need="apt-get install -y g++-aarch64-linux-gnu qemu-user-static googletest cmake"

command -v aarch64-linux-gnu-g++ >/dev/null || { echo "test-native-aarch64.sh: aarch64-linux-gnu-g++ not found (${need})" >&2; exit 2; }
qemu="$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)"
[[ -n "${qemu}" ]] || { echo "test-native-aarch64.sh: qemu-aarch64-static not found (${need})" >&2; exit 2; }
[[ -f "${gtest_src}/CMakeLists.txt" ]] || { echo "test-native-aarch64.sh: no GoogleTest sources in ${gtest_src} (${need})" >&2; exit 2; }

start=${SECONDS}
cmake -S "${root}" -B "${build_dir}" \
  -DCMAKE_TOOLCHAIN_FILE="${root}/cpp/cmake/toolchains/aarch64-linux-gnu.cmake" \
  -DCMAKE_BUILD_TYPE=Release \
  -DGDS_BUILD_JNI=OFF \
  -DGDS_BUILD_TESTS=ON \
  -DGDS_GTEST_SOURCE_DIR="${gtest_src}"
# Building gds_tests also lists its cases (gtest_discover_tests runs it under qemu).
cmake --build "${build_dir}" --parallel "${jobs}" --target gds_tests
built=${SECONDS}
ctest --test-dir "${build_dir}" --output-on-failure -j "${jobs}"
tested=${SECONDS}

library="${root}/java/target/classes/native/linux-aarch64/libglutendeltastats.so"
if [[ -f "${library}" ]]; then
  probe="${build_dir}/dlopen-probe"
  cat > "${probe}.c" <<'PROBE'
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char** argv) {
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) { fprintf(stderr, "dlopen: %s\n", dlerror()); return 1; }
  for (int i = 2; i < argc; ++i) {
    if (dlsym(lib, argv[i]) == NULL) { fprintf(stderr, "dlsym %s: %s\n", argv[i], dlerror()); return 1; }
  }
  printf("dlopen ok, %d entry points found\n", argc - 2);
  return 0;
}
PROBE
  aarch64-linux-gnu-gcc -O1 -o "${probe}" "${probe}.c" -ldl
  "${qemu}" -L "${sysroot}" "${probe}" "${library}" JNI_OnLoad \
    Java_io_glutendelta_stats_jni_NativeEngine_createTask Java_io_glutendelta_stats_jni_NativeEngine_addBatch
else
  echo "test-native-aarch64.sh: ${library} not built (mvn package): dlopen check skipped"
fi
echo "test-native-aarch64.sh: OK (build $((built - start)) s, tests under qemu $((tested - built)) s)"
