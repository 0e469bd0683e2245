package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every Delta write path, vanilla versus native on identically prepared tables: committed
 * {@code AddFile.stats} must be byte-identical and the native tracker must have run.
 * Activation here is through {@code spark.plugins} (the one-conf path users take).
 */
class DeltaWritePathsDifferentialTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.plugins", GlutenDeltaStatsPlugin.class.getName());
    // One input file per task, so rewrites (UPDATE/DELETE/OPTIMIZE) get identical file layouts.
    conf.put("spark.sql.files.openCostInBytes", String.valueOf(1L << 30));
    conf.put("spark.databricks.delta.properties.defaults.enableDeletionVectors", "false");
    spark = TestSpark.start("gds-write-paths", conf);
    NativeStatsTestHooks.set(null);
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  private static Dataset<Row> data(long n, int parts) {
    return spark.range(0, n, 1, parts).selectExpr(
        "id",
        "cast(id % 7 as int) as k",
        "if(id % 11 = 0, null, concat('value-', id, repeat('x', cast(id % 40 as int)))) as s",
        "cast(id as double) / 3 as d",
        "cast(id % 1000 as decimal(9,2)) as m",
        "named_struct('a', id * 2, 'b', if(id % 5 = 0, null, concat('n', id))) as st",
        "if(id % 3 = 0, null, date_add(date'1969-12-25', cast(id % 30 as int))) as dt");
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }

  @Test
  void saveAppend() throws Exception {
    WriteScenarios.assertIdentical(spark, "save_append", null,
        (t, p) -> data(3000, 3).write().format("delta").mode("append").save(p));
  }

  @Test
  void saveOverwriteAndReplaceWhere() throws Exception {
    WriteScenarios.assertIdentical(spark, "save_overwrite",
        (t, p) -> data(1000, 2).write().format("delta").save(p),
        (t, p) -> data(2000, 2).write().format("delta").mode("overwrite").save(p));
    WriteScenarios.assertIdentical(spark, "replace_where",
        (t, p) -> data(1000, 2).write().format("delta").partitionBy("k").save(p),
        (t, p) -> data(1000, 2).where("k = 3").write().format("delta").mode("overwrite")
            .option("replaceWhere", "k = 3").save(p));
  }

  @Test
  void maxRecordsPerFileRollover() throws Exception {
    WriteScenarios.Outcome o = WriteScenarios.assertIdentical(spark, "max_records_per_file", null,
        (t, p) -> data(3000, 2).write().format("delta").option("maxRecordsPerFile", "400").save(p));
    assertEquals(8, o.nativeStats().size(), "2 tasks x 1500 rows rolled over every 400 rows");
  }

  @Test
  void savePartitioned() throws Exception {
    WriteScenarios.Outcome o = WriteScenarios.assertIdentical(spark, "save_partitioned", null,
        (t, p) -> data(4000, 2).write().format("delta").partitionBy("k").save(p));
    assertEquals(14, o.nativeStats().size(), "7 partitions x 2 tasks");
  }

  @Test
  void saveAsTableCreateAndAppend() throws Exception {
    WriteScenarios.assertIdentical(spark, "save_as_table_create", null,
        (t, p) -> data(1500, 2).write().format("delta").option("path", p).saveAsTable(t));
    WriteScenarios.assertIdentical(spark, "save_as_table_append",
        (t, p) -> data(500, 1).write().format("delta").option("path", p).saveAsTable(t),
        (t, p) -> data(1500, 2).write().format("delta").mode("append").saveAsTable(t));
  }

  @Test
  void sqlInsertIntoAndOverwrite() throws Exception {
    WriteScenarios.Op create = (t, p) -> {
      data(10, 1).createOrReplaceTempView("src_small");
      sql("CREATE TABLE " + t + " USING delta LOCATION '" + p + "' AS SELECT * FROM src_small");
    };
    WriteScenarios.assertIdentical(spark, "sql_insert_into", create, (t, p) -> {
      data(2500, 2).createOrReplaceTempView("src_big");
      sql("INSERT INTO " + t + " SELECT * FROM src_big");
    });
    WriteScenarios.assertIdentical(spark, "sql_insert_overwrite", create, (t, p) -> {
      data(2500, 2).createOrReplaceTempView("src_big");
      sql("INSERT OVERWRITE " + t + " SELECT * FROM src_big");
    });
  }

  @Test
  void ctasAndRtas() throws Exception {
    WriteScenarios.assertIdentical(spark, "ctas", null, (t, p) -> {
      data(2000, 2).createOrReplaceTempView("src_ctas");
      sql("CREATE TABLE " + t + " USING delta LOCATION '" + p + "' AS SELECT * FROM src_ctas");
    });
    WriteScenarios.assertIdentical(spark, "rtas", (t, p) -> {
      data(100, 1).createOrReplaceTempView("src_rtas0");
      sql("CREATE TABLE " + t + " USING delta LOCATION '" + p + "' AS SELECT * FROM src_rtas0");
    }, (t, p) -> {
      data(2000, 2).createOrReplaceTempView("src_rtas");
      sql("REPLACE TABLE " + t + " USING delta LOCATION '" + p + "' AS SELECT * FROM src_rtas");
    });
  }

  private static final WriteScenarios.Op FOUR_FILES =
      (t, p) -> data(4000, 4).write().format("delta").option("path", p).saveAsTable(t);

  @Test
  void updateDeleteMerge() throws Exception {
    WriteScenarios.assertIdentical(spark, "update", FOUR_FILES,
        (t, p) -> sql("UPDATE " + t + " SET s = concat(s, '-u'), d = -d WHERE id % 10 = 1"));
    WriteScenarios.assertIdentical(spark, "delete", FOUR_FILES,
        (t, p) -> sql("DELETE FROM " + t + " WHERE id % 4 = 0"));
    WriteScenarios.assertIdentical(spark, "merge", FOUR_FILES, (t, p) -> {
      spark.range(3990, 4100).selectExpr("id", "cast(id % 7 as int) as k", "'merged' as s",
          "cast(id as double) as d", "cast(1 as decimal(9,2)) as m",
          "named_struct('a', id, 'b', 'm') as st", "date'2001-01-01' as dt")
          .createOrReplaceTempView("merge_src");
      sql("MERGE INTO " + t + " AS t USING merge_src AS s ON t.id = s.id "
          + "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    });
  }

  @Test
  void optimizeCompactionAndClustering() throws Exception {
    WriteScenarios.assertIdentical(spark, "optimize_compaction", FOUR_FILES,
        (t, p) -> sql("OPTIMIZE " + t));
    WriteScenarios.assertIdentical(spark, "optimize_clustering", (t, p) -> {
      sql("CREATE TABLE " + t + " (id BIGINT, k INT, s STRING, d DOUBLE) USING delta CLUSTER BY (k, id) "
          + "LOCATION '" + p + "'");
      for (int i = 0; i < 3; i++) {
        data(1500, 2).selectExpr("id + " + (i * 1500) + " as id", "k", "s", "d")
            .write().format("delta").mode("append").saveAsTable(t);
      }
    }, (t, p) -> sql("OPTIMIZE " + t));
  }

  @Test
  void autoCompactionAfterAppend() throws Exception {
    WriteScenarios.Outcome o = WriteScenarios.assertIdentical(spark, "auto_compaction", FOUR_FILES, (t, p) -> {
      spark.conf().set("spark.databricks.delta.autoCompact.enabled", "true");
      spark.conf().set("spark.databricks.delta.autoCompact.minNumFiles", "2");
      try {
        data(800, 4).write().format("delta").mode("append").saveAsTable(t);
      } finally {
        spark.conf().unset("spark.databricks.delta.autoCompact.enabled");
        spark.conf().unset("spark.databricks.delta.autoCompact.minNumFiles");
      }
    });
    // The last commit is the compaction the append triggered (fewer, bigger files).
    assertTrue(o.nativeStats().size() < 8, "expected compacted files, got " + o.nativeStats().size());
    assertTrue(o.nativeDelta().writesNative() >= 2, "append and its auto compaction both native");
  }

  @Test
  void structuredStreamingSink() throws Exception {
    java.nio.file.Path src = Files.createTempDirectory("gds-stream-src");
    data(3000, 3).write().mode("overwrite").parquet(src.toString());
    Dataset<Row> schemaOnly = spark.read().parquet(src.toString());
    WriteScenarios.assertIdentical(spark, "streaming", null, (t, p) -> {
      StreamingQuery q = spark.readStream().schema(schemaOnly.schema()).parquet(src.toString())
          .writeStream().format("delta")
          .option("checkpointLocation", p + "_checkpoint")
          .trigger(Trigger.AvailableNow())
          .start(p);
      q.awaitTermination();
      assertTrue(q.exception().isEmpty(), () -> "stream failed: " + q.exception().get());
    });
  }
}
