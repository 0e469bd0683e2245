#!/usr/bin/env bash
# The main job: builds the jar (native library inside) and writes a TPC-DS table to Delta with
# native statistics on an embedded local[*] Spark session, then prints how many files got them.
# Arguments go to io.glutendelta.stats.MainJob (see README, "Main job").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mvn -B -q -f "$root/pom.xml" -DskipTests install
exec "$root/scripts/spark-java.sh" io.glutendelta.stats.MainJob "$@"
