# Shared by scripts/bench-*.sh (sourced): builds the jar + benchmarks once and sets
# BENCH_CP (runtime classpath) and SPARK_JVM_FLAGS (the --add-opens list Spark itself uses).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# GDS_MVN_FLAGS: e.g. "-o -q" once the local Maven repository is warm.
if [[ "${GDS_BENCH_SKIP_BUILD:-0}" != "1" ]]; then
  echo "[bench] building jar + benchmarks (mvn ${GDS_MVN_FLAGS:--q} -DskipTests -pl benchmarks -am package)"
  mvn ${GDS_MVN_FLAGS:--q} -DskipTests -pl benchmarks -am package
fi
BENCH_JAR="$ROOT/benchmarks/target/gluten-delta-stats-benchmarks-0.1.0-SNAPSHOT.jar"
[[ -f "$BENCH_JAR" && -f "$ROOT/benchmarks/target/classpath.txt" ]] || {
  echo "[bench] $BENCH_JAR or benchmarks/target/classpath.txt missing: run without GDS_BENCH_SKIP_BUILD=1" >&2
  exit 1
}
BENCH_CP="$BENCH_JAR:$(cat "$ROOT/benchmarks/target/classpath.txt")"
SPARK_JVM_FLAGS="$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' "$ROOT/pom.xml")"
export BENCH_CP SPARK_JVM_FLAGS
# The benchmarks print their own progress and warnings only (log4j2 at WARN, inherited by every
# child JVM they start); --verbose anywhere in the arguments restores Spark's INFO log.
BENCH_LOG=(-Dlog4j2.configurationFile=io/glutendelta/stats/tools-log4j2.properties)
BENCH_ARGS=()
for a in "$@"; do
  if [[ "$a" == --verbose ]]; then BENCH_LOG=(); else BENCH_ARGS+=("$a"); fi
done
