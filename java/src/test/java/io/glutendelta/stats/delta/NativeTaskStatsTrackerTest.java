package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.batching.RowBatcher;
import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.testing.TestSpark;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.types.DataTypeUtils;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.stats.DeltaFileStatistics;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteJobStatsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tracker-level differential tests without a Spark job: Delta's own task tracker and ours get
 * the same calls (several files open, rows interleaved, tiny batches so every file spans many
 * batches) and must return the same map. Also the failure policy and the columnar entry point.
 */
class NativeTaskStatsTrackerTest {
  private static SparkSession spark;
  private static DeltaJobStatisticsTracker vanilla;
  private static NativeStatsJobTracker ours;
  private static DeltaLog log;
  private static InternalRow[] rows;

  @BeforeAll
  static void start() throws Exception {
    spark = TestSpark.start("gds-task-tracker", Map.of(
        "spark.sql.datetime.java8API.enabled", "true",
        NativeStatsConf.BATCH_ROWS, "7"));
    String path = Files.createTempDirectory("gds-tracker").resolve("t").toString();
    StructType schema = RandomStatsData.schema();
    spark.sql("CREATE TABLE delta.`" + path + "` (" + schema.toDDL() + ") USING delta "
        + "TBLPROPERTIES ('delta.dataSkippingNumIndexedCols'='-1')").collect();
    log = DeltaLog.forTable(spark, path);
    OptimisticTransaction txn = log.startTransaction();
    var output = ScalaColl.seq(List.<Attribute>copyOf(ScalaColl.asJava(DataTypeUtils.toAttributes(schema))));
    vanilla = txn.getOptionalStatsTrackerAndStatsCollection(output, log.dataPath(), new StructType(),
        spark.emptyDataFrame())._1().get();
    ours = (NativeStatsJobTracker) NativeStatsJobTracker.swapIfSupported(vanilla, log, spark, null);
    rows = spark.createDataFrame(RandomStatsData.rows(42, 600, 5), schema)
        .queryExecution().executedPlan().executeCollect();
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void clearHooks() {
    NativeStatsTestHooks.set(null);
  }

  /** Feeds files f0..f2 (plus an empty f3) with rows interleaved round-robin. */
  private static Map<String, String> feed(WriteTaskStatsTracker t) {
    String[] files = {"/t/p=1/f0.parquet", "/t/p=2/f1.parquet", "/t/f2.parquet"};
    for (String f : files) {
      t.newFile(f);
    }
    t.newFile("/t/f3-empty.parquet");
    t.closeFile("/t/f3-empty.parquet");
    for (int i = 0; i < rows.length; i++) {
      t.newRow(files[i % files.length], rows[i]);
    }
    t.closeFile(files[1]);
    return ScalaColl.asJava(((DeltaFileStatistics) t.getFinalStats(0L)).stats());
  }

  @Test
  void interleavedOpenFilesMatchDelta() {
    Map<String, String> expected = feed(vanilla.newTaskInstance());
    long before = NativeStatsMetrics.filesNative.sum();
    WriteTaskStatsTracker t = ours.newTaskInstance();
    assertInstanceOf(NativeTaskStatsTracker.class, t);
    Map<String, String> actual = feed(t);
    assertEquals(4, expected.size());
    assertEquals(expected, actual);
    assertEquals(4, NativeStatsMetrics.filesNative.sum() - before);
    assertFalse(((NativeTaskStatsTracker) t).usesFallback());
    assertEquals(NativeTaskStatsTracker.State.RELEASED, ((NativeTaskStatsTracker) t).state());
    assertThrows(IllegalStateException.class, () -> t.newFile("/t/after-release.parquet"),
        "a released tracker must refuse further files");
    assertTrue(expected.get("f3-empty.parquet").startsWith("{\"numRecords\":0"), expected.get("f3-empty.parquet"));
  }

  /** Java serialization, as Spark ships a job's trackers to its tasks. */
  private static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  @Test
  void tasksReceiveTheTrackerWithoutHadoopConfiguration() throws Exception {
    byte[] shipped = serialize(ours);
    byte[] delta = serialize(vanilla);
    Object copy;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(shipped))) {
      copy = in.readObject();
    }
    assertInstanceOf(NativeStatsTaskFactory.class, copy, "tasks get the factory, not the job tracker");
    // Delta's tracker carries the table's Hadoop configuration; ours is its expression and columns
    int confBytes = serialize(new SerializableConfiguration(log.newDeltaHadoopConf())).length;
    assertTrue(shipped.length < delta.length - confBytes / 2,
        "shipped " + shipped.length + " B, Delta's tracker " + delta.length + " B, a configuration " + confBytes + " B");
    Map<String, String> expected = feed(vanilla.newTaskInstance());
    WriteTaskStatsTracker t = ((WriteJobStatsTracker) copy).newTaskInstance();
    assertInstanceOf(NativeTaskStatsTracker.class, t);
    assertEquals(expected, feed(t));
    assertThrows(IllegalStateException.class,
        () -> ((WriteJobStatsTracker) copy).processStats(ScalaColl.seq(List.of()), 0L),
        "statistics are processed on the driver only");
  }

  @Test
  void failureBeforeAnyRowFallsBackToDelta() {
    Map<String, String> expected = feed(vanilla.newTaskInstance());
    NativeStatsTestHooks.set("create");
    long fallbacks = NativeStatsMetrics.taskFallbacks.sum();
    NativeTaskStatsTracker t = (NativeTaskStatsTracker) ours.newTaskInstance();
    assertEquals(expected, feed(t));
    assertTrue(t.usesFallback());
    assertEquals(NativeTaskStatsTracker.State.RELEASED, t.state(), "fallback, then released by getFinalStats");
    assertEquals(1, NativeStatsMetrics.taskFallbacks.sum() - fallbacks);
  }

  @Test
  void failureAfterRowsFailsTheTask() {
    NativeStatsTestHooks.set("batch:3");
    long failures = NativeStatsMetrics.taskFailures.sum();
    NativeTaskStatsTracker t = (NativeTaskStatsTracker) ours.newTaskInstance();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> feed(t));
    assertTrue(e.getMessage().contains("failing the task"), e.getMessage());
    assertTrue(e.getMessage().contains("injected native failure"), e.getMessage());
    assertEquals(NativeTaskStatsTracker.State.FAILED, t.state());
    assertFalse(t.usesFallback(), "rows were handed over: no fallback");
    assertEquals(1, NativeStatsMetrics.taskFailures.sum() - failures);
    // a failed attempt never yields stats, whatever is called next
    assertEquals(e, assertThrows(IllegalStateException.class, () -> t.getFinalStats(0L)));
    assertEquals(e, assertThrows(IllegalStateException.class, () -> t.newFile("/t/late.parquet")));
  }

  @Test
  void columnarCollectorMatchesDelta() throws Exception {
    WriteTaskStatsTracker delta = vanilla.newTaskInstance();
    delta.newFile("/t/c.parquet");
    for (InternalRow r : rows) {
      delta.newRow("/t/c.parquet", r);
    }
    delta.closeFile("/t/c.parquet");
    String expected = ScalaColl.asJava(((DeltaFileStatistics) delta.getFinalStats(0L)).stats()).get("c.parquet");
    try (BufferAllocator alloc = new RootAllocator();
         ColumnarStatsCollector c = ColumnarStatsCollector.create(vanilla, alloc);
         RowBatcher batch = new RowBatcher(c.inputSchema(), alloc, 128)) {
      assertEquals(c.arrowSchema(), batch.schema());
      c.beginFile("/t/c.parquet");
      for (InternalRow r : rows) {
        batch.append(r);
        if (batch.isFull()) {
          c.addBatch("/t/c.parquet", batch.seal());
          batch.reset();
        }
      }
      c.addBatch("/t/c.parquet", batch.seal());
      assertEquals(expected, c.finishFile("/t/c.parquet"));
      assertEquals(Map.of("c.parquet", expected), ScalaColl.asJava(c.finalStats().stats()));
    }
  }

  @Test
  void unsupportedAggregatesAreRejectedWithTheReason() {
    var plan = spark.range(1).selectExpr("to_json(struct(count(*) as n, avg(id) as a)) as j")
        .queryExecution().analyzed();
    var expr = plan.expressions().head();
    var cols = plan.children().head().output();
    UnsupportedStatsException e = assertThrows(UnsupportedStatsException.class,
        () -> StatsExpressionPlan.analyze(cols, expr));
    assertTrue(e.getMessage().contains("avg"), e.getMessage());
    var minOfExpr = spark.range(1).selectExpr("to_json(struct(min(id + 1) as m)) as j").queryExecution().analyzed();
    UnsupportedStatsException e2 = assertThrows(UnsupportedStatsException.class,
        () -> StatsExpressionPlan.analyze(minOfExpr.children().head().output(), minOfExpr.expressions().head()));
    assertTrue(e2.getMessage().contains("non-column"), e2.getMessage());
  }
}
