#!/usr/bin/env bash
# Runs a main class of the jar module on an embedded Spark: the built jar, the module's full Maven
# classpath (Spark and Delta are 'provided' for the jar, so they come from Maven here) and the
# JVM flags Spark itself passes (root pom property spark.jvm.flags).
# Our command-line tools print their own output and warnings only (log4j2 at WARN); --verbose
# anywhere in the arguments restores Spark's INFO log.
# Usage: scripts/spark-java.sh [-Xmx..] <main class> [args...] [--verbose]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="$root/java/target/gluten-delta-stats.jar"
# (Re)build the jar when it is missing or older than any Java/Scala/C++ source.
if [ ! -f "$jar" ] || [ -n "$(find "$root/java/src/main" "$root/cpp" -newer "$jar" -print -quit)" ]; then
  echo "[spark-java] building $jar" >&2
  mvn -B -q -o -f "$root/java/pom.xml" -DskipTests package >&2 \
    || mvn -B -q -f "$root/java/pom.xml" -DskipTests package >&2
fi
cache="$root/java/target/classpath.txt"
if [ ! -s "$cache" ] || [ "$root/java/pom.xml" -nt "$cache" ] || [ "$root/pom.xml" -nt "$cache" ]; then
  mvn -B -q -o -f "$root/java/pom.xml" dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$cache" >/dev/null 2>&1 \
    || mvn -B -q -f "$root/java/pom.xml" dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$cache" >/dev/null
fi
flags=$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' "$root/pom.xml")
heap=-Xmx6g
if [[ "${1:-}" == -Xmx* ]]; then heap="$1"; shift; fi
log=(-Dlog4j2.configurationFile=io/glutendelta/stats/tools-log4j2.properties)
args=()
for a in "$@"; do
  if [[ "$a" == --verbose ]]; then log=(); else args+=("$a"); fi
done
# shellcheck disable=SC2086
exec java $heap $flags "${log[@]}" -cp "$jar:$(cat "$cache")" "${args[@]}"
