package io.glutendelta.stats.stress;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Child-JVM application for {@link MissingLibraryTest}: started with the native library path
 * pointing nowhere, it writes one table with our extension active and one with the switch off,
 * then prints one {@code GDS-MISSING-LIB} line saying whether the writes succeeded with Delta's
 * own, identical statistics and no native file. Exit 0 only when all of that holds.
 */
public final class MissingLibraryApp {
  private MissingLibraryApp() {}

  public static void main(String[] args) {
    String base = args[0];
    SparkSession spark = TestSpark.startNative("gds-missing-lib");
    int code = 1;
    try {
      Dataset<Row> df = spark.range(0, 3000, 1, 2).selectExpr("id", "concat('v', id % 71) as s", "id / 3.0 as d");
      NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
      df.write().format("delta").save(base + "/hooked");
      df.write().format("delta").mode("append").save(base + "/hooked");
      NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
      spark.conf().set(NativeStatsConf.ENABLED, "false");
      df.write().format("delta").save(base + "/vanilla");
      List<String> hooked = StressEnv.commitStats(spark, base + "/hooked", 0);
      List<String> vanilla = StressEnv.commitStats(spark, base + "/vanilla", 0);
      boolean withStats = hooked.stream().allMatch(s -> s.startsWith("{\"numRecords\":"));
      boolean ok = hooked.size() == 2 && withStats && hooked.equals(vanilla) && d.filesNative() == 0
          && spark.read().format("delta").load(base + "/hooked").count() == 6000;
      System.out.println("GDS-MISSING-LIB " + (ok ? "OK" : "FAILED") + " files=" + hooked.size()
          + " withStats=" + withStats + " identical=" + hooked.equals(vanilla) + " metrics=" + d);
      code = ok ? 0 : 2;
    } finally {
      TestSpark.stop();
    }
    System.exit(code);
  }
}
