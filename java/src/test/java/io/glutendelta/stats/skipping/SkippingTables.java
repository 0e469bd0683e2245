package io.glutendelta.stats.skipping;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Real Delta tables with the cases data skipping must get right: nulls and all-null files,
 * strings longer than the 32-character stats prefix, timestamps with microseconds, decimals,
 * a column without stats (beyond dataSkippingNumIndexedCols) and files written with stats
 * collection off.
 */
final class SkippingTables {
  private SkippingTables() {}

  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType)
      .add("x", DataTypes.IntegerType)
      .add("d", DataTypes.DateType)
      .add("ts", DataTypes.TimestampType)
      .add("s", DataTypes.StringType)
      .add("amt", DataTypes.createDecimalType(10, 2))
      .add("f", DataTypes.DoubleType);

  /** Long shared prefix so Delta truncates min/max (32 characters). */
  static final String PREFIX = "a-rather-long-common-prefix-for-strings-";

  static List<Row> rows(int n, long seed) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Integer x = r.nextInt(10) == 0 ? null : r.nextInt(50);
      Date d = Date.valueOf(java.time.LocalDate.of(2024, 1, 1).plusDays(r.nextInt(60)));
      // microsecond precision: stats keep milliseconds, so max must be widened
      long micros = 1_704_067_200_000_000L + (long) r.nextInt(1_000_000) * 1_000_003L;
      Timestamp ts = r.nextInt(12) == 0 ? null : microsToTimestamp(micros);
      String s = r.nextInt(8) == 0 ? null
          : (r.nextBoolean() ? PREFIX : "") + (char) ('a' + r.nextInt(26)) + r.nextInt(1000);
      BigDecimal amt = BigDecimal.valueOf(r.nextInt(100_000), 2);
      double f = r.nextGaussian() * 100;
      out.add(RowFactory.create((long) i, x, d, ts, s, amt, f));
    }
    return out;
  }

  static Timestamp microsToTimestamp(long micros) {
    Timestamp t = new Timestamp(Math.floorDiv(micros, 1000));
    t.setNanos((int) Math.floorMod(micros, 1_000_000L) * 1000);
    return t;
  }

  /** Writes rows in the given order, {@code perFile} rows per file, creating or appending. */
  static void write(SparkSession spark, List<Row> rows, String path, int perFile, boolean append) {
    Dataset<Row> df = spark.createDataFrame(rows, SCHEMA).coalesce(1);
    df.write().format("delta").mode(append ? "append" : "overwrite")
        .option("maxRecordsPerFile", perFile).save(path);
  }

  /**
   * Layout 1: random order; the last append is written with stats collection off; the table
   * indexes only 6 columns, so f has no stats at all.
   */
  static String randomLayout(SparkSession spark, Path dir) {
    String path = dir.resolve("random").toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, x INT, d DATE, ts TIMESTAMP, "
        + "s STRING, amt DECIMAL(10,2), f DOUBLE) USING delta "
        + "TBLPROPERTIES ('delta.dataSkippingNumIndexedCols' = '6')");
    List<Row> rows = rows(600, 7);
    write(spark, rows.subList(0, 520), path, 20, true);
    spark.conf().set("spark.databricks.delta.stats.collect", "false");
    try {
      write(spark, rows.subList(520, 600), path, 40, true);
    } finally {
      spark.conf().unset("spark.databricks.delta.stats.collect");
    }
    return path;
  }

  /** Layout 2: sorted by (s, x), so leading files are all-null for s and ranges are narrow. */
  static String sortedLayout(SparkSession spark, Path dir) {
    String path = dir.resolve("sorted").toString();
    List<Row> rows = new ArrayList<>(rows(600, 11));
    rows.sort((a, b) -> {
      int c = compareNullsFirst(a.getString(4), b.getString(4));
      return c != 0 ? c : compareNullsFirst((Integer) a.get(1), (Integer) b.get(1));
    });
    write(spark, rows, path, 25, false);
    return path;
  }

  /** Layout 3: a liquid clustered table (x, ts) after Delta's own OPTIMIZE, plus an append. */
  static String clusteredLayout(SparkSession spark, Path dir) {
    String path = dir.resolve("clustered").toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, x INT, d DATE, ts TIMESTAMP, "
        + "s STRING, amt DECIMAL(10,2), f DOUBLE) USING delta CLUSTER BY (x, ts)");
    List<Row> rows = rows(600, 13);
    Collections.shuffle(rows, new Random(3));
    write(spark, rows.subList(0, 500), path, 25, true);
    spark.conf().set("spark.databricks.delta.optimize.maxFileSize", "4000");
    try {
      spark.sql("OPTIMIZE delta.`" + path + "`");
    } finally {
      spark.conf().unset("spark.databricks.delta.optimize.maxFileSize");
    }
    write(spark, rows.subList(500, 600), path, 25, true);
    return path;
  }

  private static <T extends Comparable<T>> int compareNullsFirst(T a, T b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    return a.compareTo(b);
  }
}
