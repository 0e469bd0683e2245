package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.StatsJobTrackerBase;
import io.glutendelta.stats.line.EvalShim;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.collection.Seq;

/**
 * Delta's job statistics tracker with its task instances replaced by
 * {@link NativeTaskStatsTracker}. Same constructor arguments as Delta's; {@code processStats}
 * and {@code recordedStats} are Delta's, so the JSON reaches {@code AddFile.stats} unchanged.
 * Tasks get a {@link NativeStatsTaskFactory} instead of this object (see {@link #writeReplace}).
 * The write's accumulators carry native and fallback counts from executors back to the driver,
 * where {@link #afterProcessStats} logs them and adds them to the plan node's SQL metrics.
 */
public final class NativeStatsJobTracker extends StatsJobTrackerBase {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(NativeStatsJobTracker.class);
  private static final Set<String> LOGGED_REASONS = ConcurrentHashMap.newKeySet();

  private final NativeStatsTaskFactory tasks;
  private final String rootUri;
  private final NativeStatsWriteAccumulators counters;
  /** The SQL metrics of the plan node that runs this write; driver only, null for streaming. */
  private final transient NativeStatsPlanMetrics planMetrics;

  NativeStatsJobTracker(Configuration hadoopConf, Path path, Seq<Attribute> dataCols,
      Expression statsColExpr, SparkSession spark, NativeStatsPlanMetrics planMetrics) {
    super(hadoopConf, path, dataCols, statsColExpr);
    try {
      this.rootUri = path.getFileSystem(hadoopConf).makeQualified(path).toUri().toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot qualify Delta table path " + path, e);
    }
    this.counters = new NativeStatsWriteAccumulators(spark.sparkContext());
    this.planMetrics = planMetrics;
    this.tasks = new NativeStatsTaskFactory(dataCols, EvalShim.prepareForEval(this, statsColExpr), rootUri,
        NativeStatsConf.batchRows(spark.sessionState().conf()), counters);
  }

  /**
   * Our tracker for this write, or null (Delta's stays) when the stats expression cannot run
   * natively; the reason is logged once per distinct reason.
   *
   * @param planMetrics where the write's numbers go when it is done (null: no plan node)
   */
  static DeltaJobStatisticsTracker swapIfSupported(DeltaJobStatisticsTracker vanilla, DeltaLog deltaLog,
      SparkSession spark, NativeStatsPlanMetrics planMetrics) {
    try {
      StatsExpressionPlan.analyze(vanilla.dataCols(), EvalShim.prepareForEval(vanilla, vanilla.statsColExpr()));
    } catch (UnsupportedStatsException e) {
      NativeStatsMetrics.writesUnsupported.increment();
      if (LOGGED_REASONS.add(e.getMessage())) {
        LOG.info("gluten-delta-stats: Delta computes the statistics of this write itself: {}", e.getMessage());
      }
      return null;
    }
    NativeStatsMetrics.writesNative.increment();
    return new NativeStatsJobTracker(deltaLog.newDeltaHadoopConf(), vanilla.path(), vanilla.dataCols(),
        vanilla.statsColExpr(), spark, planMetrics);
  }

  @Override
  public WriteTaskStatsTracker newTaskInstance() {
    return tasks.newTaskInstance();
  }

  /**
   * Java serialization ships the task factory instead of this tracker: Delta's fields here include
   * a serializable copy of the Hadoop configuration that no task reads. Only the driver's object
   * processes the job's statistics.
   */
  private Object writeReplace() {
    return tasks;
  }

  /** What each task needs to collect this write's statistics (its tap or its tracker). */
  NativeStatsTaskFactory taskFactory() {
    return tasks;
  }

  @Override
  protected void afterProcessStats() {
    reportWrite();
  }

  /** Driver, after the write's job: logs its numbers and adds them to the plan node's metrics. */
  void reportWrite() {
    NativeStatsWriteAccumulators.Totals t = counters.totals();
    NativeStatsMetrics.committedFilesNative.add(t.files());
    NativeStatsMetrics.committedTaskFallbacks.add(t.fallbacks());
    LOG.info("gluten-delta-stats: write to {}: {} files with native stats, {} rows aggregated "
        + "natively, native time {} ms, {} task fallbacks", rootUri, t.files(), t.rows(),
        t.nanos() / 1_000_000, t.fallbacks());
    Map<String, Integer> reasons = new TreeMap<>();
    for (String r : t.fallbackReasons()) {
      reasons.merge(r, 1, Integer::sum);
    }
    reasons.forEach((reason, tasks) -> LOG.warn("gluten-delta-stats: {} task(s) of the write to {} "
        + "used Delta's own statistics tracker: {}", tasks, rootUri, reason));
    if (planMetrics != null) {
      planMetrics.add(t);
    }
  }
}
