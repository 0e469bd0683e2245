package io.glutendelta.stats.clustering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Tables and checks shared by the clustering tests. */
final class ClusteringFixtures {
  private ClusteringFixtures() {}

  static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType)
      .add("x", DataTypes.IntegerType).add("y", DataTypes.IntegerType)
      .add("payload", DataTypes.StringType);

  static List<Row> rows(long firstId, int n, long seed) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(RowFactory.create(firstId + i, r.nextInt(100), r.nextInt(100),
          "p" + Long.toHexString(r.nextLong())));
    }
    return out;
  }

  static void append(SparkSession spark, String path, List<Row> rows, int perFile) {
    spark.createDataFrame(rows, SCHEMA).coalesce(1).write().format("delta").mode("append")
        .option("maxRecordsPerFile", perFile).save(path);
  }

  private static Path baseTable;

  /**
   * {@link #clusteredByDelta} without table properties, built once per JVM and copied (the log
   * uses relative paths, so a copied directory is an independent table): saves an OPTIMIZE.
   */
  static synchronized String clusteredCopy(SparkSession spark, Path dir, String name) {
    if (baseTable == null || !Files.isDirectory(baseTable)) {
      baseTable = Path.of(clusteredByDelta(spark, dir, "base-" + name, ""));
    }
    Path target = dir.resolve(name);
    copyTree(baseTable, target);
    return target.toString();
  }

  /** Clustered table (x, y): 8 unclustered files, then Delta's own OPTIMIZE into several. */
  static String clusteredByDelta(SparkSession spark, Path dir, String name, String props) {
    String path = dir.resolve(name).toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, x INT, y INT, payload STRING) "
        + "USING delta CLUSTER BY (x, y)" + (props.isEmpty() ? "" : " TBLPROPERTIES (" + props
        + ")"));
    append(spark, path, rows(0, 4000, 1), 500);
    deltaOptimize(spark, path, false);
    return path;
  }

  /** Delta's own OPTIMIZE with a small target so the output has several files. */
  static void deltaOptimize(SparkSession spark, String path, boolean full) {
    spark.conf().set("spark.databricks.delta.optimize.maxFileSize", "24000");
    try {
      spark.sql("OPTIMIZE delta.`" + path + "`" + (full ? " FULL" : ""));
    } finally {
      spark.conf().unset("spark.databricks.delta.optimize.maxFileSize");
    }
  }

  /** Row count and an order-independent checksum of every column. */
  static String checksum(SparkSession spark, String path) {
    Row r = spark.read().format("delta").load(path)
        .selectExpr("count(*)", "sum(cast(xxhash64(*) as decimal(38,0)))").first();
    return r.get(0) + "/" + r.get(1);
  }

  /** The commit's JSON actions. */
  static List<JsonNode> commitActions(String path, long version) {
    Path file = Path.of(path, "_delta_log", String.format("%020d.json", version));
    ObjectMapper m = new ObjectMapper();
    List<JsonNode> out = new ArrayList<>();
    try (Stream<String> lines = Files.lines(file)) {
      for (String l : (Iterable<String>) lines::iterator) {
        out.add(m.readTree(l));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  static JsonNode commitInfo(String path, long version) {
    return commitActions(path, version).stream().filter(n -> n.has("commitInfo"))
        .findFirst().orElseThrow().get("commitInfo");
  }

  static void copyTree(Path from, Path to) {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
