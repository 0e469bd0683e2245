#!/usr/bin/env bash
# Every test the project has, in the order a failure is cheapest to find:
#   1. Maven verify: CMake build, GoogleTest (ctest), JUnit (engine, Delta differential suite,
#      clustering, benchmarks' checks), the shaded jar, and the spark-submit --jars test.
#   2. The shaded jar from another directory with no java.library.path (EngineDemo), and the
#      glibc floor / exports / dependencies of both packaged native libraries.
#   3. The C++ suite under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer), and the
#      engine's JUnit tests against an ASan/UBSan build of the JNI library.
#   4. A short libFuzzer run over Arrow import + task API (GDS_FUZZ_SECONDS, default 60).
#   5. The C++ suite cross-compiled for aarch64, run under qemu-user.
# Heavy suites (soak, large differential runs): GDS_HEAVY=true scripts/test.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
. "$root/scripts/setup.sh" test
# Everything here runs on this machine: bind Spark to loopback, so a host name that does not
# resolve (no /etc/hosts entry, as in fresh containers) cannot stop it.
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"
heavy="${GDS_HEAVY:-false}"
step() { printf '\n=== %s (%s) ===\n' "$1" "$(date -u +%H:%M:%S)"; }

step "maven verify"
mvn -B -f pom.xml verify -Dgds.heavy="$heavy"
step "jar from another directory"
SKIP_BUILD=1 bash scripts/check-jar-standalone.sh
step "native libraries: glibc floor, dependencies, exports"
bash scripts/check-native-glibc.sh java/target/gluten-delta-stats.jar
step "sanitizers (C++ suite + engine JUnit against an ASan JNI build)"
GDS_ASAN_JUNIT="${GDS_ASAN_JUNIT:-NativeAggregatorTest,NativeStatsDifferentialTest}" bash scripts/test-native-sanitized.sh
step "fuzz"
bash scripts/fuzz.sh "${GDS_FUZZ_SECONDS:-60}"
step "C++ suite for aarch64 under qemu-user"
bash scripts/test-native-aarch64.sh
step "all passed"
