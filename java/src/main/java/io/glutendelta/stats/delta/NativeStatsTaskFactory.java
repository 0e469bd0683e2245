package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.compat.TaskTrackerFactoryBase;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import scala.collection.Seq;

/**
 * What tasks receive in place of a {@link NativeStatsJobTracker} (its {@code writeReplace}): the
 * inputs of {@link NativeTaskStatsTracker} and nothing else. Delta's job tracker carries a copy of
 * the table's Hadoop configuration (hundreds of entries) that its task trackers never read; every
 * task of every write would deserialize it, and ours would add a second one.
 */
final class NativeStatsTaskFactory extends TaskTrackerFactoryBase {
  private static final long serialVersionUID = 1L;

  final Seq<Attribute> dataCols;
  /** Delta's statistics expression, already prepared for evaluation. */
  final Expression statsColExpr;
  final String rootUri;
  final int batchRows;
  final NativeStatsWriteAccumulators counters;

  NativeStatsTaskFactory(Seq<Attribute> dataCols, Expression statsColExpr, String rootUri, int batchRows,
      NativeStatsWriteAccumulators counters) {
    this.dataCols = dataCols;
    this.statsColExpr = statsColExpr;
    this.rootUri = rootUri;
    this.batchRows = batchRows;
    this.counters = counters;
  }

  /**
   * Delta's own task tracker for this write (a fallback). It takes a Hadoop configuration it does
   * not read (Delta 3.3 to 4.4), so tasks are not shipped one: a default one stands in.
   */
  DeltaTaskStatisticsTracker deltaTaskTracker() {
    return new DeltaTaskStatisticsTracker(ScalaColl.seq(dataCols), statsColExpr, new Path(URI.create(rootUri)),
        new Configuration());
  }

  @Override
  public WriteTaskStatsTracker newTaskInstance() {
    return new NativeTaskStatsTracker(this);
  }
}
