#!/usr/bin/env bash
# The main job: builds the jar (native library inside) and the benchmarks module (which holds the
# main job, the TPC-DS generator and the benchmarks: none of it ships in the jar), generates
# TPC-DS store_sales once per scale factor (cached as Parquet under
# ~/.cache/gluten-delta-stats/tpcds/sf<N>/store_sales by the benchmarks' Trino tpcds generator),
# then writes it to Delta with native statistics on an embedded local[*] Spark session, prints
# how many files got native stats and checks them against a vanilla Delta write of the same data.
#
#   scripts/run-main.sh                 # store_sales SF1 (2.88 M rows), 8 files
#   scripts/run-main.sh --sf 0.1        # or GDS_MAIN_SF=0.1: other scale factor
#   scripts/run-main.sh --files 4 --rounds 3   # other arguments go to io.glutendelta.stats.bench.mainjob.MainJob
#   scripts/run-main.sh --source DIR    # any Parquet directory instead of TPC-DS
#   scripts/run-main.sh --synthetic     # MainJob's built-in store_sales-shaped data (no generator)
# GDS_MAIN_TPCDS_CACHE changes the cache root; GDS_MVN_FLAGS (e.g. "-o") is passed to Maven.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/setup.sh" main
# Everything here runs on this machine: bind Spark to loopback, so a host name that does not
# resolve (no /etc/hosts entry, as in fresh containers) cannot stop it.
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"
sf="${GDS_MAIN_SF:-1}"
cache="${GDS_MAIN_TPCDS_CACHE:-$HOME/.cache/gluten-delta-stats/tpcds}"
synthetic=0
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sf) sf="$2"; shift 2 ;;
    --synthetic) synthetic=1; shift ;;
    --source) synthetic=1; args+=("$1" "$2"); shift 2 ;; # user's own source: no generation
    *) args+=("$1"); shift ;;
  esac
done

echo "[main] building (mvn -DskipTests -pl benchmarks -am package: the spark4.2_2.13 jar with its native library, the benchmarks module)"
# Only the default line: the main job runs on Spark 4.2; the other lines' jars are built by the tests.
# shellcheck disable=SC2086
mvn -B -q ${GDS_MVN_FLAGS:-} -f "$root/pom.xml" -DskipTests -pl benchmarks -am package
bench_cp="$root/benchmarks/target/gluten-delta-stats-benchmarks-0.1.0-SNAPSHOT.jar:$(cat "$root/benchmarks/target/classpath.txt")"
flags=$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' "$root/pom.xml")
# Warnings only: Spark's start-up INFO lines would bury the job's result.
quiet=-Dlog4j2.configurationFile=io/glutendelta/stats/tools-log4j2.properties

if [[ "$synthetic" == 0 ]]; then
  # Same directory naming as TpcdsParquetCache.scaleDirName: sf1, sf10, sf0_1.
  sf_name="$(awk -v s="$sf" 'BEGIN { if (s == int(s)) printf "%d", s; else { t = s ""; gsub(/\./, "_", t); print t } }')"
  source_dir="$cache/sf$sf_name/store_sales"
  if [[ ! -d "$source_dir" ]]; then
    echo "[main] generating TPC-DS store_sales at scale factor $sf into $source_dir (once; SF1 takes a few minutes on 2 cores)"
    # shellcheck disable=SC2086
    java -Xmx6g $flags "$quiet" -cp "$bench_cp" io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark --generate-only --tables store_sales \
      --sf "$sf" --cache-dir "$cache" --master 'local[*]'
  fi
  [[ -d "$source_dir" ]] || { echo "[main] generator did not produce $source_dir" >&2; exit 1; }
  echo "[main] source: TPC-DS store_sales SF$sf ($source_dir)"
  args=(--source "$source_dir" "${args[@]}")
fi
# shellcheck disable=SC2086
exec java -Xmx6g $flags "$quiet" -cp "$bench_cp" io.glutendelta.stats.bench.mainjob.MainJob "${args[@]}"
