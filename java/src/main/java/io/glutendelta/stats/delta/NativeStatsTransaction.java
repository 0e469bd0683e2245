package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.StatsTransactionBase;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.StatisticsCollection;
import scala.Option;
import scala.Tuple2;

/**
 * Delta's transaction with one change: the statistics tracker Delta builds for a write is
 * replaced by {@link NativeStatsJobTracker} when the native path supports its stats expression.
 * Everything else, including which columns get stats and how, is Delta's own decision.
 */
public class NativeStatsTransaction extends StatsTransactionBase {

  private final NativeStatsPlanMetrics planMetrics;

  /** @param planMetrics the SQL metrics of the plan node running this transaction (null: none) */
  public NativeStatsTransaction(DeltaLog deltaLog, Option<CatalogTable> catalogTable, Snapshot snapshot,
      NativeStatsPlanMetrics planMetrics) {
    super(deltaLog, catalogTable, snapshot);
    this.planMetrics = planMetrics;
  }

  @Override
  protected Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> swapTracker(
      Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> vanilla, Dataset<Row> data) {
    if (vanilla._1().isEmpty() || !NativeStatsConf.isEnabled(data.sparkSession())) {
      return vanilla;
    }
    DeltaJobStatisticsTracker ours = NativeStatsJobTracker.swapIfSupported(
        vanilla._1().get(), deltaLog(), data.sparkSession(), planMetrics);
    return ours == null ? vanilla : new Tuple2<>(Option.apply(ours), vanilla._2());
  }
}
