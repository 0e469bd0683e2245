package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import io.glutendelta.stats.clustering.ClusteringConfig;
import io.glutendelta.stats.clustering.ClusteringExtension;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark.plugins} alone switches on both features: Delta writes get native statistics,
 * and OPTIMIZE on a clustered table turns incremental only once the clustering flag is set.
 */
class GlutenDeltaStatsPluginSessionTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("gds-plugin-session",
        Map.of("spark.plugins", GlutenDeltaStatsPlugin.class.getName()));
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @Test
  void pluginActivatesNativeStatsAndClusteringExtension() {
    // Sessions read their extensions from the SparkContext conf the plugin edited.
    List<String> extensions =
        List.of(spark.sparkContext().getConf().get("spark.sql.extensions").split(","));
    assertEquals(List.of("io.delta.sql.DeltaSparkSessionExtension", NativeStatsExtension.class.getName(),
        ClusteringExtension.class.getName()), extensions);

    String path = dir.resolve("clustered").toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, k INT) USING delta CLUSTER BY (k)");
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    for (int i = 0; i < 2; i++) {
      spark.range(i * 1000L, (i + 1) * 1000L, 1, 2).selectExpr("id", "cast(id % 13 as int) as k")
          .write().format("delta").mode("append").save(path);
    }
    NativeStatsMetrics.Snapshot used = NativeStatsMetrics.snapshot().minus(before);
    assertEquals(4, used.filesNative(), "every appended file should get native stats");
    assertEquals(0, used.taskFallbacks());

    // Flag off: Delta's own OPTIMIZE (its result is path + metrics).
    List<String> deltaColumns = List.of(spark.sql("OPTIMIZE delta.`" + path + "`").columns());
    assertEquals(List.of("path", "metrics"), deltaColumns);

    spark.range(2000L, 3000L, 1, 2).selectExpr("id", "cast(id % 13 as int) as k")
        .write().format("delta").mode("append").save(path);
    spark.conf().set(ClusteringConfig.INCREMENTAL_ENABLED, "true");
    try {
      org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> ours =
          spark.sql("OPTIMIZE delta.`" + path + "`");
      String plan = ours.queryExecution().analyzed().toString();
      assertTrue(plan.contains("RoutedOptimizeCommand"),
          "incremental clustering should run the OPTIMIZE: " + plan);
      assertEquals(List.of("path", "metrics"), List.of(ours.columns())); // Delta's result
    } finally {
      spark.conf().unset(ClusteringConfig.INCREMENTAL_ENABLED);
    }
    assertEquals(3000L, spark.read().format("delta").load(path).count());
  }

  @Test
  void warmUpRunsTheNativePathInExecutorJvmsOnly() throws InterruptedException {
    // local mode: the executor is the driver, whose start-up the warm-up would slow down
    assertFalse(NativeWarmup.started(), "local mode's executor should not start the warm-up");
    NativeWarmup.startInBackground(); // as an executor JVM's plugin does
    assertTrue(NativeWarmup.awaitSuccess(60), "the warm-up should load the library and run one batch natively");
  }
}
