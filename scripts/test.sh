#!/usr/bin/env bash
# Every test the project has, in the order a failure is cheapest to find:
#   1. Maven verify: CMake build, GoogleTest (ctest), JUnit (engine, Delta differential suite,
#      clustering), the jar, and the multi-JVM spark-submit --jars integration test.
#   2. The C++ suite again under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer).
#   3. A short libFuzzer run over Arrow import + task API (GDS_FUZZ_SECONDS, default 60).
# Heavy suites (soak, large differential runs): GDS_HEAVY=true scripts/test.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
heavy="${GDS_HEAVY:-false}"
mvn -B -f pom.xml verify -Dgds.heavy="$heavy"
bash scripts/test-native-sanitized.sh
bash scripts/fuzz.sh "${GDS_FUZZ_SECONDS:-60}"
