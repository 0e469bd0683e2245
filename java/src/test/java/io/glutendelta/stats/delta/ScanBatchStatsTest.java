package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.CapturedLog;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Statistics from a source's columnar batches ({@link ScanBatchStatsWrite}): a Parquet source
 * copied into an unpartitioned table takes them from the scan's batches, byte-identical to vanilla
 * Delta; every write whose rows are not exactly the batches' rows, or whose tasks may write more
 * than one file, keeps the row path (also identical). The counters say which path ran. The master
 * {@code local[2,4]} gives a failed attempt its retries, as a cluster does.
 */
class ScanBatchStatsTest {
  private static SparkSession spark;
  private static String source;
  private static String flatSource;
  private static String emptySource;

  @BeforeAll
  static void start() throws Exception {
    spark = TestSpark.start("gds-scan-batches", Map.of(
        "spark.master", "local[2,4]",
        "spark.sql.extensions", TestSpark.NATIVE_STATS_EXTENSIONS,
        "spark.sql.datetime.java8API.enabled", "true",
        // Small batches: several per task, and a last one shorter than the rest.
        "spark.sql.parquet.columnarReaderBatchSize", "700",
        "spark.databricks.delta.properties.defaults.enableDeletionVectors", "false"));
    java.nio.file.Path dir = Files.createTempDirectory("gds-scan-batch-src");
    source = dir.resolve("all-types").toString();
    spark.createDataFrame(RandomStatsData.rows(11, 6_000, 40), RandomStatsData.schema()).repartition(4)
        .write().parquet(source);
    flatSource = dir.resolve("flat").toString();
    spark.range(0, 50_000, 1, 3).selectExpr("id", "cast(id % 1000 as int) as i",
        "if(id % 7 = 0, null, cast(id * 3 as bigint)) as l", "cast(id / 3.0 as double) as d",
        "date_add(date'2000-01-01', cast(id % 900 as int)) as dt", "cast(id % 100 as decimal(7,2)) as dec",
        "if(id % 5 = 0, null, concat('v', id % 977)) as s").write().parquet(flatSource);
    emptySource = dir.resolve("empty").toString();
    spark.read().parquet(flatSource).limit(0).write().parquet(emptySource);
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void reset() {
    NativeStatsTestHooks.set(null);
    spark.conf().unset(NativeStatsConf.SCAN_BATCHES);
    spark.conf().unset("spark.sql.files.maxRecordsPerFile");
  }

  private static WriteScenarios.Outcome copy(String name, String from, boolean expectTap,
      WriteScenarios.Op setup, WriteScenarios.Op write) throws Exception {
    WriteScenarios.Outcome o = setup == null
        ? WriteScenarios.assertIdentical(spark, name, null, write)
        : WriteScenarios.assertIdenticalSameTable(spark, name, setup, write);
    assertEquals(expectTap ? 1 : 0, o.nativeDelta().writesScanBatches(),
        name + ": statistics from the source's batches " + (expectTap ? "not used" : "used"));
    assertEquals(0, o.vanillaDelta().writesScanBatches(), name);
    return o;
  }

  @Test
  void everyStatsTypeFromScanBatches() throws Exception {
    WriteScenarios.Outcome o = copy("all_types", source, true, null,
        (t, p) -> spark.read().parquet(source).write().format("delta").save(p));
    assertEquals(6_000, o.nativeDelta().rowsNative());
  }

  @Test
  void orcSourceTooAndACachedOneIdentical() throws Exception {
    String orc = Files.createTempDirectory("gds-scan-orc").resolve("src").toString();
    spark.read().parquet(flatSource).write().orc(orc);
    copy("orc", orc, true, null, (t, p) -> spark.read().orc(orc).write().format("delta").save(p));
    Dataset<Row> cached = spark.read().parquet(flatSource).drop("s").cache();
    try {
      cached.count();
      // Spark's cache gives batches for some column types only: whichever path, identical stats.
      WriteScenarios.assertIdentical(spark, "cached", null, (t, p) -> cached.write().format("delta").save(p));
    } finally {
      cached.unpersist();
    }
  }

  @Test
  void columnMappingAndRenamedColumns() throws Exception {
    copy("mapping_renamed", flatSource, true,
        (t, p) -> spark.sql("CREATE TABLE delta.`" + p + "` (key BIGINT, i INT, l BIGINT, d DOUBLE, dt DATE, "
            + "dec DECIMAL(7,2), s STRING) USING delta TBLPROPERTIES ('delta.columnMapping.mode'='name', "
            + "'delta.minReaderVersion'='2', 'delta.minWriterVersion'='5', 'delta.dataSkippingNumIndexedCols'='5')")
            .collect(),
        (t, p) -> spark.read().parquet(flatSource).withColumnRenamed("id", "key")
            .write().format("delta").mode("append").save(p));
  }

  @Test
  void emptySourceCommitsNoFileAsVanillaDoes() throws Exception {
    String name = "empty_source";
    WriteScenarios.Outcome o = WriteScenarios.compare(spark, name, null,
        (t, p) -> spark.read().parquet(emptySource).write().format("delta").save(p));
    assertEquals(o.vanilla(), o.nativeStats());
    assertEquals(1, o.nativeDelta().writesScanBatches());
  }

  @Test
  void writesWhoseRowsAreNotTheBatchesKeepTheRowPath() throws Exception {
    copy("filtered", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).filter("i > 10").write().format("delta").save(p));
    copy("computed", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).selectExpr("id + 1 as id", "s").write().format("delta").save(p));
    copy("limited", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).limit(20_000).write().format("delta").save(p));
    copy("rows_source", flatSource, false, null,
        (t, p) -> spark.range(0, 5_000, 1, 2).write().format("delta").save(p));
  }

  @Test
  void writesWhoseTasksMayWriteSeveralFilesKeepTheRowPath() throws Exception {
    copy("partitioned", source, false, null,
        (t, p) -> spark.read().parquet(source).write().format("delta").partitionBy("p").save(p));
    copy("max_records_option", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").option("maxRecordsPerFile", "4000").save(p));
    spark.conf().set("spark.sql.files.maxRecordsPerFile", "4000");
    WriteScenarios.Outcome o = copy("max_records_conf", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").save(p));
    assertTrue(o.nativeStats().size() > 3, "the cap split files: " + o.nativeStats().size());
    spark.conf().unset("spark.sql.files.maxRecordsPerFile");
    copy("optimized_write", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").option("optimizeWrite", "true").save(p));
  }

  @Test
  void constraintsStillHoldAndAViolationCommitsNothing() throws Exception {
    String columns = "(id BIGINT NOT NULL, i INT, l BIGINT, d DOUBLE, dt DATE, dec DECIMAL(7,2), s STRING)";
    // Delta checks constraints above the plan whose batches we read: the path stays, the checks too.
    copy("constrained", flatSource, true,
        (t, p) -> {
          spark.sql("CREATE TABLE delta.`" + p + "` " + columns + " USING delta").collect();
          spark.sql("ALTER TABLE delta.`" + p + "` ADD CONSTRAINT i_range CHECK (i >= 0)").collect();
        },
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").mode("append").save(p));
    WriteScenarios.Outcome o = WriteScenarios.assertIdentical(spark, "replace_where",
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").save(p),
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").mode("overwrite")
            .option("replaceWhere", "i >= 0").save(p));
    assertEquals(1, o.nativeDelta().writesScanBatches(), "replaceWhere overwrite took the row path");

    String path = Files.createTempDirectory("gds-scan-violation").resolve("t").toString();
    spark.sql("CREATE TABLE delta.`" + path + "` " + columns + " USING delta").collect();
    spark.sql("ALTER TABLE delta.`" + path + "` ADD CONSTRAINT i_below_max CHECK (i < 999)").collect();
    long before = DeltaLogStats.latestVersion(path);
    Exception e = assertThrows(Exception.class,
        () -> spark.read().parquet(flatSource).write().format("delta").mode("append").save(path));
    assertTrue(errorClasses(e).contains("DELTA_VIOLATE_CONSTRAINT_WITH_VALUES"), errorClasses(e).toString());
    assertEquals(before, DeltaLogStats.latestVersion(path), "a violating write committed");
  }

  @SuppressWarnings("deprecation") // getErrorClass: Spark 3.5 has no getCondition
  private static List<String> errorClasses(Throwable e) {
    List<String> classes = new java.util.ArrayList<>();
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof org.apache.spark.SparkThrowable st && st.getErrorClass() != null) {
        classes.add(st.getErrorClass());
      }
    }
    return classes;
  }

  @Test
  void switchedOffKeepsTheRowPath() throws Exception {
    spark.conf().set(NativeStatsConf.SCAN_BATCHES, "false");
    copy("switched_off", flatSource, false, null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").save(p));
  }

  @Test
  void nativeFailureAfterABatchFailsTheAttemptAndItsRetryUsesDelta() throws Exception {
    NativeStatsTestHooks.set("batch:1");
    WriteScenarios.Outcome o = WriteScenarios.compare(spark, "scan_retry", null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").save(p));
    assertEquals(o.vanilla(), o.nativeStats(), "the retried write's stats differ from vanilla Delta");
    int tasks = o.nativeStats().size();
    assertEquals(tasks, o.nativeDelta().taskFailures(), "each task's first attempt failed natively");
    assertEquals(tasks, o.nativeDelta().taskFallbacks(), "each retry used Delta's tracker");
    assertEquals(1, o.nativeDelta().writesScanBatches());
  }

  @Test
  void nativeTaskThatCannotStartFallsBackBeforeAnyBatch() throws Exception {
    NativeStatsTestHooks.set("create");
    WriteScenarios.Outcome o = WriteScenarios.compare(spark, "scan_create", null,
        (t, p) -> spark.read().parquet(flatSource).write().format("delta").save(p));
    assertEquals(o.vanilla(), o.nativeStats());
    assertEquals(0, o.nativeDelta().taskFailures());
    assertEquals(o.nativeStats().size(), o.nativeDelta().taskFallbacks());
  }

  @Test
  void theWriteIsLoggedAsOnTheRowPath() throws Exception {
    String path = Files.createTempDirectory("gds-scan-log").resolve("t").toString();
    try (CapturedLog log = new CapturedLog(NativeStatsJobTracker.class)) {
      spark.read().parquet(flatSource).write().format("delta").save(path);
      int files = DeltaLogStats.lastCommitAddStats(path).size();
      assertEquals(1, log.lines("INFO", files + " files with native stats, 50000 rows aggregated natively").size(),
          log.lines("INFO", "").toString());
      assertEquals(List.of(), log.lines("WARN", ""));
    }
  }
}
