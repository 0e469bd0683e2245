# Shared by scripts/bench-*.sh (sourced): builds the jar + benchmarks once and sets
# BENCH_CP (runtime classpath) and SPARK_JVM_FLAGS (the --add-opens list Spark itself uses).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# --line L (scripts that set GDS_BENCH_LINES=1 before sourcing: bench-e2e.sh, bench-memory.sh):
# measure line L (spark3.5_2.12, spark3.5_2.13, spark4.0_2.13; default the jar of java/,
# spark4.2_2.13): the benchmarks are built against L's jar and its Spark/Delta/Scala/Arrow
# (benchmarks/pom.xml profile, -Dgds.line=L) and run with L's JVM flags. Found by
# `--line L` or `--line=L` anywhere in the arguments; GDS_LINE holds it for the script.
GDS_LINE=""
BENCH_ARGS=()
# The benchmarks print their own progress and warnings only (log4j2 at WARN, inherited by every
# child JVM they start); --verbose anywhere in the arguments restores Spark's INFO log.
BENCH_LOG=(-Dlog4j2.configurationFile=io/glutendelta/stats/tools-log4j2.properties)
bench_args=("$@")
for ((i = 0; i < ${#bench_args[@]}; i++)); do
  a="${bench_args[i]}"
  case "$a" in
    --verbose) BENCH_LOG=() ;;
    --line) GDS_LINE="${bench_args[i + 1]:-}"; i=$((i + 1)) ;;
    --line=*) GDS_LINE="${a#--line=}" ;;
    *) BENCH_ARGS+=("$a") ;;
  esac
done
unset bench_args
if [[ -n "$GDS_LINE" ]]; then
  [[ "${GDS_BENCH_LINES:-0}" == "1" ]] || {
    echo "[bench] --line: only scripts/bench-e2e.sh and scripts/bench-memory.sh run on another line" >&2
    exit 2
  }
  [[ "$GDS_LINE" == spark4.2_2.13 || -f "$ROOT/lines/$GDS_LINE/pom.xml" ]] || {
    echo "[bench] --line '$GDS_LINE': lines are spark4.2_2.13 (java/) and $(cd "$ROOT/lines" && ls -d spark*/ | tr -d / | tr '\n' ' ')" >&2
    exit 2
  }
fi
# Another line's module reuses the native library java/ builds, so java/ is in its build too.
MVN_PROJECTS=(-pl benchmarks -am)
if [[ -n "$GDS_LINE" && "$GDS_LINE" != spark4.2_2.13 ]]; then
  MVN_PROJECTS=(-Dgds.line="$GDS_LINE" -pl java,benchmarks -am)
fi
# benchmarks/target holds one line's build: classes compiled against another Spark go first.
LINE_STAMP="$ROOT/benchmarks/target/gds-line"
BUILT_LINE="${GDS_LINE:-spark4.2_2.13}"
# GDS_MVN_FLAGS: e.g. "-o -q" once the local Maven repository is warm.
if [[ "${GDS_BENCH_SKIP_BUILD:-0}" != "1" ]]; then
  # A benchmark on a fresh machine needs what the main job's build needs (the aarch64 cross
  # compiler among it): the same set-up step as scripts/run-main.sh.
  . "$ROOT/scripts/setup.sh" main
  if [[ -d "$ROOT/benchmarks/target/classes" && "$(cat "$LINE_STAMP" 2>/dev/null || echo spark4.2_2.13)" != "$BUILT_LINE" ]]; then
    rm -rf "$ROOT/benchmarks/target/classes" "$ROOT/benchmarks/target/test-classes" "$ROOT/benchmarks/target/maven-status"
  fi
  echo "[bench] building jar + benchmarks (mvn ${GDS_MVN_FLAGS:--q} -DskipTests ${MVN_PROJECTS[*]} package)"
  mvn ${GDS_MVN_FLAGS:--q} -DskipTests "${MVN_PROJECTS[@]}" package
  echo "$BUILT_LINE" > "$LINE_STAMP"
fi
BENCH_JAR="$ROOT/benchmarks/target/gluten-delta-stats-benchmarks-0.1.0-SNAPSHOT.jar"
[[ -f "$BENCH_JAR" && -f "$ROOT/benchmarks/target/classpath.txt" ]] || {
  echo "[bench] $BENCH_JAR or benchmarks/target/classpath.txt missing: run without GDS_BENCH_SKIP_BUILD=1" >&2
  exit 1
}
BENCH_CP="$BENCH_JAR:$(cat "$ROOT/benchmarks/target/classpath.txt")"
# The JVM flags the line's Spark passes itself: the line pom's, else the root pom's (Spark 4.2).
FLAGS_POM="$ROOT/pom.xml"
if [[ -n "$GDS_LINE" ]] && grep -q '<spark.jvm.flags>' "$ROOT/lines/$GDS_LINE/pom.xml" 2>/dev/null; then
  FLAGS_POM="$ROOT/lines/$GDS_LINE/pom.xml"
fi
SPARK_JVM_FLAGS="$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' "$FLAGS_POM")"
export BENCH_CP SPARK_JVM_FLAGS GDS_LINE
