package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitActions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Automatic re-clustering in incremental mode, through SQL OPTIMIZE and the confs only: new
 * data whose box overlaps a comparable ZCube re-clusters that ZCube with it; narrow or much
 * smaller new data leaves clustered files alone; a repeat run commits nothing.
 */
class ReclusteringSqlTest {
  private static SparkSession spark;
  @TempDir static Path dir;
  private static int tables;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("recluster-sql", Map.of("spark.sql.extensions",
        "io.delta.sql.DeltaSparkSessionExtension,"
            + "io.glutendelta.stats.clustering.ClusteringExtension"));
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @BeforeEach
  void on() {
    spark.conf().set(ClusteringConfig.INCREMENTAL_ENABLED, "true");
    spark.conf().set("spark.glutendelta.clustering.recluster.enabled", "true");
    spark.conf().set("spark.databricks.delta.optimize.maxFileSize", "24000");
    spark.conf().set("spark.sql.files.maxRecordsPerFile", "500");
    // every clustered file counts as well sized: only re-clustering can pull one into a rewrite
    spark.conf().set("spark.databricks.delta.optimize.minFileSize", "1");
  }

  @AfterEach
  void off() {
    for (String k : List.of(ClusteringConfig.INCREMENTAL_ENABLED,
        "spark.glutendelta.clustering.recluster.enabled",
        "spark.glutendelta.clustering.recluster.minOverlap",
        "spark.glutendelta.clustering.recluster.maxSizeRatio",
        "spark.databricks.delta.optimize.maxFileSize", "spark.sql.files.maxRecordsPerFile",
        "spark.databricks.delta.optimize.minFileSize")) {
      spark.conf().unset(k);
    }
  }

  /** Clustered (x, y) table: 4000 rows over x, y in 0..99, clustered by an OPTIMIZE. */
  private static String clusteredTable() {
    String path = dir.resolve("t" + (tables++)).toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, x INT, y INT, payload STRING) "
        + "USING delta CLUSTER BY (x, y)");
    insert(path, 0, 4000, 100);
    spark.sql("OPTIMIZE delta.`" + path + "`");
    return path;
  }

  /** {@code n} rows with x, y spread over 0..span-1. */
  private static void insert(String path, long first, int n, int span) {
    spark.sql("INSERT INTO delta.`" + path + "` SELECT id, "
        + "CAST(pmod(hash(id, 1), " + span + ") AS INT), "
        + "CAST(pmod(hash(id, 2), " + span + ") AS INT), "
        + "concat('p', sha2(CAST(id AS STRING), 256)) FROM range(" + first + ", "
        + (first + n) + ")");
  }

  private static long version(String path) {
    return spark.sql("DESCRIBE HISTORY delta.`" + path + "` LIMIT 1").first().getLong(0);
  }

  private static Set<String> currentFiles(String path) {
    Set<String> out = new HashSet<>();
    for (Row r : spark.sql("SELECT input_file_name() FROM delta.`" + path + "`").distinct()
        .collectAsList()) {
      String p = r.getString(0);
      out.add(p.substring(p.lastIndexOf('/') + 1));
    }
    return out;
  }

  private static Set<String> removedBy(String path, long v) {
    Set<String> out = new HashSet<>();
    for (var a : commitActions(path, v)) {
      if (a.has("remove")) {
        String p = a.get("remove").get("path").asText();
        out.add(p.substring(p.lastIndexOf('/') + 1));
      }
    }
    return out;
  }

  /** OPTIMIZE keeping rows and content; returns the files it removed (empty: no commit). */
  private static Set<String> optimize(String path) {
    String before = checksum(spark, path);
    long v0 = version(path);
    spark.sql("OPTIMIZE delta.`" + path + "`").collect();
    assertEquals(before, checksum(spark, path));
    long v = version(path);
    return v == v0 ? Set.of() : removedBy(path, v);
  }

  @Test
  void overlappingComparableDataReclustersTheCube() {
    String path = clusteredTable();
    Set<String> clustered = currentFiles(path);
    insert(path, 10_000, 1000, 100); // same box, a quarter of the rows
    Set<String> appended = new HashSet<>(currentFiles(path));
    appended.removeAll(clustered);
    Set<String> removed = optimize(path);
    Set<String> all = new HashSet<>(clustered);
    all.addAll(appended);
    assertEquals(all, removed, "the overlapping cube is re-clustered with the new data");
    long v = version(path);
    assertEquals(Set.of(), optimize(path), "converged");
    assertEquals(v, version(path), "a repeat run commits nothing");
  }

  @Test
  void narrowDataLeavesClusteredFilesAlone() {
    String path = clusteredTable();
    Set<String> clustered = currentFiles(path);
    insert(path, 10_000, 1000, 10); // x, y in 0..9: a hundredth of the box
    Set<String> removed = optimize(path);
    assertTrue(!removed.isEmpty());
    for (String f : removed) {
      assertTrue(!clustered.contains(f), f);
    }
    long v = version(path);
    assertEquals(Set.of(), optimize(path));
    assertEquals(v, version(path));
  }

  @Test
  void muchSmallerDataLeavesTheCubeAloneUntilCubesAreComparable() {
    String path = clusteredTable();
    Set<String> clustered = currentFiles(path);
    spark.conf().set("spark.glutendelta.clustering.recluster.maxSizeRatio", "3");
    insert(path, 10_000, 400, 100); // whole box, but 4000 / 400 > 3
    Set<String> first = optimize(path);
    for (String f : first) {
      assertTrue(!clustered.contains(f), f);
    }
    Set<String> smallCube = currentFiles(path);
    smallCube.removeAll(clustered);
    insert(path, 20_000, 400, 100); // comparable to the small cube: they merge; 800 vs 4000 rows: the big one stays
    Set<String> second = optimize(path);
    assertTrue(second.containsAll(smallCube), second + " vs " + smallCube);
    for (String f : second) {
      assertTrue(!clustered.contains(f), f);
    }
    long v = version(path);
    assertEquals(Set.of(), optimize(path));
    assertEquals(v, version(path));
  }

  @Test
  void offByDefault() {
    spark.conf().unset("spark.glutendelta.clustering.recluster.enabled");
    String path = clusteredTable();
    Set<String> clustered = currentFiles(path);
    insert(path, 10_000, 1000, 100);
    for (String f : optimize(path)) {
      assertTrue(!clustered.contains(f), f);
    }
  }
}
