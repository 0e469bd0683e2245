package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.append;
import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitInfo;
import static io.glutendelta.stats.clustering.ClusteringFixtures.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQL OPTIMIZE on a clustered table goes through incremental clustering when enabled. */
class IncrementalOptimizeSqlTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("incremental-optimize-sql", Map.of("spark.sql.extensions",
        "io.delta.sql.DeltaSparkSessionExtension,"
            + "io.glutendelta.stats.clustering.ClusteringExtension"));
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @Test
  void optimizeUsesIncrementalModeOnlyWhenEnabled() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "sql");
    int clusteredFiles = DeltaStatsLoader.load(spark, path, java.util.List.of("x")).numFiles();
    append(spark, path, rows(100_000, 300, 2), 150);
    String sum = checksum(spark, path);
    spark.conf().set(ClusteringConfig.INCREMENTAL_ENABLED, "true");
    spark.conf().set("spark.databricks.delta.optimize.minFileSize", "1");
    try {
      Row r = spark.sql("OPTIMIZE delta.`" + path + "`").first();
      // Delta's result schema: path, metrics struct of OptimizeMetrics
      assertEquals(java.util.List.of("path", "metrics"),
          java.util.Arrays.asList(r.schema().fieldNames()));
      Row metrics = r.getStruct(1);
      assertEquals(2L, metrics.<Long>getAs("numFilesRemoved")); // only the two appended files
      long v = DeltaStatsLoader.snapshot(spark, path).version();
      assertEquals("OPTIMIZE", commitInfo(path, v).get("operation").asText());
      assertEquals("2", commitInfo(path, v).get("operationMetrics").get("numRemovedFiles")
          .asText());
      assertEquals(sum, checksum(spark, path));
    } finally {
      spark.conf().unset(ClusteringConfig.INCREMENTAL_ENABLED);
      spark.conf().unset("spark.databricks.delta.optimize.minFileSize");
    }
    // Off: Delta's own OPTIMIZE merges every partial cube.
    append(spark, path, rows(200_000, 100, 3), 100);
    int before = DeltaStatsLoader.load(spark, path, java.util.List.of("x")).numFiles();
    ClusteringFixtures.deltaOptimize(spark, path, false);
    long v = DeltaStatsLoader.snapshot(spark, path).version();
    int removed = commitInfo(path, v).get("operationMetrics").get("numRemovedFiles").asInt();
    assertEquals(before, removed);
    assertTrue(before > clusteredFiles);
  }

  @Test
  void fullReclustersEveryFileAsDeltaDoes() {
    // Incremental runs keep well-sized clustered files; FULL promises every record reclustered
    // (Delta 3.3+), so it is Delta's own even with our tiers on.
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "full");
    append(spark, path, rows(300_000, 300, 4), 150);
    String sum = checksum(spark, path);
    int before = DeltaStatsLoader.load(spark, path, java.util.List.of("x")).numFiles();
    spark.conf().set(ClusteringConfig.INCREMENTAL_ENABLED, "true");
    spark.conf().set("spark.databricks.delta.optimize.clustering.lightweight.enabled", "true");
    spark.conf().set("spark.databricks.delta.optimize.minFileSize", "1"); // all well-sized
    try {
      ClusteringFixtures.deltaOptimize(spark, path, true);
    } finally {
      spark.conf().unset(ClusteringConfig.INCREMENTAL_ENABLED);
      spark.conf().unset("spark.databricks.delta.optimize.clustering.lightweight.enabled");
      spark.conf().unset("spark.databricks.delta.optimize.minFileSize");
    }
    long v = DeltaStatsLoader.snapshot(spark, path).version();
    com.fasterxml.jackson.databind.JsonNode info = commitInfo(path, v);
    assertEquals("OPTIMIZE", info.get("operation").asText());
    assertEquals(before, info.get("operationMetrics").get("numRemovedFiles").asInt());
    assertEquals("true", info.get("operationParameters").get("isFull").asText());
    assertEquals("[\"x\",\"y\"]", info.get("operationParameters").get("clusterBy").asText());
    io.glutendelta.stats.tablestats.TableStats after =
        DeltaStatsLoader.load(spark, path, java.util.List.of("x"));
    for (int f = 0; f < after.numFiles(); f++) {
      assertEquals(ClusteringPlanner.LIQUID, after.clusteringProvider(f));
    }
    assertEquals(sum, checksum(spark, path));
  }
}
