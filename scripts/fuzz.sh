#!/usr/bin/env bash
# Builds the libFuzzer target (clang, -fsanitize=fuzzer,address,undefined) in its own build
# directory and fuzzes the Arrow import + task API for N seconds (default 60). Any crash,
# sanitizer report or invariant violation fails the script and leaves the reproducer
# (crash-*/leak-*/timeout-*) in the artifact directory; turn each into a regression test in
# cpp/tests. Needs Debian packages: clang libclang-rt-14-dev (and cmake).
# Usage: scripts/fuzz.sh [seconds] [build-dir]
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${2:-${root}/build/fuzz}"
jobs="${GDS_BUILD_JOBS:-2}"

for tool in clang clang++; do
  command -v "${tool}" >/dev/null || { echo "fuzz.sh: ${tool} not found (apt-get install -y clang libclang-rt-14-dev)" >&2; exit 2; }
done

CC=clang CXX=clang++ cmake -S "${root}" -B "${build_dir}" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGDS_SANITIZE=ON \
  -DGDS_BUILD_FUZZ=ON \
  -DGDS_BUILD_JNI=OFF \
  -DGDS_BUILD_TESTS=OFF
cmake --build "${build_dir}" --parallel "${jobs}" --target gds_task_fuzzer

corpus="${build_dir}/corpus"
artifacts="${build_dir}/artifacts"
mkdir -p "${corpus}" "${artifacts}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# -seed fixed by default so a CI failure reproduces; GDS_FUZZ_SEED=0 picks a random seed.
"${build_dir}/cpp/fuzz/gds_task_fuzzer" \
  -max_total_time="${seconds}" \
  -seed="${GDS_FUZZ_SEED:-1}" \
  -max_len=4096 \
  -timeout=20 \
  -rss_limit_mb=2048 \
  -print_final_stats=1 \
  -artifact_prefix="${artifacts}/" \
  "${corpus}"
