package io.glutendelta.stats.bench.e2e;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;

import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The many-open-files case of issue 15.4: store_sales partitioned 16 ways by
 * {@code pmod(ss_item_sk, 16)}, so every write task meets all 16 partition values from its first
 * rows on and, with {@code spark.sql.maxConcurrentOutputFileWriters} ≥ 16, keeps 16 files open at
 * once (each with its own native stats state) instead of sorting.
 */
public final class PartitionedVariant {
  /** Name of the variant in reports and on the command line of the child JVMs. */
  public static final String TABLE = "store_sales_p16";
  public static final String SOURCE_TABLE = "store_sales";
  public static final int PARTITIONS = 16;
  public static final String PARTITION_COLUMN = "gds_part";
  public static final String MAX_WRITERS = "spark.sql.maxConcurrentOutputFileWriters";

  private PartitionedVariant() {}

  /** The writer of one partitioned write; the caller sets {@link #MAX_WRITERS} on the session first. */
  static DataFrameWriter<Row> writer(Dataset<Row> storeSales) {
    return storeSales.withColumn(PARTITION_COLUMN, pmod(col("ss_item_sk"), lit(PARTITIONS)))
        .write().format("delta").partitionBy(PARTITION_COLUMN);
  }

  static void configure(SparkSession spark, int maxWriters) {
    spark.conf().set(MAX_WRITERS, Integer.toString(maxWriters));
  }
}
