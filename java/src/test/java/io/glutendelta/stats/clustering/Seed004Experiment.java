package io.glutendelta.stats.clustering;

import static org.apache.spark.sql.functions.col;

import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.skipping.Predicate;
import io.glutendelta.stats.skipping.SkippingEvaluator;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.skipping.MultiDimClusteringFunctions$;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Seed 004's layout experiment on real Delta tables: 64 rows (x, y in 0..7) written as 16
 * files of 4 rows in four orders, then the average number of files Delta's skipping reads for
 * {@code x = k} and {@code y = k} over k = 0..7. Z-order and Hilbert keys are computed with
 * Delta's own expressions ({@code range_partition_id}, {@code interleave_bits},
 * {@code hilbert_index}), as Delta's OPTIMIZE builds them.
 */
public final class Seed004Experiment {
  private Seed004Experiment() {}

  static final int SIDE = 8;
  static final int ROWS_PER_FILE = 4;

  /** One layout's outcome. */
  public record Result(String layout, int files, double avgFilesForX, double avgFilesForY) {}

  public static List<Result> run(SparkSession spark, Path dir) {
    StructType schema = new StructType().add("x", DataTypes.IntegerType)
        .add("y", DataTypes.IntegerType);
    List<Row> rows = new ArrayList<>();
    for (int x = 0; x < SIDE; x++) {
      for (int y = 0; y < SIDE; y++) {
        rows.add(RowFactory.create(x, y));
      }
    }
    Collections.shuffle(rows, new Random(4)); // the fixed "unsorted" order
    Dataset<Row> df = spark.createDataFrame(rows, schema);
    MultiDimClusteringFunctions$ f = MultiDimClusteringFunctions$.MODULE$;
    Column rx = f.range_partition_id(col("x"), SIDE);
    Column ry = f.range_partition_id(col("y"), SIDE);
    Column zKey = f.interleave_bits(ScalaColl.seq(List.of(rx, ry)));
    // Delta's bit width for n range ids: position of the highest set bit of n, plus one.
    int bits = Integer.numberOfTrailingZeros(Integer.highestOneBit(SIDE)) + 1;
    Column hKey = f.hilbert_index(bits, ScalaColl.seq(List.of(rx, ry)));

    List<Result> out = new ArrayList<>();
    out.add(measure(spark, df, dir, "unsorted (fixed random order)"));
    out.add(measure(spark, df.orderBy("x", "y"), dir, "ORDER BY x, y"));
    out.add(measure(spark, df.withColumn("k", zKey).orderBy("k").drop("k"), dir, "Z-order"));
    out.add(measure(spark, df.withColumn("k", hKey).orderBy("k").drop("k"), dir, "Hilbert"));
    return out;
  }

  private static Result measure(SparkSession spark, Dataset<Row> ordered, Path dir, String name) {
    String path = dir.resolve(name.replaceAll("[^A-Za-z0-9]+", "_")).toString();
    // coalesce(1) keeps the order; maxRecordsPerFile cuts it into 4-row files
    ordered.coalesce(1).write().format("delta").mode("overwrite")
        .option("maxRecordsPerFile", ROWS_PER_FILE).save(path);
    TableStats model = DeltaStatsLoader.load(spark, path, List.of("x", "y"));
    SkippingEvaluator eval = new SkippingEvaluator(model);
    double sx = 0;
    double sy = 0;
    for (int k = 0; k < SIDE; k++) {
      sx += eval.estimate(Predicate.eq("x", k)).numFilesRead();
      sy += eval.estimate(Predicate.eq("y", k)).numFilesRead();
    }
    return new Result(name, model.numFiles(), sx / SIDE, sy / SIDE);
  }

  /** The README table. */
  public static String markdown(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("| layout (16 files x 4 rows) | avg files read, x = k | avg files read, y = k |\n");
    sb.append("|---|---:|---:|\n");
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f |%n", r.layout(),
          r.avgFilesForX(), r.avgFilesForY()));
    }
    return sb.toString();
  }
}
