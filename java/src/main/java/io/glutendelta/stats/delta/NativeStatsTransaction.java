package io.glutendelta.stats.delta;

import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.StatisticsCollection;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.Tuple2;
import scala.collection.immutable.Seq;

/**
 * Delta's transaction with one change: the statistics tracker Delta builds for a write is
 * replaced by {@link NativeStatsJobTracker} when the native path supports its stats expression.
 * Everything else, including which columns get stats and how, is Delta's own decision.
 */
public class NativeStatsTransaction extends OptimisticTransaction {

  private final NativeStatsPlanMetrics planMetrics;

  /** @param planMetrics the SQL metrics of the plan node running this transaction (null: none) */
  public NativeStatsTransaction(DeltaLog deltaLog, Option<CatalogTable> catalogTable, Snapshot snapshot,
      NativeStatsPlanMetrics planMetrics) {
    super(deltaLog, catalogTable, snapshot);
    this.planMetrics = planMetrics;
  }

  @Override
  public Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>>
      getOptionalStatsTrackerAndStatsCollection(Seq<Attribute> output, Path outputPath,
          StructType partitionSchema, Dataset<Row> data) {
    Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> vanilla =
        super.getOptionalStatsTrackerAndStatsCollection(output, outputPath, partitionSchema, data);
    if (vanilla._1().isEmpty() || !NativeStatsConf.isEnabled(data.sparkSession())) {
      return vanilla;
    }
    DeltaJobStatisticsTracker ours = NativeStatsJobTracker.swapIfSupported(
        vanilla._1().get(), deltaLog(), data.sparkSession(), planMetrics);
    return ours == null ? vanilla : new Tuple2<>(Option.apply(ours), vanilla._2());
  }
}
