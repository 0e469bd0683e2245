#!/usr/bin/env bash
# Acceptance check: the packaged jar works on its own. Builds java/target/gluten-delta-stats.jar,
# copies it with Arrow Java (arrow-vector, arrow-memory-core/-netty, arrow-format and their
# dependencies, in the versions Spark brings - what a Spark cluster provides) into a fresh temp directory, and runs
# EngineDemo (a test class: the jar ships production code only) from another working directory with no java.library.path / LD_LIBRARY_PATH: the native library
# must come out of the jar (checksum-verified). Exit code 0 when the demo printed stats per file.
#
#   scripts/check-jar-standalone.sh            # build + check (~1-3 min, most of it the build)
#   SKIP_BUILD=1 scripts/check-jar-standalone.sh   # reuse an existing jar
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$repo/java/target/gluten-delta-stats.jar"
files=3 batches=4 rows=10000

# Offline first (the usual case once the build ran); online only if something is not cached yet.
mvn_prefer_offline() {
  mvn -o "$@" || { echo "   (offline Maven failed; retrying with the network)"; mvn "$@"; }
}

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "== building the jar (mvn package, tests skipped)"
  mvn_prefer_offline -q -DskipTests -f "$repo/java/pom.xml" package test-compile
fi
[[ -f "$jar" ]] || { echo "FAIL: $jar not found" >&2; exit 1; }
demo_classes="$repo/java/target/test-classes"
[[ -f "$demo_classes/io/glutendelta/stats/engine/EngineDemo.class" ]] \
  || { echo "FAIL: EngineDemo not compiled (mvn test-compile)" >&2; exit 1; }

echo "== checking the jar carries the native library and its checksum"
listing="$(jar tf "$jar")"
for entry in native/linux-x86_64/libglutendeltastats.so native/linux-x86_64/libglutendeltastats.so.sha256 \
             native/linux-aarch64/libglutendeltastats.so native/linux-aarch64/libglutendeltastats.so.sha256 \
             org/apache/arrow/c/Data.class; do
  grep -qx "$entry" <<<"$listing" || { echo "FAIL: $entry missing from $jar" >&2; exit 1; }
done
# Production only: no demo, main job or test hook inside.
if grep -E '(EngineDemo|MainJob|TestHooks)[^/]*\.class$' <<<"$listing"; then
  echo "FAIL: $jar carries the classes above, which are not production code" >&2; exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/gds-jar-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lib" "$work/run" "$work/demo/io/glutendelta/stats/engine"

echo "== picking Arrow Java, Spark's unsafe memory API and their dependencies (the versions Spark brings) from the module's classpath"
# arrow-c-data is deliberately not copied: the shaded jar must bring it.
mvn_prefer_offline -q -f "$repo/java/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$work/cp.txt" -Dmdep.includeScope=compile
# spark-unsafe: the engine writes the C Data structs through Spark's Platform (the one memory API
# every line's Spark has; Arrow 12 lacks MemoryUtil.putLong), present wherever the jar runs.
runtime_jars='/(arrow-(vector|format|memory-core|memory-netty|memory-netty-buffer-patch)|flatbuffers-java|jackson-(core|databind|annotations|datatype-jsr310)|commons-codec|netty-(buffer|common)|slf4j-api|spark-unsafe_2\.1[23])-[0-9][^/]*\.jar$'
tr ':' '\n' <"$work/cp.txt" | grep -E "$runtime_jars" | while read -r dep; do cp "$dep" "$work/lib/"; done
cp "$jar" "$work/lib/"
cp "$demo_classes"/io/glutendelta/stats/engine/EngineDemo*.class "$work/demo/io/glutendelta/stats/engine/"
echo "   $(ls "$work/lib" | wc -l) jars: $(ls "$work/lib" | tr '\n' ' ')"

echo "== running EngineDemo from $work/run"
cd "$work/run"
set +e
env -u LD_LIBRARY_PATH java -Xmx512m --add-opens=java.base/java.nio=ALL-UNNAMED \
  -cp "$work/demo:$work/lib/*" io.glutendelta.stats.engine.EngineDemo "$files" "$batches" "$rows" >"$work/out.txt" 2>&1
code=$?
set -e
cat "$work/out.txt"
[[ $code -eq 0 ]] || { echo "FAIL: EngineDemo exited with $code" >&2; exit 1; }
expected=$((batches * rows))
for ((f = 0; f < files; f++)); do
  grep -q "^file $f: numRecords=$expected\$" "$work/out.txt" || { echo "FAIL: no stats for file $f" >&2; exit 1; }
done
grep -q "ss_sales_price: nullCount=[0-9]* min=" "$work/out.txt" || { echo "FAIL: no decimal min/max printed" >&2; exit 1; }
grep -q "^done: $files files" "$work/out.txt" || { echo "FAIL: summary line missing" >&2; exit 1; }
echo "OK: the jar works standalone (native library loaded from the jar, no java.library.path)"
