#!/usr/bin/env bash
# Builds the C++ engine and its GoogleTest suite with AddressSanitizer + UndefinedBehaviorSanitizer
# (LeakSanitizer is part of ASan on Linux x86_64) in its own build directory and runs ctest.
# No JVM/JNI needed. Exits non-zero on any build error, sanitizer report or test failure.
# Usage: scripts/test-native-sanitized.sh [build-dir]   (default: build/native-sanitized)
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

# halt_on_error/abort: any report fails the test; detect_leaks: LSan at exit of each test run.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir "${build_dir}" --output-on-failure -j "${jobs}"
