package io.glutendelta.stats.compat;

import org.apache.spark.sql.execution.datasources.WriteJobStatsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStats;

/**
 * A job statistics tracker as executors see it: it makes task trackers and nothing else, with the
 * {@code Seq}-typed {@code processStats} of Scala 2.12 ({@code scala.collection.Seq}). Spark calls
 * {@code processStats} on the driver's own tracker, never on the copy tasks deserialize.
 */
public abstract class TaskTrackerFactoryBase implements WriteJobStatsTracker {
  private static final long serialVersionUID = 1L;

  @Override
  public final void processStats(scala.collection.Seq<WriteTaskStats> stats, long jobCommitTime) {
    throw new IllegalStateException("gluten-delta-stats: statistics are processed by the driver's job tracker, "
        + "not by the copy shipped to tasks");
  }
}
