package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.TestSpark;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Randomised differential suite over every stats type and edge case: each variant writes the
 * same seeded rows (4 tasks x 40 partitions, so ~160 files per write) vanilla and native, and
 * the committed stats must be byte-identical. The default run covers > 1 000 native files;
 * {@code -Dgds.heavy=true} multiplies rows and seeds.
 */
class DeltaStatsTypesDifferentialTest {
  private static final boolean HEAVY = Boolean.getBoolean("gds.heavy");
  private static SparkSession spark;
  static long nativeFilesTotal;

  @BeforeAll
  static void start() {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.sql.extensions",
        TestSpark.NATIVE_STATS_EXTENSIONS);
    conf.put("spark.sql.datetime.java8API.enabled", "true");
    conf.put("spark.databricks.delta.properties.defaults.enableDeletionVectors", "false");
    spark = TestSpark.start("gds-types", conf);
    NativeStatsTestHooks.set(null);
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
    System.out.println("gluten-delta-stats: randomised differential suite compared " + nativeFilesTotal
        + " native files");
  }

  /**
   * @param props table properties (k=v;k=v) set at creation
   * @param sessionConf session confs (k=v;k=v) for both runs
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "defaults|1|  | ",
      "columnMappingName_DV|2|delta.columnMapping.mode=name;delta.minReaderVersion=3;delta.minWriterVersion=7;delta.enableDeletionVectors=true| ",
      "numIndexedCols5|3|delta.dataSkippingNumIndexedCols=5| ",
      "numIndexedColsAll_prefix5|4|delta.dataSkippingNumIndexedCols=-1|spark.databricks.io.skipping.stringPrefixLength=5",
      "statsColumnsNested|5|delta.dataSkippingStatsColumns=I,st.b.c,s,ts,DEC38| ",
      "numIndexedCols0_LA|6|delta.dataSkippingNumIndexedCols=0|spark.sql.session.timeZone=America/Los_Angeles",
      "losAngeles_concurrentWriters|7| |spark.sql.session.timeZone=America/Los_Angeles;spark.sql.maxConcurrentOutputFileWriters=8",
      "prefix0_columnMappingId|8|delta.columnMapping.mode=id;delta.minReaderVersion=2;delta.minWriterVersion=5|spark.databricks.io.skipping.stringPrefixLength=1",
  })
  void randomisedTypes(String name, long seed, String props, String sessionConf) throws Exception {
    Map<String, String> saved = new HashMap<>();
    for (Map.Entry<String, String> e : parse(sessionConf).entrySet()) {
      saved.put(e.getKey(), spark.conf().get(e.getKey(), null));
      spark.conf().set(e.getKey(), e.getValue());
    }
    try {
      int rows = HEAVY ? 60_000 : 6_000;
      List<Row> data = RandomStatsData.rows(seed, rows, 40);
      Dataset<Row> df = spark.createDataFrame(data, RandomStatsData.schema()).repartition(4);
      StringBuilder tbl = new StringBuilder();
      parse(props).forEach((k, v) -> tbl.append(tbl.length() == 0 ? "" : ", ").append('\'').append(k)
          .append("'='").append(v).append('\''));
      WriteScenarios.Op setup = (t, p) -> spark.sql("CREATE TABLE delta.`" + p + "` ("
          + RandomStatsData.schema().toDDL() + ") USING delta PARTITIONED BY (p)"
          + (tbl.length() == 0 ? "" : " TBLPROPERTIES (" + tbl + ")")).collect();
      WriteScenarios.Outcome o = WriteScenarios.assertIdenticalSameTable(spark, "types_" + name, setup,
          (t, p) -> df.write().format("delta").mode("append").save(p));
      assertTrue(o.nativeStats().size() >= 100, name + ": expected many files, got " + o.nativeStats().size());
      if (props != null && props.contains("enableDeletionVectors=true")) {
        assertTrue(o.nativeStats().get(0).endsWith(",\"tightBounds\":true}"), o.nativeStats().get(0));
      }
      if (props != null && props.contains("NumIndexedCols=0")) {
        assertTrue(o.nativeStats().get(0).matches("\\{\"numRecords\":\\d+\\}"), o.nativeStats().get(0));
      }
      assertEquals(0, o.nativeDelta().writesUnsupported(), name + ": write fell back as unsupported");
      nativeFilesTotal += o.nativeDelta().filesNative();
    } finally {
      saved.forEach((k, v) -> {
        if (v == null) {
          spark.conf().unset(k);
        } else {
          spark.conf().set(k, v);
        }
      });
    }
  }

  private static Map<String, String> parse(String kv) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    if (kv == null || kv.isBlank()) {
      return m;
    }
    for (String part : kv.split(";")) {
      int eq = part.indexOf('=');
      m.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
    }
    return m;
  }
}
