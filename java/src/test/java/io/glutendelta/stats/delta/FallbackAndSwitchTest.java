package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Files;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The off switch and forced native failures through real Delta writes. */
class FallbackAndSwitchTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark.startNative("gds-fallback");
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void reset() {
    NativeStatsTestHooks.set(null);
    spark.conf().set(NativeStatsConf.ENABLED, "true");
  }

  private static Dataset<Row> data() {
    return spark.range(0, 5000, 1, 2).selectExpr("id", "concat('v', id) as s", "id / 7.0 as d");
  }

  @Test
  void offSwitchLeavesDeltaAlone() throws Exception {
    String p = Files.createTempDirectory("gds-off").toString();
    spark.conf().set(NativeStatsConf.ENABLED, "false");
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    data().write().format("delta").save(p);
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    assertEquals(0, d.writesNative());
    assertEquals(0, d.filesNative());
    List<String> stats = DeltaLogStats.lastCommitAddStats(p);
    assertEquals(2, stats.size());
    assertTrue(stats.get(0).startsWith("{\"numRecords\":2500,"), stats.get(0));
  }

  @Test
  void failureAtCreateFallsBackWithDeltaIdenticalStats() throws Exception {
    WriteScenarios.Outcome o;
    NativeStatsTestHooks.set("create");
    o = WriteScenarios.compare(spark, "fallback_create", null,
        (t, p) -> data().write().format("delta").save(p));
    assertEquals(o.vanilla(), o.nativeStats());
    assertEquals(2, o.nativeDelta().taskFallbacks(), "both tasks fell back");
    assertEquals(0, o.nativeDelta().filesNative());
    assertEquals(2, o.nativeDelta().committedTaskFallbacks(), "driver saw the fallbacks");
  }

  @Test
  void failureAfterRowsCommitsNothing() throws Exception {
    String p = Files.createTempDirectory("gds-fail").resolve("t").toString();
    data().write().format("delta").save(p);
    long version = DeltaLogStats.latestVersion(p);
    NativeStatsTestHooks.set("batch:0");
    Exception e = assertThrows(Exception.class,
        () -> data().write().format("delta").mode("append").save(p));
    assertTrue(causeChain(e).contains("failing the task"), causeChain(e));
    assertEquals(version, DeltaLogStats.latestVersion(p), "a failed write must not commit");
    NativeStatsTestHooks.set(null);
    assertEquals(5000, spark.read().format("delta").load(p).count());
  }

  @Test
  void statsCollectOffMeansNoTracker() throws Exception {
    String p = Files.createTempDirectory("gds-nocollect").toString();
    spark.conf().set("spark.databricks.delta.stats.collect", "false");
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    try {
      data().write().format("delta").save(p);
    } finally {
      spark.conf().unset("spark.databricks.delta.stats.collect");
    }
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    assertEquals(0, d.writesNative());
    assertEquals(List.of("null", "null"), DeltaLogStats.lastCommitAddStats(p));
  }

  private static String causeChain(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c).append(" <- ");
    }
    return sb.toString();
  }
}
