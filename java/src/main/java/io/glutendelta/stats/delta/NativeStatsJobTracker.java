package io.glutendelta.stats.delta;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStats;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.SerializableConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.collection.immutable.Seq;

/**
 * Delta's job statistics tracker with its task instances replaced by
 * {@link NativeTaskStatsTracker}. Same constructor arguments as Delta's; {@code processStats}
 * and {@code recordedStats} are Delta's, so the JSON reaches {@code AddFile.stats} unchanged.
 * The accumulators carry native/fallback counts from executors back to the driver.
 */
public final class NativeStatsJobTracker extends DeltaJobStatisticsTracker {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(NativeStatsJobTracker.class);
  private static final Set<String> LOGGED_REASONS = ConcurrentHashMap.newKeySet();

  private final SerializableConfiguration conf;
  private final String rootUri;
  private final int batchRows;
  private final LongAccumulator nativeFiles;
  private final LongAccumulator fallbacks;

  NativeStatsJobTracker(Configuration hadoopConf, Path path, Seq<Attribute> dataCols,
      Expression statsColExpr, SparkSession spark) {
    super(hadoopConf, path, dataCols, statsColExpr);
    this.conf = new SerializableConfiguration(hadoopConf);
    try {
      this.rootUri = path.getFileSystem(hadoopConf).makeQualified(path).toUri().toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot qualify Delta table path " + path, e);
    }
    this.batchRows = NativeStatsConf.batchRows(spark.sessionState().conf());
    this.nativeFiles = spark.sparkContext().longAccumulator("gluten-delta-stats native files");
    this.fallbacks = spark.sparkContext().longAccumulator("gluten-delta-stats task fallbacks");
  }

  /**
   * Our tracker for this write, or null (Delta's stays) when the stats expression cannot run
   * natively; the reason is logged once per distinct reason.
   */
  static DeltaJobStatisticsTracker swapIfSupported(DeltaJobStatisticsTracker vanilla, DeltaLog deltaLog,
      SparkSession spark) {
    try {
      StatsExpressionPlan.analyze(vanilla.dataCols(), vanilla.prepareForEval(vanilla.statsColExpr()));
    } catch (UnsupportedStatsException e) {
      NativeStatsMetrics.writesUnsupported.increment();
      if (LOGGED_REASONS.add(e.getMessage())) {
        LOG.info("gluten-delta-stats: Delta computes the statistics of this write itself: {}", e.getMessage());
      }
      return null;
    }
    NativeStatsMetrics.writesNative.increment();
    return new NativeStatsJobTracker(deltaLog.newDeltaHadoopConf(), vanilla.path(), vanilla.dataCols(),
        vanilla.statsColExpr(), spark);
  }

  @Override
  public WriteTaskStatsTracker newTaskInstance() {
    Path root = new Path(java.net.URI.create(rootUri));
    return new NativeTaskStatsTracker(dataCols(), prepareForEval(statsColExpr()), root, conf.value(),
        batchRows, nativeFiles, fallbacks);
  }

  @Override
  public void processStats(Seq<WriteTaskStats> stats, long jobCommitTime) {
    super.processStats(stats, jobCommitTime);
    NativeStatsMetrics.committedFilesNative.add(nativeFiles.value());
    NativeStatsMetrics.committedTaskFallbacks.add(fallbacks.value());
  }
}
