package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.testing.TestSpark;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many Spark tasks per executor (local[8] on a 2-core machine) and several sessions writing at
 * once: each pair of sessions (native on / switched off with the session conf) writes the same
 * data into its own table concurrently with every other pair. Each native commit must equal its
 * vanilla twin, and the switch must stay per session (vanilla sessions produce no native file).
 */
class ConcurrentSessionsStressTest {
  private static final int PAIRS = StressEnv.size(3, 8);
  private static final int APPENDS = StressEnv.size(2, 6);
  private static final long ROWS = StressEnv.size(20_000, 200_000);

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("gds-stress", Map.of(
        "spark.master", "local[8]",
        "spark.sql.extensions", TestSpark.NATIVE_STATS_EXTENSIONS));
    StressEnv.markBaseline();
    spark.sparkContext().setLogLevel("WARN");
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  /** Creates the table and appends to it, one commit per iteration. */
  private static Void writeTable(SparkSession session, int pair, String path) {
    for (int v = 0; v <= APPENDS; v++) {
      long offset = (long) v * ROWS;
      session.range(offset, offset + ROWS, 1, 8)
          .selectExpr("id", "id % 4 as p", "concat('s', (id * " + (pair + 3) + ") % 1009) as s",
              "if(id % 11 = 0, null, (id % 997) / 3.0) as d",
              "timestamp_seconds(id * " + (pair + 1) + ") as ts")
          .write().format("delta").mode("append").partitionBy("p")
          .option("maxRecordsPerFile", 1000).save(path);
    }
    return null;
  }

  @Test
  void concurrentSessionsMatchVanillaPerCommit() throws Exception {
    String base = StressEnv.tempDir("gds-stress").toString();
    ExecutorService pool = Executors.newFixedThreadPool(2 * PAIRS);
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    long t0 = System.nanoTime();
    List<Future<Void>> writers = new ArrayList<>();
    try {
      CountDownLatch go = new CountDownLatch(1);
      for (int i = 0; i < PAIRS; i++) {
        int pair = i;
        for (boolean on : new boolean[] {true, false}) {
          SparkSession session = spark.newSession();
          session.conf().set(NativeStatsConf.ENABLED, Boolean.toString(on));
          String path = base + "/" + (on ? "native-" : "vanilla-") + pair;
          writers.add(pool.submit(() -> {
            go.await();
            return writeTable(session, pair, path);
          }));
        }
      }
      go.countDown();
      pool.shutdown();
      assertTrue(pool.awaitTermination(30, TimeUnit.MINUTES), "concurrent writers did not finish");
    } finally {
      pool.shutdownNow();
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    for (Future<Void> w : writers) {
      w.get(); // rethrows a writer's failure
    }
    long nativeFiles = 0;
    for (int pair = 0; pair < PAIRS; pair++) {
      for (int v = 0; v <= APPENDS; v++) {
        List<String> on = StressEnv.commitStats(spark, base + "/native-" + pair, v);
        List<String> off = StressEnv.commitStats(spark, base + "/vanilla-" + pair, v);
        assertEquals(off, on, "pair " + pair + " version " + v + ": native stats differ from vanilla");
        assertTrue(on.size() >= 4, "pair " + pair + " version " + v + ": one file per partition at least");
        nativeFiles += on.size();
      }
    }
    System.out.printf("GDS-STRESS local[8]: %d session pairs x %d commits, %d native files, %.1f s, "
        + "%.0f rows/s over all writers%n", PAIRS, APPENDS + 1, nativeFiles, seconds,
        2.0 * PAIRS * (APPENDS + 1) * ROWS / seconds);
    assertEquals(PAIRS * (APPENDS + 1L), d.writesNative(), "native writes: only the native sessions'");
    assertEquals(nativeFiles, d.filesNative(), "every native-session file and no vanilla-session file");
    assertEquals(nativeFiles, d.committedFilesNative());
    assertEquals(0, d.taskFallbacks());
    assertEquals(0, d.taskFailures());
    StressEnv.awaitNativeReleased();
  }
}
