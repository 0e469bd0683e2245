package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.append;
import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitInfo;
import static io.glutendelta.stats.clustering.ClusteringFixtures.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.report.ClusteringQuality;
import io.glutendelta.stats.report.FileRangePlot;
import io.glutendelta.stats.report.QualityReportWriter;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Larger history (-Dgds.heavy=true): 200 k rows clustered by Delta into ~40 files, then a 5 %
 * append; incremental clustering versus Delta's OPTIMIZE on copies of the same table. Prints
 * the bytes rewritten and the quality report; -Dgds.report.dir=DIR also writes the PNG.
 */
class IncrementalVsDeltaHeavyTest {
  private static final List<String> XY = List.of("x", "y");
  private static final long TARGET = 256 * 1024;
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    Assumptions.assumeTrue(Boolean.getBoolean("gds.heavy"), "heavy: -Dgds.heavy=true");
    spark = TestSpark.start("incremental-vs-delta", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  private static void deltaOptimize(String path) {
    spark.conf().set("spark.databricks.delta.optimize.maxFileSize", Long.toString(TARGET));
    try {
      spark.sql("OPTIMIZE delta.`" + path + "`");
    } finally {
      spark.conf().unset("spark.databricks.delta.optimize.maxFileSize");
    }
  }

  @Test
  void incrementalVersusDeltaOptimize() {
    String path = dir.resolve("big").toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, x INT, y INT, payload STRING) "
        + "USING delta CLUSTER BY (x, y)");
    append(spark, path, rows(0, 200_000, 1), 20_000);
    deltaOptimize(path);
    append(spark, path, rows(1_000_000, 10_000, 2), 2_000);
    TableStats before = DeltaStatsLoader.load(spark, path, XY);
    String copy = dir.resolve("big-delta").toString();
    ClusteringFixtures.copyTree(Path.of(path), Path.of(copy));
    String sum = checksum(spark, path);

    ClusteringConfig cfg = ClusteringConfig.fromSession(spark, XY, false)
        .withSizes(TARGET / 2, TARGET);
    IncrementalClustering.Result ours = IncrementalClustering.run(spark, path, cfg, null);
    System.out.println(ours.plan().explain());
    deltaOptimize(copy);
    long dv = DeltaStatsLoader.snapshot(spark, copy).version();
    long deltaBytes = commitInfo(copy, dv).get("operationMetrics").get("numRemovedBytes")
        .asLong();
    assertEquals(sum, checksum(spark, path));
    assertEquals(sum, checksum(spark, copy));
    TableStats after = DeltaStatsLoader.load(spark, path, XY);
    TableStats delta = DeltaStatsLoader.load(spark, copy, XY);
    List<QualityReportWriter.Labelled> reports = List.of(
        new QualityReportWriter.Labelled("after 5% append", path, ClusteringQuality.of(before)),
        new QualityReportWriter.Labelled("incremental (ours)", path, ClusteringQuality.of(after)),
        new QualityReportWriter.Labelled("Delta OPTIMIZE", copy, ClusteringQuality.of(delta)));
    System.out.printf("bytes rewritten: incremental %d of %d (%d files), Delta OPTIMIZE %d%n%s",
        ours.bytesRemoved(), before.totalBytes(), ours.filesRemoved(), deltaBytes,
        QualityReportWriter.markdown(reports));
    String out = System.getProperty("gds.report.dir");
    if (out != null) {
      FileRangePlot.write(List.of(new FileRangePlot.Layout("after append", before),
          new FileRangePlot.Layout("incremental", after),
          new FileRangePlot.Layout("Delta OPTIMIZE", delta)), XY,
          Path.of(out, "incremental-vs-delta-heavy.png"));
    }
    assertTrue(ours.bytesRemoved() < deltaBytes);
  }
}
