package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.Test;

/**
 * Soak through the Delta hook: one write of 1 000 files (10 000 with -Dgds.heavy=true) in two
 * tasks (maxRecordsPerFile), then repeated smaller writes, each once as two trackers with many
 * files and once as many one-file tasks (repartition). Every committed file must carry native
 * stats, every task must free its native task and Arrow memory, and heap after GC and RSS must
 * stay within a bound between the end of round 0 and the last round (in a child JVM with a fixed
 * pre-touched heap; the bound is on RSS minus the JVM's committed memory, raw RSS is printed).
 */
public class DeltaWriteSoakTest {
  private static final int FILES = StressEnv.size(1_000, 10_000);
  /** Repeated smaller writes for the flatness check (after one warm-up round). */
  private static final int ROUNDS = StressEnv.size(4, 8);
  private static final int ROUND_FILES = StressEnv.size(250, 2_000);
  private static final int TASKS = StressEnv.size(20, 200);
  private static final int ROWS_PER_FILE = 20;
  /** Growth bounds from the end of round 0 (warm-up) to the last round; see the printed numbers. */
  private static final long HEAP_GROWTH_BOUND = 64L << 20;
  /** Bound on {@link StressEnv#nativeResidentBytes} growth (RSS minus JVM-committed memory). */
  private static final long NATIVE_RSS_GROWTH_BOUND = 96L << 20;

  private static SparkSession spark;

  /**
   * Runs in a child JVM with a fixed, pre-touched heap: in a JVM whose heap is still growing, RSS
   * (even minus committed memory, through G1's side tables) grows by 100+ MiB without any leak.
   */
  @Test
  void repeatedManyFileWritesKeepMemoryFlatAndAllStatsNative() throws Exception {
    StressEnv.ChildResult r = StressEnv.runChildJvm(
        List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"), DeltaWriteSoakTest.class);
    System.out.println(r.output().lines().filter(l -> l.startsWith("GDS-")).findFirst().orElse("no GDS line"));
    assertEquals(0, r.exitCode(), r.tail());
    assertTrue(r.output().contains("GDS-SOAK delta: one write of " + FILES + " files"), r.tail());
  }

  /** Child-JVM entry point: exit 0 when every check and bound held. */
  public static void main(String[] args) {
    int code = 0;
    try {
      start();
      soak();
    } catch (Throwable t) {
      t.printStackTrace(System.out);
      code = 1;
    } finally {
      stop();
    }
    System.out.flush();
    System.exit(code);
  }

  static void start() {
    spark = TestSpark.startNative("gds-soak");
    StressEnv.markBaseline();
    spark.sparkContext().setLogLevel("WARN"); // per-file INFO lines would dominate the run time
  }

  static void stop() {
    TestSpark.stop();
  }

  private static Dataset<Row> data(long rows, int partitions) {
    return spark.range(0, rows, 1, partitions).selectExpr("id", "concat('k', id % 113) as s",
        "if(id % 5 = 0, null, id * 0.25) as d", "cast(id % 1000 as decimal(12,3)) as m",
        "date_add(date'2024-01-01', cast(id % 400 as int)) as day");
  }

  /** Many files per task: two trackers, files/2 each. */
  private static void manyFilesPerTask(String path, int files) {
    data((long) files * ROWS_PER_FILE, 2).write().format("delta")
        .option("maxRecordsPerFile", ROWS_PER_FILE).save(path);
  }

  /** Many tasks: one tracker (and native task) per task, one file each. */
  private static void manyTasks(String path) {
    data((long) TASKS * ROWS_PER_FILE, 2).repartition(TASKS).write().format("delta").save(path);
  }

  /** Runs one native write and checks every committed file got native stats; returns files/s. */
  private static double nativeWrite(String label, String path, Runnable write, int expectedFiles)
      throws InterruptedException {
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    long t0 = System.nanoTime();
    write.run();
    double seconds = (System.nanoTime() - t0) / 1e9;
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    List<String> stats = StressEnv.lastCommitStats(spark, path);
    assertEquals(expectedFiles, stats.size(), label + ": committed files");
    assertEquals(expectedFiles, d.filesNative(), label + ": files with native stats (task side)");
    assertEquals(expectedFiles, d.committedFilesNative(), label + ": native files reported to the driver");
    assertEquals(0, d.taskFallbacks(), label + ": tasks fell back to Delta's tracker");
    assertEquals(0, d.taskFailures(), label + ": native failures");
    for (String s : stats) {
      assertTrue(s.startsWith("{\"numRecords\":"), label + ": file without stats: " + s);
    }
    StressEnv.awaitNativeReleased();
    return expectedFiles / seconds;
  }

  private static void soak() throws Exception {
    String base = StressEnv.tempDir("gds-soak").toString();
    try {
      soak(base);
    } finally {
      StressEnv.deleteRecursively(base);
    }
  }

  private static void soak(String base) throws Exception {

    // Differential check first, on a smaller write: the same data with the switch off.
    spark.conf().set(NativeStatsConf.ENABLED, "false");
    manyFilesPerTask(base + "/vanilla", ROUND_FILES);
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    nativeWrite("differential", base + "/native", () -> manyFilesPerTask(base + "/native", ROUND_FILES),
        ROUND_FILES);
    assertEquals(StressEnv.lastCommitStats(spark, base + "/vanilla"), StressEnv.lastCommitStats(spark, base + "/native"),
        "native stats differ from vanilla Delta's");

    String big = base + "/big";
    double bigRate = nativeWrite("big write", big, () -> manyFilesPerTask(big, FILES), FILES);

    long heapWarm = 0;
    long rssWarm = 0;
    long nativeWarm = 0;
    double tasksRate = 0;
    for (int round = 0; round < ROUNDS; round++) {
      String many = base + "/many-" + round;
      String tasks = base + "/tasks-" + round;
      nativeWrite("round " + round + " many files per task", many, () -> manyFilesPerTask(many, ROUND_FILES),
          ROUND_FILES);
      tasksRate = nativeWrite("round " + round + " many tasks", tasks, () -> manyTasks(tasks), TASKS);
      DeltaLog.clearCache(); // cached snapshots of finished tables are Delta's memory, not ours
      if (round == 0) {
        heapWarm = StressEnv.heapAfterGc();
        rssWarm = StressEnv.rssBytes();
        nativeWarm = StressEnv.nativeResidentBytes();
      }
    }
    long heapEnd = StressEnv.heapAfterGc();
    long rssEnd = StressEnv.rssBytes();
    long nativeEnd = StressEnv.nativeResidentBytes();
    System.out.printf("GDS-SOAK delta: one write of %d files in 2 tasks at %.0f files/s; %d rounds of %d files "
            + "(2 tasks) + %d one-file tasks (last: %.0f files/s); heap after GC %s -> %s (growth %s, bound %s); "
            + "RSS %s -> %s; RSS outside JVM-committed memory %s -> %s (growth %s, bound %s)%n",
        FILES, bigRate, ROUNDS, ROUND_FILES, TASKS, tasksRate, StressEnv.mib(heapWarm), StressEnv.mib(heapEnd),
        StressEnv.mib(heapEnd - heapWarm), StressEnv.mib(HEAP_GROWTH_BOUND), StressEnv.mib(rssWarm),
        StressEnv.mib(rssEnd), StressEnv.mib(nativeWarm), StressEnv.mib(nativeEnd),
        StressEnv.mib(nativeEnd - nativeWarm), StressEnv.mib(NATIVE_RSS_GROWTH_BOUND));
    assertTrue(heapEnd - heapWarm < HEAP_GROWTH_BOUND, "heap after GC grew by " + StressEnv.mib(heapEnd - heapWarm));
    assertTrue(nativeEnd - nativeWarm < NATIVE_RSS_GROWTH_BOUND,
        "RSS outside the JVM's committed memory grew by " + StressEnv.mib(nativeEnd - nativeWarm));
  }
}
