package io.glutendelta.stats.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.glutendelta.stats.delta.NativeStatsExtension;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * One place for the Spark settings every test session needs (small snapshot and shuffle
 * partitions, no UI, loopback only, Delta's extension and catalog, UTC, and the line's own
 * {@link LineTestConf}: Spark 3.5's Parquet rebase modes). Static confs such as
 * {@code spark.sql.extensions} only take effect on a fresh session, so a test class builds its
 * own session with {@link #start} and stops it with {@link #stop}.
 */
public final class TestSpark {
  private TestSpark() {}

  /** {@code spark.sql.extensions} with Delta's extension and ours, as the plugin sets it. */
  public static final String NATIVE_STATS_EXTENSIONS =
      "io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName();

  /** A session whose Delta writes take the native statistics path. */
  public static SparkSession startNative(String appName) {
    return start(appName, Map.of("spark.sql.extensions", NATIVE_STATS_EXTENSIONS));
  }

  public static SparkSession start(String appName, Map<String, String> extraConf) {
    stop();
    Path warehouse;
    try {
      warehouse = Files.createTempDirectory("gds-warehouse");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    SparkSession.Builder b = SparkSession.builder()
        .appName(appName)
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.databricks.delta.snapshotPartitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", warehouse.toString())
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
    LineTestConf.session().forEach(b::config);
    // Later keys win, so a test may replace spark.sql.extensions (e.g. to add ours).
    extraConf.forEach(b::config);
    return b.getOrCreate();
  }

  /** Stops any active/default session so the next {@link #start} gets fresh static confs. */
  public static void stop() {
    SparkSession.getActiveSession().foreach(s -> { s.stop(); return null; });
    SparkSession.getDefaultSession().foreach(s -> { s.stop(); return null; });
    SparkSession.clearActiveSession();
    SparkSession.clearDefaultSession();
  }
}
