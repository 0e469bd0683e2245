package io.glutendelta.stats.clustering;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.sources.DeltaSQLConf$;

/**
 * Thresholds of the incremental planner. The defaults are Delta's own OPTIMIZE settings of
 * the session, so "small" and "too many deleted rows" mean what they mean to Delta.
 *
 * @param columns clustering columns (logical names, in order)
 * @param minFileSize clustered files below this are small and get merged
 *     ({@code spark.databricks.delta.optimize.minFileSize})
 * @param maxFileSize target output file size ({@code ...optimize.maxFileSize})
 * @param maxDeletedRowsRatio files with a larger deleted fraction are rewritten
 *     ({@code ...optimize.maxDeletedRowsRatio})
 * @param maxBinBytes largest input of one ZCube
 *     ({@code ...optimize.clustering.mergeStrategy.minCubeSize.threshold})
 * @param full also recluster files clustered by another provider or on other columns
 * @param recluster automatic re-clustering of overlapping ZCubes
 */
public record ClusteringConfig(List<String> columns, long minFileSize, long maxFileSize,
    double maxDeletedRowsRatio, long maxBinBytes, boolean full, Recluster recluster) {

  /**
   * Automatic re-clustering ({@code spark.glutendelta.clustering.recluster.*}): two ZCubes
   * whose {@link io.glutendelta.stats.layout.CubeOverlap} reaches {@code minOverlap} and whose
   * live row counts differ by at most {@code maxSizeRatio} are clustered again together (new
   * data counts as one prospective ZCube).
   */
  public record Recluster(boolean enabled, double minOverlap, double maxSizeRatio) {
    public static final String ENABLED = "spark.glutendelta.clustering.recluster.enabled";
    public static final String MIN_OVERLAP = "spark.glutendelta.clustering.recluster.minOverlap";
    public static final String MAX_SIZE_RATIO =
        "spark.glutendelta.clustering.recluster.maxSizeRatio";
    public static final Recluster OFF = new Recluster(false, 0.5, 10);

    public Recluster {
      if (!(minOverlap > 0 && minOverlap <= 1)) {
        throw new IllegalArgumentException(MIN_OVERLAP + " must be in (0, 1], got " + minOverlap);
      }
      if (!(maxSizeRatio >= 1)) {
        throw new IllegalArgumentException(MAX_SIZE_RATIO + " must be >= 1, got " + maxSizeRatio);
      }
    }

    public static Recluster fromSession(SparkSession spark) {
      var conf = spark.conf();
      return new Recluster(Boolean.parseBoolean(conf.get(ENABLED, "false").trim()),
          number(conf.get(MIN_OVERLAP, "0.5"), MIN_OVERLAP),
          number(conf.get(MAX_SIZE_RATIO, "10"), MAX_SIZE_RATIO));
    }

    private static double number(String v, String key) {
      try {
        return Double.parseDouble(v.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(key + " must be a number, got '" + v + "'", e);
      }
    }
  }

  public static boolean incrementalEnabled(SparkSession spark) {
    return Boolean.parseBoolean(spark.conf().get(INCREMENTAL_ENABLED, "false").trim());
  }

  /** Session conf that makes Delta's OPTIMIZE on clustered tables use our incremental mode. */
  public static final String INCREMENTAL_ENABLED =
      "spark.glutendelta.clustering.incremental.enabled";

  public ClusteringConfig {
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("clustering needs at least one column");
    }
    if (minFileSize < 0 || maxFileSize <= 0 || maxBinBytes <= 0) {
      throw new IllegalArgumentException("file sizes must be positive: min " + minFileSize
          + ", max " + maxFileSize + ", bin " + maxBinBytes);
    }
    if (recluster == null) {
      recluster = Recluster.OFF;
    }
    if (maxDeletedRowsRatio < 0 || maxDeletedRowsRatio > 1) {
      throw new IllegalArgumentException("maxDeletedRowsRatio must be in [0, 1], got "
          + maxDeletedRowsRatio);
    }
  }

  public static ClusteringConfig fromSession(SparkSession spark, List<String> columns,
      boolean full) {
    DeltaSQLConf$ c = DeltaSQLConf$.MODULE$;
    var conf = spark.sessionState().conf();
    return new ClusteringConfig(columns,
        ((Number) conf.getConf(c.DELTA_OPTIMIZE_MIN_FILE_SIZE())).longValue(),
        ((Number) conf.getConf(c.DELTA_OPTIMIZE_MAX_FILE_SIZE())).longValue(),
        ((Number) conf.getConf(c.DELTA_OPTIMIZE_MAX_DELETED_ROWS_RATIO())).doubleValue(),
        ((Number) conf.getConf(c.DELTA_OPTIMIZE_CLUSTERING_MIN_CUBE_SIZE())).longValue(), full,
        Recluster.fromSession(spark));
  }

  public ClusteringConfig withSizes(long minFileSize, long maxFileSize) {
    return new ClusteringConfig(columns, minFileSize, maxFileSize, maxDeletedRowsRatio,
        maxBinBytes, full, recluster);
  }

  public ClusteringConfig withRecluster(Recluster r) {
    return new ClusteringConfig(columns, minFileSize, maxFileSize, maxDeletedRowsRatio,
        maxBinBytes, full, r);
  }
}
