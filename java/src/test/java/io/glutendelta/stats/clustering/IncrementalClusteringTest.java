package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.append;
import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitActions;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitInfo;
import static io.glutendelta.stats.clustering.ClusteringFixtures.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.glutendelta.stats.report.ClusteringQuality;
import io.glutendelta.stats.report.FileRangePlot;
import io.glutendelta.stats.report.QualityReportWriter;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Incremental clustering on real liquid-clustered tables. */
class IncrementalClusteringTest {
  private static final List<String> XY = List.of("x", "y");
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("incremental-clustering", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  /** Threshold that makes the smaller half of the clustered files "small". */
  private static long medianClusteredSize(TableStats m) {
    long[] sizes = new long[m.numFiles()];
    int n = 0;
    for (int f = 0; f < m.numFiles(); f++) {
      if (m.clusteringProvider(f) != null) {
        sizes[n++] = m.size(f);
      }
    }
    sizes = Arrays.copyOf(sizes, n);
    Arrays.sort(sizes);
    return sizes[n / 2];
  }

  @Test
  void rewritesOnlyAppendedAndSmallFilesThenNothing() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "inc");
    append(spark, path, rows(100_000, 300, 2), 150); // two small unclustered files
    TableStats before = DeltaStatsLoader.load(spark, path, XY);
    long threshold = medianClusteredSize(before);
    Set<String> expected = new HashSet<>();
    Set<String> kept = new HashSet<>();
    long expectedBytes = 0;
    for (int f = 0; f < before.numFiles(); f++) {
      if (before.clusteringProvider(f) == null || before.size(f) < threshold) {
        expected.add(before.path(f));
        expectedBytes += before.size(f);
      } else {
        kept.add(before.path(f));
      }
    }
    assertTrue(expected.size() >= 3 && !kept.isEmpty(), expected + " / " + kept);
    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false)
        .withSizes(threshold, 24000);
    Path deltaCopy = dir.resolve("inc-delta");
    ClusteringFixtures.copyTree(Path.of(path), deltaCopy); // same history for Delta's OPTIMIZE
    String sumBefore = checksum(spark, path);

    ClusteringPlan plan = IncrementalClustering.explain(spark, path, cfg);
    assertEquals(expectedBytes, plan.bytesToRewrite(), plan.explain());
    System.out.println(plan.explain());
    IncrementalClustering.Result res = IncrementalClustering.run(spark, path, cfg, null);

    JsonNode info = commitInfo(path, res.version());
    assertEquals("OPTIMIZE", info.get("operation").asText());
    assertEquals("[\"x\",\"y\"]", info.get("operationParameters").get("clusterBy").asText());
    JsonNode metrics = info.get("operationMetrics");
    assertEquals(expectedBytes, metrics.get("numRemovedBytes").asLong());
    assertEquals(expected.size(), metrics.get("numRemovedFiles").asInt());
    Set<String> removed = new HashSet<>();
    Set<String> cubes = new HashSet<>();
    for (JsonNode a : commitActions(path, res.version())) {
      if (a.has("remove")) {
        removed.add(a.get("remove").get("path").asText());
        assertFalse(a.get("remove").get("dataChange").asBoolean());
      } else if (a.has("add")) {
        JsonNode add = a.get("add");
        assertFalse(add.get("dataChange").asBoolean());
        assertEquals("liquid", add.get("clusteringProvider").asText());
        assertEquals("[\"x\",\"y\"]", add.get("tags").get("ZCUBE_ZORDER_BY").asText());
        cubes.add(add.get("tags").get("ZCUBE_ID").asText());
      }
    }
    assertEquals(expected, removed);
    assertEquals(1, cubes.size(), "one new ZCube per bin");
    TableStats after = DeltaStatsLoader.load(spark, path, XY);
    Set<String> afterPaths = after.indexByPath().keySet();
    assertTrue(afterPaths.containsAll(kept), "well-sized clustered files must stay");
    assertEquals(sumBefore, checksum(spark, path));

    // Repeat on unchanged data: nothing to do, nothing committed.
    long v = DeltaStatsLoader.snapshot(spark, path).version();
    IncrementalClustering.Result again = IncrementalClustering.run(spark, path, cfg, null);
    assertEquals(-1, again.version(), again.plan().explain());
    assertEquals(v, DeltaStatsLoader.snapshot(spark, path).version());
    assertEquals(sumBefore, checksum(spark, path));

    // Delta's own OPTIMIZE on the same history, for comparison.
    String dpath = deltaCopy.toString();
    ClusteringFixtures.deltaOptimize(spark, dpath, false);
    long dv = DeltaStatsLoader.snapshot(spark, dpath).version();
    long deltaRemoved = commitInfo(dpath, dv).get("operationMetrics").get("numRemovedBytes")
        .asLong();
    assertEquals(sumBefore, checksum(spark, dpath));
    TableStats delta = DeltaStatsLoader.load(spark, dpath, XY);
    assertTrue(expectedBytes < deltaRemoved,
        "incremental rewrote " + expectedBytes + " bytes, Delta " + deltaRemoved);
    List<QualityReportWriter.Labelled> reports = List.of(
        new QualityReportWriter.Labelled("before (append unclustered)", path,
            ClusteringQuality.of(before)),
        new QualityReportWriter.Labelled("incremental (ours)", path, ClusteringQuality.of(after)),
        new QualityReportWriter.Labelled("Delta OPTIMIZE", dpath, ClusteringQuality.of(delta)));
    System.out.println("bytes rewritten: incremental " + expectedBytes + ", Delta OPTIMIZE "
        + deltaRemoved + "\n" + QualityReportWriter.markdown(reports));
    String out = System.getProperty("gds.report.dir");
    if (out != null) {
      FileRangePlot.write(List.of(new FileRangePlot.Layout("before", before),
          new FileRangePlot.Layout("incremental", after),
          new FileRangePlot.Layout("Delta OPTIMIZE", delta)), XY,
          Path.of(out, "incremental-vs-delta.png"));
    }
    double beforePoint = reports.get(0).quality().columns().get(0).avgFilesReadPoint();
    double oursPoint = reports.get(1).quality().columns().get(0).avgFilesReadPoint();
    assertTrue(oursPoint <= beforePoint, oursPoint + " > " + beforePoint);
  }

  @Test
  void concurrentAppendDuringRewriteStillCommits() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "append");
    append(spark, path, rows(200_000, 200, 3), 100);
    long rowsBefore = spark.read().format("delta").load(path).count();
    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false).withSizes(0, 24000);
    IncrementalClustering.Result res = IncrementalClustering.run(spark, path, cfg,
        () -> append(spark, path, rows(300_000, 50, 4), 50));
    assertTrue(res.version() > 0);
    assertEquals("OPTIMIZE", commitInfo(path, res.version()).get("operation").asText());
    assertEquals(rowsBefore + 50, spark.read().format("delta").load(path).count());
    // the concurrently appended file is still there, unclustered, for the next run
    TableStats m = DeltaStatsLoader.load(spark, path, XY);
    int unclustered = 0;
    for (int f = 0; f < m.numFiles(); f++) {
      if (m.clusteringProvider(f) == null) {
        unclustered++;
      }
    }
    assertEquals(1, unclustered);
  }

  @Test
  void concurrentDeleteOfInputsAbortsCleanly() {
    String path = ClusteringFixtures.clusteredCopy(spark, dir, "delete");
    append(spark, path, rows(400_000, 200, 5), 100);
    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false).withSizes(0, 24000);
    long[] deleteVersion = {-1};
    assertThrows(ConcurrentModificationException.class, () ->
        IncrementalClustering.run(spark, path, cfg, () -> {
          spark.sql("DELETE FROM delta.`" + path + "` WHERE id >= 400000 AND id < 400010");
          deleteVersion[0] = DeltaStatsLoader.snapshot(spark, path).version();
        }));
    long v = DeltaStatsLoader.snapshot(spark, path).version();
    assertEquals(deleteVersion[0], v, "nothing may commit after the concurrent delete");
    assertEquals("DELETE", commitInfo(path, v).get("operation").asText());
    assertEquals(4000 + 200 - 10, spark.read().format("delta").load(path).count());
  }

  @Test
  void rowTrackingIsPreserved() {
    String path = ClusteringFixtures.clusteredByDelta(spark, dir, "rowtracking",
        "'delta.enableRowTracking' = 'true'");
    append(spark, path, rows(500_000, 200, 6), 100);
    List<Row> before = spark.read().format("delta").load(path)
        .selectExpr("id", "_metadata.row_id").orderBy("id").collectAsList();
    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false).withSizes(0, 24000);
    IncrementalClustering.Result res = IncrementalClustering.run(spark, path, cfg, null);
    assertTrue(res.version() > 0 && res.filesRemoved() >= 2, res.toString());
    List<Row> after = spark.read().format("delta").load(path)
        .selectExpr("id", "_metadata.row_id").orderBy("id").collectAsList();
    assertEquals(before, after);
  }

  @Test
  void refusesTablesWithoutClusteringColumns() {
    String path = dir.resolve("plain").toString();
    append(spark, path, rows(0, 10, 7), 10);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IncrementalClustering.run(spark, path));
    assertTrue(e.getMessage().contains("no clustering columns"), e.getMessage());
  }
}
