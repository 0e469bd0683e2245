#!/usr/bin/env bash
# Memory of a Delta write, vanilla vs native (issue 15.4): a fresh JVM per (round, table, mode)
# with a pre-touched heap (-Xms = -Xmx), so that RSS minus the heap is the memory outside it.
# Writes store_sales and store_sales partitioned 16 ways with
# spark.sql.maxConcurrentOutputFileWriters=16 (16 open files per task); reports peak RSS, peak
# heap after GC, memory outside the heap, and native memory per open file.
# Report in benchmarks/results/memory-<timestamp>/ and latest/memory/.
#
#   scripts/bench-memory.sh                   # SF1, 3 rounds
#   scripts/bench-memory.sh --sf 0.1 --rounds 1 --warm-writes 1 --timed-writes 1   # smoke run
# Any flag of scripts/bench-e2e.sh may be added. GDS_BENCH_HEAP (default 4g) is pre-touched by
# every JVM: keep it well below free memory.
GDS_BENCH_HEAP="${GDS_BENCH_HEAP:-4g}" exec "$(dirname "$0")/bench-e2e.sh" --tables store_sales \
  --modes vanilla,native --memory --partition-writers 16 --kind memory "$@"
