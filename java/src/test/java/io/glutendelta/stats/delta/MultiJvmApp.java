package io.glutendelta.stats.delta;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Application run by {@link SparkSubmitMultiJvmTest} through SparkSubmit on a local-cluster:
 * executors are separate JVMs that only get our classes and native library from the jar passed
 * with {@code --jars}. Writes a table with native stats, then with the switch off, and exits 0
 * only when executors reported native stats for every committed file and the stats equal
 * vanilla Delta's.
 */
public final class MultiJvmApp {
  private MultiJvmApp() {}

  public static void main(String[] args) throws Exception {
    String base = args[0];
    SparkSession spark = SparkSession.builder().getOrCreate();
    int code = 1;
    try {
      Dataset<Row> df = spark.range(0, 20000, 1, 4).selectExpr("id", "concat('v', id % 997) as s",
          "cast(id % 1000 as decimal(10,2)) as m", "if(id % 9 = 0, null, id * 0.5) as d");
      NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
      df.write().format("delta").save(base + "/native");
      NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
      spark.conf().set(NativeStatsConf.ENABLED, "false");
      df.write().format("delta").save(base + "/vanilla");
      List<String> on = DeltaLogStats.lastCommitAddStats(base + "/native");
      List<String> off = DeltaLogStats.lastCommitAddStats(base + "/vanilla");
      boolean ok = d.writesNative() == 1 && d.committedFilesNative() == on.size() && on.size() == 4
          && d.filesNative() == 0 // tasks ran in executor JVMs, not in the driver
          && on.equals(off);
      System.out.println("GDS-MULTI-JVM " + (ok ? "OK" : "FAILED") + " files=" + on.size()
          + " executorNativeFiles=" + d.committedFilesNative() + " driverTaskFiles=" + d.filesNative()
          + " identical=" + on.equals(off));
      code = ok ? 0 : 2;
    } finally {
      spark.stop();
    }
    System.exit(code);
  }
}
