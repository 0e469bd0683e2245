package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.append;
import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitActions;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitInfo;
import static io.glutendelta.stats.clustering.ClusteringFixtures.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.sources.DeltaSQLConf$;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our clustered output and Delta's must be interchangeable, both ways. */
class DeltaCompatibilityTest {
  private static final List<String> XY = List.of("x", "y");
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("clustering-compat", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  private static Set<String> paths(TableStats m) {
    return m.indexByPath().keySet();
  }

  private static Set<String> removedBy(String path, long version) {
    Set<String> out = new HashSet<>();
    for (JsonNode a : commitActions(path, version)) {
      if (a.has("remove")) {
        out.add(a.get("remove").get("path").asText());
      }
    }
    return out;
  }

  @Test
  void deltaOptimizeTreatsOurFilesAsClustered() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "ours-then-delta");
    append(spark, path, rows(100_000, 300, 2), 150);
    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false).withSizes(0, 24000);
    IncrementalClustering.Result ours = IncrementalClustering.run(spark, path, cfg, null);
    assertEquals(2, ours.filesRemoved(), ours.plan().explain());
    Set<String> ourFiles = new HashSet<>();
    for (JsonNode a : commitActions(path, ours.version())) {
      if (a.has("add")) {
        ourFiles.add(a.get("add").get("path").asText());
      }
    }
    append(spark, path, rows(200_000, 100, 3), 100); // one new unclustered file
    TableStats m = DeltaStatsLoader.load(spark, path, XY);
    String unclustered = null;
    for (int f = 0; f < m.numFiles(); f++) {
      if (m.clusteringProvider(f) == null) {
        unclustered = m.path(f);
      }
    }
    String sum = checksum(spark, path);

    // Every existing cube counts as sealed: Delta must rewrite only files it sees as
    // unclustered. If it took ours for unclustered it would rewrite them as well.
    String minCube = DeltaSQLConf$.MODULE$.DELTA_OPTIMIZE_CLUSTERING_MIN_CUBE_SIZE().key();
    spark.conf().set(minCube, "1");
    try {
      ClusteringFixtures.deltaOptimize(spark, path, false);
    } finally {
      spark.conf().unset(minCube);
    }
    long v = DeltaStatsLoader.snapshot(spark, path).version();
    assertEquals("OPTIMIZE", commitInfo(path, v).get("operation").asText());
    assertEquals(Set.of(unclustered), removedBy(path, v));
    assertTrue(paths(DeltaStatsLoader.load(spark, path, XY)).containsAll(ourFiles));
    assertEquals(sum, checksum(spark, path));

    // OPTIMIZE FULL reclusters everything, our files included, and keeps the data.
    Set<String> all = paths(DeltaStatsLoader.load(spark, path, XY));
    ClusteringFixtures.deltaOptimize(spark, path, true);
    long vf = DeltaStatsLoader.snapshot(spark, path).version();
    assertEquals(all, removedBy(path, vf));
    assertEquals(sum, checksum(spark, path));
    TableStats afterFull = DeltaStatsLoader.load(spark, path, XY);
    for (int f = 0; f < afterFull.numFiles(); f++) {
      assertEquals("liquid", afterFull.clusteringProvider(f));
    }
  }

  @Test
  void ourPlannerTreatsDeltaOutputAsClustered() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "delta-then-ours");
    TableStats m = DeltaStatsLoader.load(spark, path, XY);
    for (int f = 0; f < m.numFiles(); f++) {
      assertEquals("liquid", m.clusteringProvider(f));
    }
    // Session defaults (minFileSize 1 GiB): all of Delta's files are small, but they form a
    // single ZCube with nothing new: left alone.
    ClusteringPlan defaults = IncrementalClustering.explain(spark, path);
    assertTrue(defaults.isEmpty(), defaults.explain());
    assertEquals(m.numFiles(),
        defaults.filesAndBytesByReason().get(ClusteringPlan.Reason.KEPT_LONE_CUBE)[0]);
    // Well-sized threshold: every Delta file is kept as well sized, none is "other layout".
    ClusteringPlan sized = IncrementalClustering.explain(spark, path,
        ClusteringConfig.fromSession(spark, XY, false).withSizes(0, 24000));
    assertTrue(sized.isEmpty(), sized.explain());
    assertEquals(m.numFiles(),
        sized.filesAndBytesByReason().get(ClusteringPlan.Reason.KEPT_WELL_SIZED)[0]);
    assertNull(sized.filesAndBytesByReason().get(ClusteringPlan.Reason.UNCLUSTERED));
    assertNull(sized.filesAndBytesByReason().get(ClusteringPlan.Reason.KEPT_OTHER_LAYOUT));

    // After the clustering columns change, Delta's files are another layout: kept, except FULL.
    spark.sql("ALTER TABLE delta.`" + path + "` CLUSTER BY (y)");
    List<String> y = List.of("y");
    ClusteringPlan changed = IncrementalClustering.explain(spark, path,
        ClusteringConfig.fromSession(spark, y, false).withSizes(0, 24000));
    assertTrue(changed.isEmpty(), changed.explain());
    assertEquals(m.numFiles(),
        changed.filesAndBytesByReason().get(ClusteringPlan.Reason.KEPT_OTHER_LAYOUT)[0]);
    String sum = checksum(spark, path);
    IncrementalClustering.Result full = IncrementalClustering.run(spark, path,
        ClusteringConfig.fromSession(spark, y, true).withSizes(0, 24000), null);
    assertEquals(m.numFiles(), full.filesRemoved());
    assertEquals("true", commitInfo(path, full.version()).get("operationParameters")
        .get("isFull").asText());
    assertEquals(sum, checksum(spark, path));
  }
}
