package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.delta.NativeStatsMetrics;

/**
 * The one place the benchmarks read the jar's counters: did a write take the path its mode
 * names? Native writes must have every file from the engine (no fallback, no unsupported
 * schema), the other modes none. In local mode the task counters live in this JVM.
 */
final class NativePath {
  private final NativeStatsMetrics.Snapshot before;

  private NativePath(NativeStatsMetrics.Snapshot before) {
    this.before = before;
  }

  /** Starts watching one write. */
  static NativePath watch() {
    return new NativePath(NativeStatsMetrics.snapshot());
  }

  /** Files the engine finished since {@link #watch}. */
  long nativeFiles() {
    return NativeStatsMetrics.snapshot().minus(before).filesNative();
  }

  /** Where a native write's statistics came from: its source's batches or its rows (the row path). */
  String source() {
    NativeStatsMetrics.Snapshot used = NativeStatsMetrics.snapshot().minus(before);
    return used.filesNative() == 0 ? "-" : used.writesScanBatches() > 0 ? "scan batches" : "rows";
  }

  /** Null when the write took {@code mode}'s path, else what went wrong. */
  String problem(WriteMode mode) {
    NativeStatsMetrics.Snapshot used = NativeStatsMetrics.snapshot().minus(before);
    boolean ok = mode.nativeStats()
        ? used.filesNative() > 0 && used.taskFallbacks() == 0 && used.writesUnsupported() == 0
        : used.filesNative() == 0;
    return ok ? null : mode.label() + ": wrong stats path (native files " + used.filesNative()
        + ", task fallbacks " + used.taskFallbacks() + ", unsupported writes " + used.writesUnsupported() + ")";
  }
}
