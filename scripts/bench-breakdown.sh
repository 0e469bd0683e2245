#!/usr/bin/env bash
# Row-path cost breakdown of native stats on a TPC-DS table's rows (store_sales by default): row->Arrow batching, C Data
# export, JNI fixed cost, native aggregation, per-file finish; Delta's tracker as reference.
# Report in benchmarks/results/breakdown-<timestamp>/ and benchmarks/results/latest/breakdown/
# (breakdown-<table> for another table).
#   scripts/bench-breakdown.sh             # 1 M rows, 7 repeats, ~2 min
#   scripts/bench-breakdown.sh --rows 262144 --repeats 3
#   scripts/bench-breakdown.sh --table inventory          # 4 int columns: the narrowest large table
#   scripts/bench-breakdown.sh --distinct-rows 1048576   # every row a distinct object (rows come from memory)
source "$(dirname "$0")/bench-common.sh"
exec java -Xmx3g $SPARK_JVM_FLAGS "${BENCH_LOG[@]}" -cp "$BENCH_CP" io.glutendelta.stats.bench.breakdown.RowPathBreakdown "${BENCH_ARGS[@]}"
