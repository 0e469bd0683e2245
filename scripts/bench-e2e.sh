#!/usr/bin/env bash
# TPC-DS -> Delta write benchmark: vanilla stats vs native stats vs stats off, alternating rounds.
# Report (Markdown + PNG) in benchmarks/results/e2e-<timestamp>/ and benchmarks/results/latest/e2e/.
#
#   scripts/bench-e2e.sh                      # SF1, 6 tables, 1 warm-up + 3 rounds (~10 min here)
#   scripts/bench-e2e.sh --tables store_sales # the headline table only (~3 min)
#   scripts/bench-e2e.sh --sf 10              # bigger machines (8+ cores, 16 GiB heap: GDS_BENCH_HEAP=16g)
#   scripts/bench-e2e.sh --help               # all flags
# The first run per scale factor also generates the cached Parquet source
# (~/.cache/gluten-delta-stats/tpcds/sf<N>, SF1 ≈ 3 min on 2 cores; not timed).
source "$(dirname "$0")/bench-common.sh"
exec java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS -cp "$BENCH_CP" \
  io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark "$@"
