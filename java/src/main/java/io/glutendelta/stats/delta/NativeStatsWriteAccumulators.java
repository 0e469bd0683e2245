package io.glutendelta.stats.delta;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;

/**
 * The counters of one Delta write (one {@code writeFiles} job), created on the driver and
 * shipped to its tasks inside the job tracker. Spark merges only the values of successful task
 * attempts, so a failed native attempt counts nothing and its retry counts its fallback.
 */
final class NativeStatsWriteAccumulators implements Serializable {
  private static final long serialVersionUID = 1L;

  final LongAccumulator files;
  final LongAccumulator rows;
  final LongAccumulator nanos;
  final LongAccumulator fallbacks;
  /** One entry per task fallback: why Delta's tracker served that task. */
  final CollectionAccumulator<String> fallbackReasons;

  NativeStatsWriteAccumulators(SparkContext sc) {
    files = sc.longAccumulator("gluten-delta-stats native files");
    rows = sc.longAccumulator("gluten-delta-stats native rows");
    nanos = sc.longAccumulator("gluten-delta-stats native time (ns)");
    fallbacks = sc.longAccumulator("gluten-delta-stats task fallbacks");
    fallbackReasons = sc.collectionAccumulator("gluten-delta-stats fallback reasons");
  }

  /** Task side: one file's stats came from the engine. */
  void nativeFile(long fileRows) {
    files.add(1);
    rows.add(fileRows);
  }

  /** Task side: time this task spent in native calls. */
  void nativeTime(long ns) {
    nanos.add(ns);
  }

  /** Task side: Delta's tracker served this task. */
  void fallback(String reason) {
    fallbacks.add(1);
    fallbackReasons.add(reason);
  }

  /** Driver side, after the job: the merged values. */
  Totals totals() {
    return new Totals(files.value(), rows.value(), nanos.value(), fallbacks.value(),
        List.copyOf(fallbackReasons.value()));
  }

  /** One write's numbers as seen on the driver. */
  record Totals(long files, long rows, long nanos, long fallbacks, List<String> fallbackReasons) {}
}
