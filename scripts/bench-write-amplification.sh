#!/usr/bin/env bash
# Write amplification of a clustered Delta table (issue 11.5): store_sales clustered by two
# columns receives small appends, each followed by OPTIMIZE, under Delta's own OPTIMIZE, our
# incremental clustering, the lightweight tier, and lightweight + incremental + re-clustering.
# Report (Markdown + PNG) in benchmarks/results/write-amplification-<timestamp>/ and latest/.
#
#   scripts/bench-write-amplification.sh                       # real run: SF15 (~2.5 GB), 20 appends
#   scripts/bench-write-amplification.sh --sf 0.1 --appends 3 --target-file-mb 1   # smoke run
#   scripts/bench-write-amplification.sh --recluster-confs spark.glutendelta.clustering.recluster.enabled=true,...
#   scripts/bench-write-amplification.sh --help
# The clustered base table is built once per (SF, columns, file size) under the work dir and reused.
source "$(dirname "$0")/bench-common.sh"
exec nice -n "${GDS_BENCH_NICE:-0}" java -Xmx"${GDS_BENCH_HEAP:-8g}" $SPARK_JVM_FLAGS "${BENCH_LOG[@]}" -cp "$BENCH_CP" \
  io.glutendelta.stats.bench.writeamp.WriteAmplificationBenchmark "${BENCH_ARGS[@]}"
