#!/usr/bin/env bash
# JMH suite: statistics path per type family (native engine vs Delta's tracker behind
# columnar-to-row vs a Java columnar loop, same Arrow batches) and barrier reuse (10 000 files ×
# 100 rows: one task with barriers vs a task per file). Report (Markdown + PNG) in
# benchmarks/results/jmh-<timestamp>/ and benchmarks/results/latest/jmh/.
#
#   scripts/bench-jmh.sh                 # full suite: 34 forks, ~15 min idle, ~22 min on a busy 2-core box
#   scripts/bench-jmh.sh --quick         # smoke run, ~8 min (1×1 s warm-up, 3×1 s measurement)
#   scripts/bench-jmh.sh --families wide --include 'StatsPath'   # a subset
#   scripts/bench-jmh.sh --include BarrierReuse --kind jmh-barrier  # barrier reuse only, ~5 min
source "$(dirname "$0")/bench-common.sh"
exec java -Xmx1g -Dgds.jvm.flags="$SPARK_JVM_FLAGS" $SPARK_JVM_FLAGS -cp "$BENCH_CP" \
  io.glutendelta.stats.bench.jmh.JmhSuite "${BENCH_ARGS[@]}"
