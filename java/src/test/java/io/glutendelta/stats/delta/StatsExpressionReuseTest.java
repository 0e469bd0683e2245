package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Files;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SizeEstimator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Writes of one shape reuse Delta's analysed statistics expression; any change of an input of that
 * expression (a session conf, a table property) is another shape. Every write is compared with
 * vanilla Delta's, so a stale expression would show as different statistics.
 */
class StatsExpressionReuseTest {
  private static final String PREFIX_LENGTH = "spark.databricks.io.skipping.stringPrefixLength";
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    // Through spark.plugins, the path users take: it also hooks streaming sinks.
    spark = TestSpark.start("gds-reuse", Map.of("spark.plugins", GlutenDeltaStatsPlugin.class.getName()));
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void reset() {
    spark.conf().unset(PREFIX_LENGTH);
    spark.conf().unset(NativeStatsConf.REUSE_STATS_EXPRESSION);
  }

  private static Dataset<Row> data() {
    return data(spark);
  }

  private static Dataset<Row> data(SparkSession session) {
    return session.range(0, 3000, 1, 2).selectExpr("id", "concat('value-', id) as s", "id % 7 as k");
  }

  private static void write(String table, String path) {
    data().write().format("delta").save(path);
  }

  private static void nativeWrite() throws Exception {
    nativeWrite(spark);
  }

  private static void nativeWrite(SparkSession session) throws Exception {
    data(session).write().format("delta").save(Files.createTempDirectory("gds-reuse").resolve("t").toString());
  }

  @Test
  void appendsToOneTableReuse() throws Exception {
    String path = Files.createTempDirectory("gds-reuse").resolve("t").toString();
    data().write().format("delta").save(path);
    long before = StatsExpressionCache.reuses();
    data().write().format("delta").mode("append").save(path);
    data().write().format("delta").mode("append").save(path);
    assertEquals(before + 2, StatsExpressionCache.reuses(), "each commit moves Delta's last commit version conf");
  }

  @Test
  void streamMicroBatchesReuse() throws Exception {
    java.nio.file.Path src = Files.createTempDirectory("gds-reuse-stream-src");
    data().repartition(3).write().mode("overwrite").parquet(src.toString());
    StructType schema = spark.read().parquet(src.toString()).schema();
    long[] reused = new long[1];
    WriteScenarios.assertIdentical(spark, "reuse_stream", null, (t, p) -> {
      long before = StatsExpressionCache.reuses();
      StreamingQuery q = spark.readStream().schema(schema).option("maxFilesPerTrigger", "1")
          .parquet(src.toString()).writeStream().format("delta")
          .option("checkpointLocation", p + "_checkpoint").trigger(Trigger.AvailableNow()).start(p);
      q.awaitTermination();
      assertTrue(q.exception().isEmpty(), () -> "stream failed: " + q.exception().get());
      reused[0] = Math.max(reused[0], StatsExpressionCache.reuses() - before);
    });
    assertTrue(reused[0] >= 2, "micro-batches 2 and 3 reuse the first one's expression, reused " + reused[0]);
  }

  @Test
  void anotherSessionIsAnotherShape() throws Exception {
    nativeWrite();
    SparkSession other = spark.newSession();
    long before = StatsExpressionCache.reuses();
    nativeWrite(other);
    assertEquals(before, StatsExpressionCache.reuses(), "a new session analyses its own expression");
    nativeWrite(other);
    assertEquals(before + 1, StatsExpressionCache.reuses(), "its second write reuses it");
  }

  @Test
  void keptShapesHoldNoHadoopConfiguration() throws Exception {
    nativeWrite();
    int shapes = StatsExpressionCache.size();
    assertTrue(shapes >= 1 && shapes <= StatsExpressionCache.MAX_SHAPES, "shapes kept: " + shapes);
    long perShape = StatsExpressionCache.estimatedBytes() / shapes;
    long conf = SizeEstimator.estimate(spark.sessionState().newHadoopConf());
    System.out.printf("stats expression cache: %d shapes, %d bytes each on average; a Hadoop configuration %d bytes%n",
        shapes, perShape, conf);
    assertTrue(perShape < conf, "a kept shape (" + perShape + " bytes) holds no Hadoop configuration ("
        + conf + " bytes)");
  }

  @Test
  void sameShapeReusesDeltasExpression() throws Exception {
    WriteScenarios.assertIdentical(spark, "reuse_first", null, StatsExpressionReuseTest::write);
    long before = StatsExpressionCache.reuses();
    WriteScenarios.assertIdentical(spark, "reuse_second", null, StatsExpressionReuseTest::write);
    assertEquals(before + 1, StatsExpressionCache.reuses(), "the second native write of the shape reuses");
  }

  @Test
  void sessionConfChangeIsAnotherShape() throws Exception {
    nativeWrite();
    spark.conf().set(PREFIX_LENGTH, "4");
    WriteScenarios.Outcome o = WriteScenarios.assertIdentical(spark, "reuse_prefix", null,
        StatsExpressionReuseTest::write);
    assertTrue(o.nativeStats().get(0).contains("\"s\":\"valu\""), o.nativeStats().get(0));
  }

  @Test
  void tablePropertyChangeIsAnotherShape() throws Exception {
    nativeWrite();
    WriteScenarios.Outcome o = WriteScenarios.assertIdenticalSameTable(spark, "reuse_indexed",
        (t, p) -> {
          data().limit(0).write().format("delta").save(p);
          spark.sql("ALTER TABLE delta.`" + p + "` SET TBLPROPERTIES ('delta.dataSkippingNumIndexedCols' = '1')");
        },
        (t, p) -> data().write().format("delta").mode("append").save(p));
    assertTrue(!o.nativeStats().get(0).contains("\"s\""), "one indexed column: " + o.nativeStats().get(0));
  }

  @Test
  void switchedOffEveryWriteAnalysesItsOwn() throws Exception {
    spark.conf().set(NativeStatsConf.REUSE_STATS_EXPRESSION, "false");
    long before = StatsExpressionCache.reuses();
    WriteScenarios.assertIdentical(spark, "reuse_off_a", null, StatsExpressionReuseTest::write);
    WriteScenarios.assertIdentical(spark, "reuse_off_b", null, StatsExpressionReuseTest::write);
    assertEquals(before, StatsExpressionCache.reuses());
  }
}
