package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.CapturedLog;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a user sees of our tracker: the SQL metrics of the {@code NativeDeltaStats} plan node,
 * read from a real Spark UI's REST API, after a native write, a forced fallback and a native
 * failure after rows reached the engine. The master {@code local[2,4]} allows 4 attempts per
 * task, as a cluster does: the failed attempt's retry must use Delta's own tracker, so the job
 * succeeds with Delta-identical stats and exactly one new table version.
 */
class SqlMetricsAndRetryTest {
  private static final Pattern DURATION = Pattern.compile("\\d+(\\.\\d+)? (ms|s|m|h)");
  private static SparkSession spark;
  private static SparkContext sc;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("gds-sql-metrics", Map.of(
        "spark.master", "local[2,4]",
        "spark.ui.enabled", "true",
        "spark.ui.port", "0",
        "spark.sql.extensions", TestSpark.NATIVE_STATS_EXTENSIONS));
    sc = spark.sparkContext();
    assertTrue(sc.uiWebUrl().isDefined(), "the Spark UI did not start");
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

  private static Dataset<Row> data(long rows) {
    return spark.range(0, rows, 1, 2).selectExpr("id", "concat('v', id % 977) as s", "id / 7.0 as d");
  }

  @Test
  void nativeWriteShowsItsMetricsInTheUi() throws Exception {
    String path = java.nio.file.Files.createTempDirectory("gds-metrics").resolve("t").toString();
    long rows = 400_000;
    long before = SparkUiSqlMetrics.lastExecutionId(sc);
    try (CapturedLog log = new CapturedLog(NativeStatsJobTracker.class)) {
      data(rows).write().format("delta").save(path);
      assertEquals(List.of(), log.lines("WARN", ""));
      assertEquals(1, log.lines("INFO", "2 files with native stats, " + rows + " rows aggregated natively").size(),
          "one INFO line for the write");
    }
    Map<String, String> m = SparkUiSqlMetrics.nodeMetricsAfter(sc, before);
    assertEquals(2, SparkUiSqlMetrics.count(m, "files with native stats"), m.toString());
    assertEquals(rows, SparkUiSqlMetrics.count(m, "rows aggregated natively"), m.toString());
    assertEquals(0, SparkUiSqlMetrics.count(m, "task fallbacks"), m.toString());
    String time = m.get("native time");
    assertTrue(time != null && DURATION.matcher(time.trim()).matches(), m.toString());
    assertFalse(time.trim().equals("0 ms"), "native time not measured: " + m);
  }

  /** What the last run of a write op saw: the native run, since compare runs it last. */
  private static final class LastRun {
    long executionBefore;
    long versionBefore;
    long versionAfter;
    String path;
  }

  @Test
  void forcedFallbackShowsInTheUi() throws Exception {
    NativeStatsTestHooks.set("create");
    LastRun last = new LastRun();
    WriteScenarios.Outcome o;
    try (CapturedLog log = new CapturedLog(NativeStatsJobTracker.class)) {
      o = WriteScenarios.compare(spark, "ui_fallback", null, (t, p) -> {
        last.executionBefore = SparkUiSqlMetrics.lastExecutionId(sc);
        data(5000).write().format("delta").save(p);
      });
      assertOneWriteWithOneFallbackReason(log, "injected native failure at task creation");
    }
    assertEquals(o.vanilla(), o.nativeStats());
    assertEquals(2, o.nativeDelta().taskFallbacks());
    Map<String, String> m = SparkUiSqlMetrics.nodeMetricsAfter(sc, last.executionBefore);
    assertEquals(0, SparkUiSqlMetrics.count(m, "files with native stats"), m.toString());
    assertEquals(0, SparkUiSqlMetrics.count(m, "rows aggregated natively"), m.toString());
    assertEquals(2, SparkUiSqlMetrics.count(m, "task fallbacks"), m.toString());
  }

  @Test
  void retryAfterNativeFailureUsesDeltaAndSucceeds() throws Exception {
    NativeStatsTestHooks.set("batch:1"); // every native attempt fails at its second batch
    LastRun last = new LastRun();
    WriteScenarios.Outcome o;
    try (CapturedLog log = new CapturedLog(NativeStatsJobTracker.class)) {
      o = WriteScenarios.compare(spark, "ui_retry",
          (t, p) -> data(3000).write().format("delta").save(p),
          (t, p) -> {
            last.path = p;
            last.versionBefore = DeltaLogStats.latestVersion(p);
            last.executionBefore = SparkUiSqlMetrics.lastExecutionId(sc);
            data(5000).write().format("delta").mode("append").save(p);
            last.versionAfter = DeltaLogStats.latestVersion(p);
          });
      assertOneWriteWithOneFallbackReason(log, "retry or speculative copy of a task attempt");
    }
    assertEquals(2, o.nativeStats().size());
    assertEquals(o.vanilla(), o.nativeStats(), "the retried write's stats differ from vanilla Delta");
    assertEquals(last.versionBefore + 1, last.versionAfter, "exactly one new version");
    assertEquals(2, o.nativeDelta().taskFailures(), "each task's first attempt failed natively");
    assertEquals(2, o.nativeDelta().taskFallbacks(), "each retry used Delta's tracker");
    assertEquals(0, o.nativeDelta().filesNative());
    assertEquals(2, o.nativeDelta().committedTaskFallbacks(), "the driver counted both fallbacks");
    assertEquals(8000, spark.read().format("delta").load(last.path).count());
    Map<String, String> m = SparkUiSqlMetrics.nodeMetricsAfter(sc, last.executionBefore);
    assertEquals(2, SparkUiSqlMetrics.count(m, "task fallbacks"), m.toString());
    assertEquals(0, SparkUiSqlMetrics.count(m, "files with native stats"), m.toString());
  }

  /** One INFO line for the native write, and its two task fallbacks as one WARN line. */
  private static void assertOneWriteWithOneFallbackReason(CapturedLog log, String reason) {
    List<String> info = log.lines("INFO", "write to");
    assertEquals(1, info.size(), info.toString());
    assertTrue(info.get(0).contains("0 files with native stats") && info.get(0).contains("2 task fallbacks"),
        info.get(0));
    List<String> warn = log.lines("WARN", "");
    assertEquals(1, warn.size(), "one WARN per reason and write: " + warn);
    assertTrue(warn.get(0).contains("2 task(s)") && warn.get(0).contains(reason), warn.get(0));
  }
}
