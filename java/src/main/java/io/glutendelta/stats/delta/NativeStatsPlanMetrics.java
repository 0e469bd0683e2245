package io.glutendelta.stats.delta;

import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * The SQL metrics of one {@code NativeStatsWriteExec} (driver only). Each write the node's
 * command runs adds its totals here when its job is done; the node then posts the values to its
 * own SQL execution. Tasks cannot update these directly: Delta runs the write job under a nested
 * SQL execution whose plan does not contain our node, so the UI would drop task-side updates.
 */
public final class NativeStatsPlanMetrics {
  private final SQLMetric files;
  private final SQLMetric rows;
  private final SQLMetric nativeTime;
  private final SQLMetric fallbacks;
  private boolean reported;

  public NativeStatsPlanMetrics(SQLMetric files, SQLMetric rows, SQLMetric nativeTime, SQLMetric fallbacks) {
    this.files = files;
    this.rows = rows;
    this.nativeTime = nativeTime;
    this.fallbacks = fallbacks;
  }

  /** Several writes may finish concurrently (OPTIMIZE runs its bins in a thread pool). */
  synchronized void add(NativeStatsWriteAccumulators.Totals t) {
    files.add(t.files());
    rows.add(t.rows());
    nativeTime.add(t.nanos());
    fallbacks.add(t.fallbacks());
    reported = true;
  }

  /** Whether any write served by our tracker reported here. */
  public synchronized boolean reported() {
    return reported;
  }
}
