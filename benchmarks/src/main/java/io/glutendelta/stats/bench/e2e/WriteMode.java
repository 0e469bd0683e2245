package io.glutendelta.stats.bench.e2e;

import java.util.Locale;
import org.apache.spark.sql.RuntimeConfig;

/**
 * The three ways a table is written. All run in ONE session that has our extension installed
 * (static confs cannot change per write); the mode is chosen per write through two runtime
 * confs that Delta and our hook read at the start of every write.
 */
public enum WriteMode {
  /** Delta's own row-at-a-time statistics (our hook switched off). */
  VANILLA(true, false),
  /** Statistics from the native engine through our hook. */
  NATIVE(true, true),
  /** No statistics at all: the floor any stats path is measured against. */
  OFF(false, false),
  /**
   * Stats off once more in the same round: an A/A control. Its ratio to {@link #OFF} is what the
   * machine's noise alone produces, the yardstick for reading native/off.
   */
  OFF_AGAIN(false, false),
  /**
   * Native statistics once more, in JVMs started with extra flags ({@code --native-b-jvm-args}):
   * an A/B of a JVM flag, or of a conf of the native path ({@code -Dspark.x=y} is a SparkConf
   * default), against native, both measured as applications run. JVM per mode only.
   */
  NATIVE_B(true, true),
  /**
   * Vanilla once more, in JVMs started with extra flags ({@code --vanilla-b-jvm-args}): an A/B of a
   * flag or conf of Delta's own path, e.g. Delta's statistics reduced to the record count, a floor
   * for any statistics path inside Delta's write. JVM per mode only.
   */
  VANILLA_B(true, false);

  public static final String DELTA_COLLECT_STATS = "spark.databricks.delta.stats.collect";
  public static final String NATIVE_ENABLED = "spark.glutendelta.stats.native.enabled";

  private final boolean collectStats;
  private final boolean nativeStats;

  WriteMode(boolean collectStats, boolean nativeStats) {
    this.collectStats = collectStats;
    this.nativeStats = nativeStats;
  }

  public void apply(RuntimeConfig conf) {
    conf.set(DELTA_COLLECT_STATS, Boolean.toString(collectStats));
    conf.set(NATIVE_ENABLED, Boolean.toString(nativeStats));
  }

  public boolean collectsStats() {
    return collectStats;
  }

  /** Whether this mode's JVM runs our plugin and its writes take the native path. */
  public boolean nativeStats() {
    return nativeStats;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static WriteMode parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown write mode '" + s + "' (vanilla, native, off, off_again, native_b, vanilla_b)", e);
    }
  }
}
