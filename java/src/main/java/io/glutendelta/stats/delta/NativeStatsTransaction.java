package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.StatsTransactionBase;
import java.util.function.Supplier;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.StatisticsCollection;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.Tuple2;

/**
 * Delta's transaction with one change: the statistics tracker Delta builds for a write is
 * replaced by {@link NativeStatsJobTracker} when the native path supports its stats expression,
 * and that expression, once Delta has analysed it for a write shape, is reused for later writes
 * of the shape ({@link StatsExpressionCache}). Everything else, including which columns get stats
 * and how, is Delta's own decision.
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
      scala.collection.Seq<Attribute> output, Path outputPath, StructType partitionSchema, Dataset<Row> data,
      Supplier<Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>>> vanilla) {
    SparkSession spark = data.sparkSession();
    if (!NativeStatsConf.isEnabled(spark)) {
      return vanilla.get();
    }
    String key = NativeStatsConf.reusesStatsExpression(spark.sessionState().conf())
        ? StatsExpressionCache.key(output, partitionSchema, metadata(), protocol(), spark) : null;
    DeltaJobStatisticsTracker delta = key == null ? null
        : StatsExpressionCache.reuse(key, deltaLog().newDeltaHadoopConf(), outputPath);
    boolean analysed = delta == null;
    Option<StatisticsCollection> collection = Option.empty(); // Delta's writeFiles ignores it
    if (analysed) {
      Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> pair = vanilla.get();
      if (pair._1().isEmpty()) {
        return pair;
      }
      delta = pair._1().get();
      collection = pair._2();
    }
    DeltaJobStatisticsTracker ours = NativeStatsJobTracker.swapIfSupported(delta, deltaLog(), spark, planMetrics);
    if (analysed && key != null && ours != null) { // a Delta tracker no write used: its stats stay empty
      StatsExpressionCache.remember(key, delta);
    }
    return new Tuple2<>(Option.apply(ours == null ? delta : ours), collection);
  }
}
