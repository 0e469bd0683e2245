#!/usr/bin/env bash
# Sanitizer suite for the native engine.
#
# 1. Always: builds the C++ engine and its GoogleTest suite with AddressSanitizer +
#    UndefinedBehaviorSanitizer (LeakSanitizer is part of ASan on Linux x86_64) in its own build
#    directory and runs ctest. No JVM/JNI needed.
# 2. When GDS_ASAN_JUNIT is set to a Surefire test selector (e.g. 'NativeStats*'): also builds
#    the JNI library with ASan+UBSan and runs those JUnit tests against it. The forked test JVM
#    is started through a wrapper that preloads libasan (and libstdc++, so ASan's __cxa_throw
#    interceptor resolves: the java launcher itself does not link libstdc++). Leak detection is
#    off there (the JVM never frees much of its own memory) and ASan must leave SIGSEGV to the
#    JVM, which uses it internally. Needs the Java test classes: run
#    `mvn -o -q -f java/pom.xml test-compile` first.
#
# Exits non-zero on any build error, sanitizer report or test failure.
# Usage: [GDS_ASAN_JUNIT='NativeStats*'] scripts/test-native-sanitized.sh [build-dir]
#        (default build dir: build/native-sanitized)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${1:-${root}/build/native-sanitized}"
jobs="${GDS_BUILD_JOBS:-2}"

cmake -S "${root}" -B "${build_dir}" \
  -DCMAKE_BUILD_TYPE=Debug \
  -DGDS_SANITIZE=ON \
  -DGDS_BUILD_JNI=OFF \
  -DGDS_BUILD_TESTS=ON
cmake --build "${build_dir}" --parallel "${jobs}"

(
  # halt/abort on error: any report fails the test; detect_leaks: LSan at exit of each test.
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
  ctest --test-dir "${build_dir}" --output-on-failure -j "${jobs}"
)

if [[ -z "${GDS_ASAN_JUNIT:-}" ]]; then
  exit 0
fi

java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
headers="${root}/java/target/jni-headers"
if [[ ! -f "${headers}/io_glutendelta_stats_jni_NativeEngine.h" ]]; then
  echo "test-native-sanitized.sh: ${headers} has no JNI header; run mvn -o -q -f java/pom.xml test-compile first" >&2
  exit 2
fi
jni_dir="${build_dir}-jni"
cmake -S "${root}" -B "${jni_dir}" \
  -DCMAKE_BUILD_TYPE=Debug \
  -DGDS_SANITIZE=ON \
  -DGDS_BUILD_JNI=ON \
  -DGDS_BUILD_TESTS=OFF \
  -DJAVA_HOME="${java_home}" \
  -DGDS_JNI_HEADER_DIR="${headers}" \
  -DGDS_LIBRARY_OUTPUT_DIR="${jni_dir}/lib"
cmake --build "${jni_dir}" --parallel "${jobs}"

# Surefire insists that the jvm path ends in "java".
wrapper="${jni_dir}/asan-jvm/bin/java"
mkdir -p "$(dirname "${wrapper}")"
cat > "${wrapper}" <<WRAPPER
#!/bin/sh
export LD_PRELOAD="$(${CXX:-g++} -print-file-name=libasan.so) $(${CXX:-g++} -print-file-name=libstdc++.so)"
export ASAN_OPTIONS="detect_leaks=0:handle_segv=0:allow_user_segv_handler=1:use_sigaltstack=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
exec "${java_home}/bin/java" "\$@"
WRAPPER
chmod +x "${wrapper}"

# Maven user properties reach the forked JVM as system properties: the loader's explicit-path
# override picks the sanitized library instead of the one inside target/classes.
mvn -o -q -f "${root}/java/pom.xml" surefire:test \
  -Djvm="${wrapper}" \
  -Dgds.native.library.path="${jni_dir}/lib/libglutendeltastats.so" \
  -Dtest="${GDS_ASAN_JUNIT}" \
  -Dsurefire.failIfNoSpecifiedTests=false
