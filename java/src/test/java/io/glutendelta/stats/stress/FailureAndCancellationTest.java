package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.delta.NativeStatsTestHooks;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A write that dies mid-file, after batches already reached the native engine: a throwing UDF,
 * a native failure (test hook) and a job cancelled from another thread. Each must commit no new
 * table version, leave no native task or Arrow memory behind (the tracker's task-completion
 * listener), and the next write in the same session must still get native stats.
 */
class FailureAndCancellationTest {
  private static final long ROWS = 20_000;
  /** Small batches so that several reach native code before the failure. */
  private static final String BATCH_ROWS = "100";
  /** Rows the slow UDF let through; read by the cancelling thread (local mode: same JVM). */
  static final AtomicLong ROWS_SEEN = new AtomicLong();

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark.startNative("gds-failure");
    StressEnv.markBaseline();
    spark.sparkContext().setLogLevel("WARN");
    spark.conf().set(NativeStatsConf.BATCH_ROWS, BATCH_ROWS);
    spark.udf().register("fail_at", (UDF1<Long, Long>) id -> {
      if (id == ROWS / 2 + 1234) {
        throw new IllegalStateException("udf failure at row " + id);
      }
      return id;
    }, DataTypes.LongType);
    spark.udf().register("slow_after", (UDF1<Long, Long>) id -> {
      if (ROWS_SEEN.incrementAndGet() > 1000) {
        Thread.sleep(2); // keep the job running until it is cancelled
      }
      return id;
    }, DataTypes.LongType);
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void clearHook() {
    NativeStatsTestHooks.set(null);
  }

  private static void append(String path, String idExpr) {
    spark.range(0, ROWS, 1, 2).selectExpr(idExpr + " as id", "concat('v', id % 313) as s", "id * 0.5 as d")
        .write().format("delta").mode("append").save(path);
  }

  private static String newTable() {
    String path = StressEnv.tempDir("gds-fail").resolve("t").toString();
    append(path, "id");
    return path;
  }

  /** The failed write left the table, native state and the session as they were. */
  private static void assertCleanAfterFailure(String path, long versionBefore) throws Exception {
    assertEquals(versionBefore, StressEnv.latestVersion(path), "the failed write committed a version");
    StressEnv.awaitNativeReleased();
    assertEquals(ROWS, spark.read().format("delta").load(path).count());
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    append(path, "id");
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    List<String> stats = StressEnv.lastCommitStats(spark, path);
    assertEquals(2, stats.size());
    assertEquals(2, d.filesNative(), "the next write got native stats");
    assertEquals(0, d.taskFallbacks());
    assertEquals(2 * ROWS, spark.read().format("delta").load(path).count());
    StressEnv.awaitNativeReleased();
  }

  @Test
  void udfThrowingMidFileCommitsNothingAndFreesNativeState() throws Exception {
    String path = newTable();
    long version = StressEnv.latestVersion(path);
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    Exception e = assertThrows(Exception.class, () -> append(path, "fail_at(id)"));
    assertTrue(StressEnv.causeChain(e).contains("udf failure at row"), StressEnv.causeChain(e));
    // the tracker did not fail, the user's code did: no native failure is reported
    assertEquals(0, NativeStatsMetrics.snapshot().minus(before).taskFailures());
    assertCleanAfterFailure(path, version);
  }

  @Test
  void nativeFailureAfterSomeBatchesCommitsNothingAndFreesNativeState() throws Exception {
    String path = newTable();
    long version = StressEnv.latestVersion(path);
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    NativeStatsTestHooks.set("batch:5");
    Exception e = assertThrows(Exception.class, () -> append(path, "id"));
    NativeStatsTestHooks.set(null);
    assertTrue(StressEnv.causeChain(e).contains("failing the task"), StressEnv.causeChain(e));
    assertTrue(NativeStatsMetrics.snapshot().minus(before).taskFailures() >= 1);
    assertCleanAfterFailure(path, version);
  }

  @Test
  void cancelledJobCommitsNothingAndFreesNativeState() throws Exception {
    String path = newTable();
    long version = StressEnv.latestVersion(path);
    ROWS_SEEN.set(0);
    CompletableFuture<Void> write = CompletableFuture.runAsync(() -> append(path, "slow_after(id)"));
    // Cancel once rows are flowing (several 100-row batches have reached the engine by then).
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (ROWS_SEEN.get() < 1500 && !write.isDone() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(ROWS_SEEN.get() >= 1500 && !write.isDone(), "the write did not get going: " + ROWS_SEEN.get());
    spark.sparkContext().cancelAllJobs();
    ExecutionException e = assertThrows(ExecutionException.class, () -> write.get(5, TimeUnit.MINUTES));
    assertTrue(StressEnv.causeChain(e).contains("cancel"), StressEnv.causeChain(e));
    assertCleanAfterFailure(path, version);
  }
}
