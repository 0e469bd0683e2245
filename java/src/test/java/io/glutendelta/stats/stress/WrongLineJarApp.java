package io.glutendelta.stats.stress;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Child-JVM application for {@link WrongLineJarTest}: every entry point is configured (plugin,
 * SQL extension), the jar's line.properties is another line's. Writes a table twice with the
 * hook configured and once with the switch off, then prints one {@code GDS-WRONG-LINE} line:
 * OK only when no file got native stats, no plan carries our node, the plugin added no
 * extension, and the stats equal vanilla Delta's.
 */
public final class WrongLineJarApp {
  private WrongLineJarApp() {}

  public static void main(String[] args) {
    String base = args[0];
    String extensions = TestSpark.NATIVE_STATS_EXTENSIONS;
    SparkSession spark = TestSpark.start("gds-wrong-line", Map.of("spark.sql.extensions", extensions,
        "spark.plugins", GlutenDeltaStatsPlugin.class.getName()));
    int code = 1;
    try {
      Dataset<Row> df = spark.range(0, 3000, 1, 2).selectExpr("id", "concat('v', id % 71) as s", "id / 3.0 as d");
      NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
      df.write().format("delta").save(base + "/hooked");
      spark.sql("INSERT INTO delta.`" + base + "/hooked` SELECT id + 3000, s, d FROM delta.`" + base + "/hooked`");
      String plan = spark.sql("EXPLAIN INSERT INTO delta.`" + base + "/hooked` SELECT * FROM delta.`" + base
          + "/hooked`").collectAsList().get(0).getString(0);
      NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
      spark.conf().set(NativeStatsConf.ENABLED, "false");
      df.write().format("delta").save(base + "/vanilla");
      List<String> hooked = StressEnv.commitStats(spark, base + "/hooked", 0);
      List<String> vanilla = StressEnv.commitStats(spark, base + "/vanilla", 0);
      boolean withStats = hooked.stream().allMatch(s -> s.startsWith("{\"numRecords\":"));
      boolean noExtensionAdded = spark.sparkContext().getConf().get("spark.sql.extensions").equals(extensions);
      boolean ok = hooked.size() == 2 && withStats && hooked.equals(vanilla) && d.filesNative() == 0
          && d.taskFallbacks() == 0 && !plan.contains("NativeDeltaStats") && noExtensionAdded
          && spark.read().format("delta").load(base + "/hooked").count() == 6000;
      System.out.println("GDS-WRONG-LINE " + (ok ? "OK" : "FAILED") + " files=" + hooked.size()
          + " withStats=" + withStats + " identical=" + hooked.equals(vanilla) + " metrics=" + d
          + " extensions=" + noExtensionAdded + " plan=" + plan.replace('\n', ' '));
      code = ok ? 0 : 2;
    } finally {
      TestSpark.stop();
    }
    System.exit(code);
  }
}
