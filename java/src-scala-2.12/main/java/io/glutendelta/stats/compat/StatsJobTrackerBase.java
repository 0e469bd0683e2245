package io.glutendelta.stats.compat;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStats;

/**
 * Delta's job statistics tracker with the {@code Seq}-typed override of Scala 2.12
 * ({@code processStats(scala.collection.Seq, long)}); subclasses add to it in {@link #afterProcessStats}.
 */
public abstract class StatsJobTrackerBase extends DeltaJobStatisticsTracker {
  private static final long serialVersionUID = 1L;

  protected StatsJobTrackerBase(Configuration hadoopConf, Path path, scala.collection.Seq<Attribute> dataCols,
      Expression statsColExpr) {
    super(hadoopConf, path, ScalaColl.seq(dataCols), statsColExpr);
  }

  @Override
  public final void processStats(scala.collection.Seq<WriteTaskStats> stats, long jobCommitTime) {
    super.processStats(stats, jobCommitTime);
    afterProcessStats();
  }

  /** Runs on the driver once Delta has recorded the job's statistics. */
  protected abstract void afterProcessStats();
}
