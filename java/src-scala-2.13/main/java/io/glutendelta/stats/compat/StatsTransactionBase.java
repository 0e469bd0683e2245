package io.glutendelta.stats.compat;

import java.util.function.Supplier;
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

/**
 * Delta's transaction with the one override whose parameter is a Scala {@code Seq}: a Java
 * override must name the erasure, {@code scala.collection.immutable.Seq} on Scala 2.13.
 */
public abstract class StatsTransactionBase extends OptimisticTransaction {
  protected StatsTransactionBase(DeltaLog deltaLog, Option<CatalogTable> catalogTable, Snapshot snapshot) {
    super(deltaLog, catalogTable, snapshot);
  }

  @Override
  public final Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>>
      getOptionalStatsTrackerAndStatsCollection(scala.collection.immutable.Seq<Attribute> output, Path outputPath,
          StructType partitionSchema, Dataset<Row> data) {
    return swapTracker(output, outputPath, partitionSchema, data,
        () -> super.getOptionalStatsTrackerAndStatsCollection(output, outputPath, partitionSchema, data));
  }

  /**
   * The pair to use for writing {@code data} instead of Delta's, which {@code vanilla} computes
   * (Delta's own method, analysing its statistics expression).
   */
  protected abstract Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> swapTracker(
      scala.collection.Seq<Attribute> output, Path outputPath, StructType partitionSchema, Dataset<Row> data,
      Supplier<Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>>> vanilla);
}
