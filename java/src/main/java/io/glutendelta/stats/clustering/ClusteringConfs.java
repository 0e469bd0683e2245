package io.glutendelta.stats.clustering;

import org.apache.spark.internal.config.ConfigBuilder;
import org.apache.spark.network.util.ByteUnit;
import org.apache.spark.sql.internal.SQLConf$;
import scala.Function1;

/**
 * Registers the clustering confs (the lightweight proposal's four, ours for incremental
 * clustering and re-clustering) in Spark's SQLConf registry, as Delta registers its own: a bad
 * value then fails at {@code SET} (or at session start for {@code --conf}) with Spark's
 * "'v' in key is invalid" error instead of at the next OPTIMIZE, and {@code SET -v} lists them
 * with their doc. The planners still parse the values they read, for values set before the
 * registration (another session's extension not yet applied).
 */
public final class ClusteringConfs {
  private ClusteringConfs() {}

  private static volatile boolean registered;

  /** Registers every conf once per JVM; keys some other library registered first are left alone. */
  public static synchronized void register() {
    if (registered) {
      return;
    }
    registered = true;
    String version = "gluten-delta-stats 0.1";
    define(LightweightPlanner.Config.ENABLED, version,
        "Use the lightweight compaction tier for OPTIMIZE and auto compaction of clustered tables.")
        .booleanConf().createWithDefault(false);
    define(LightweightPlanner.Config.MAX_UNCLUSTERED_BYTES, version,
        "At or above this much unclustered data, OPTIMIZE clusters instead of running the "
            + "lightweight tier (fixed; not derived from optimize.maxFileSize).")
        .bytesConf(ByteUnit.BYTE)
        .checkValue(positive(), "must be a positive byte size")
        .createWithDefault(LightweightPlanner.Config.DEFAULT_MAX_UNCLUSTERED_BYTES);
    define(LightweightPlanner.Config.COLUMN, version,
        "Clustering column whose (min, max) orders the lightweight tier's files (default: the "
            + "clustering column with the smallest relative file range).")
        .stringConf().createOptional();
    define(LightweightPlanner.Config.MAX_RELATIVE_FILE_RANGE, version,
        "Largest relative file range of an automatically picked lightweight ordering column.")
        .doubleConf()
        .checkValue(between(0, 1, true), "must be in [0, 1]")
        .createWithDefault(LightweightPlanner.Config.DEFAULT_MAX_RELATIVE_FILE_RANGE);
    define(ClusteringConfig.INCREMENTAL_ENABLED, version,
        "OPTIMIZE and auto compaction of clustered tables run gluten-delta-stats' incremental "
            + "clustering.")
        .booleanConf().createWithDefault(false);
    define(ClusteringConfig.Recluster.ENABLED, version,
        "Re-cluster overlapping ZCubes in incremental clustering runs.")
        .booleanConf().createWithDefault(false);
    define(ClusteringConfig.Recluster.MIN_OVERLAP, version,
        "Cube overlap at which two ZCubes are re-clustered together.")
        .doubleConf()
        .checkValue(between(0, 1, false), "must be in (0, 1]")
        .createWithDefault(ClusteringConfig.Recluster.OFF.minOverlap());
    define(ClusteringConfig.Recluster.MAX_SIZE_RATIO, version,
        "Largest ratio of live rows between two ZCubes re-clustered together.")
        .doubleConf()
        .checkValue(v -> ((Number) v).doubleValue() >= 1, "must be >= 1")
        .createWithDefault(ClusteringConfig.Recluster.OFF.maxSizeRatio());
  }

  /** A builder for {@code key}; a key already registered gets a builder whose entry is dropped. */
  private static ConfigBuilder define(String key, String version, String doc) {
    SQLConf$ sql = SQLConf$.MODULE$;
    ConfigBuilder b = sql.containsConfigKey(key) ? new ConfigBuilder(key) : sql.buildConf(key);
    return b.doc(doc).version(version);
  }

  private static Function1<Object, Object> positive() {
    return v -> ((Number) v).longValue() > 0;
  }

  /** [lo, hi], or (lo, hi] when {@code closedLow} is false. */
  private static Function1<Object, Object> between(double lo, double hi, boolean closedLow) {
    return v -> {
      double d = ((Number) v).doubleValue();
      return (closedLow ? d >= lo : d > lo) && d <= hi;
    };
  }
}
