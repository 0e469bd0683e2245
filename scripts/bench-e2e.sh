#!/usr/bin/env bash
# TPC-DS -> Delta write benchmark: vanilla stats vs native stats vs stats off.
# Default view: a fresh JVM per (round, table, mode), as users run Spark (native = our plugin in
# spark.plugins), cold first write + warm median per JVM; report in
# benchmarks/results/e2e-jvm-<timestamp>/ and benchmarks/results/latest/e2e-jvm/.
# --one-jvm: the second view, all modes in one session switched per write (kind e2e).
#
#   scripts/bench-e2e.sh --tables store_sales                     # headline table, JVM per mode
#   scripts/bench-e2e.sh --tables all --sf 10 --rounds 1 --kind e2e-jvm-sf10-all
#   scripts/bench-e2e.sh --one-jvm --modes native,off,off_again   # one session, A/A control
#   scripts/bench-e2e.sh --modes native,native_b,off --native-b-jar /tmp/before.jar  # A/B of two builds
#   scripts/bench-e2e.sh --line spark3.5_2.12 --tables store_sales # another line: its jar, Spark, Delta;
#                                              # report in benchmarks/results/latest/e2e-spark3.5_2.12/
#   scripts/bench-e2e.sh --help                                   # all flags
# The first run per scale factor also generates the cached Parquet source
# (~/.cache/gluten-delta-stats/tpcds/sf<N>, SF1 ≈ 3 min on 2 cores; not timed).
# GDS_BENCH_HEAP: heap of every JVM (default 6g). GDS_BENCH_NICE=19 runs everything under nice.
GDS_BENCH_LINES=1
source "$(dirname "$0")/bench-common.sh"
# The benchmark checks that the jar it runs is that line, and names the line in its report and kind.
if [[ -n "$GDS_LINE" ]]; then BENCH_ARGS=(--line "$GDS_LINE" "${BENCH_ARGS[@]}"); fi
exec nice -n "${GDS_BENCH_NICE:-0}" java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS "${BENCH_LOG[@]}" -cp "$BENCH_CP" \
  io.glutendelta.stats.bench.e2e.JvmPerModeBenchmark "${BENCH_ARGS[@]}"
