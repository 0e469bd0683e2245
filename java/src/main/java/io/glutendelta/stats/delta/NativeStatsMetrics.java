package io.glutendelta.stats.delta;

import java.util.concurrent.atomic.LongAdder;

/**
 * Process-wide counters proving which tracker produced statistics, for tests and the main job
 * (users see the SQL metrics of the {@code NativeDeltaStats} plan node and the driver log).
 * Task-side counters count in the JVM that ran the task (the driver in local mode), failed
 * attempts included; the {@code committed*} counters are summed on the driver from each write's
 * accumulators (successful attempts only), so they also cover remote executors.
 */
public final class NativeStatsMetrics {
  private NativeStatsMetrics() {}

  /** Writes whose job tracker was swapped for ours (driver). */
  public static final LongAdder writesNative = new LongAdder();
  /** Writes left to Delta's tracker because the stats schema is not supported natively (driver). */
  public static final LongAdder writesUnsupported = new LongAdder();

  /** Of {@link #writesNative}: writes whose statistics their source's columnar batches gave (driver). */
  public static final LongAdder writesScanBatches = new LongAdder();

  /** Files whose stats came from the native engine (task JVM). */
  public static final LongAdder filesNative = new LongAdder();
  /** Rows handed to the native engine (task JVM). */
  public static final LongAdder rowsNative = new LongAdder();
  /** Task trackers served by Delta's own tracker: native unavailable before any row, or a retry. */
  public static final LongAdder taskFallbacks = new LongAdder();
  /** Task attempts failed after rows reached native code (the attempt fails; its retry falls back). */
  public static final LongAdder taskFailures = new LongAdder();

  /** Native files reported by finished jobs, summed on the driver from accumulators. */
  public static final LongAdder committedFilesNative = new LongAdder();
  /** Fallback task trackers reported by finished jobs (driver). */
  public static final LongAdder committedTaskFallbacks = new LongAdder();

  /** Snapshot for tests and the main job. */
  public static Snapshot snapshot() {
    return new Snapshot(writesNative.sum(), writesUnsupported.sum(), filesNative.sum(),
        rowsNative.sum(), taskFallbacks.sum(), taskFailures.sum(), committedFilesNative.sum(),
        committedTaskFallbacks.sum(), writesScanBatches.sum());
  }

  /** Immutable view of all counters; {@link #minus} gives the delta of one operation. */
  public record Snapshot(long writesNative, long writesUnsupported, long filesNative,
      long rowsNative, long taskFallbacks, long taskFailures, long committedFilesNative,
      long committedTaskFallbacks, long writesScanBatches) {
    public Snapshot minus(Snapshot o) {
      return new Snapshot(writesNative - o.writesNative, writesUnsupported - o.writesUnsupported,
          filesNative - o.filesNative, rowsNative - o.rowsNative, taskFallbacks - o.taskFallbacks,
          taskFailures - o.taskFailures, committedFilesNative - o.committedFilesNative,
          committedTaskFallbacks - o.committedTaskFallbacks, writesScanBatches - o.writesScanBatches);
    }
  }
}
