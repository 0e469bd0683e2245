#!/usr/bin/env bash
# Full-size soak and stress run (issue 5): the JUnit suites of io.glutendelta.stats.stress with
# -Dgds.heavy=true — 200 000 files through one native task, a 10 000-file Delta write plus 8
# rounds of repeated writes, 8 concurrent native/vanilla session pairs on local[8], failure,
# cancellation and bad-input cases. Bounds (Arrow memory zero, native state flat, heap/RSS growth)
# are asserted by the tests; the measured numbers are printed as GDS-* lines at the end.
# Takes roughly 10-20 minutes on 2 cores. Extra arguments go to Maven (e.g. -Dexec.skip=true
# when the native library is already built).
# Usage: scripts/soak.sh [maven args...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log="$(mktemp -t gds-soak.XXXXXX.log)"
set +e
mvn -o -f "${root}/java/pom.xml" test \
  -Dgds.heavy=true \
  -Dtest='io/glutendelta/stats/stress/*Test.java' \
  -Dsurefire.failIfNoSpecifiedTests=false \
  "$@" 2>&1 | tee "${log}" | grep -E 'GDS-|Tests run|FAIL|ERROR\]'
status=${PIPESTATUS[0]}
set -e
echo "--- soak numbers (full log: ${log}) ---"
grep -h 'GDS-' "${log}" || true
exit "${status}"
