package io.glutendelta.stats.delta;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;

/** Project configuration keys and their defaults. */
public final class NativeStatsConf {
  private NativeStatsConf() {}

  /** Master switch: false keeps the jar loaded but leaves every write to Delta's own tracker. */
  public static final String ENABLED = "spark.glutendelta.stats.native.enabled";

  /**
   * Whether a write reuses Delta's analysed statistics expression of an earlier write of the same
   * shape (see {@link StatsExpressionCache}) instead of analysing it again.
   */
  public static final String REUSE_STATS_EXPRESSION = "spark.glutendelta.stats.native.reuseStatsExpression";

  /**
   * Whether a write whose tasks each write one file of exactly the rows of their source's columnar
   * batches (a Parquet or cached source copied into an unpartitioned table) takes its statistics
   * from those batches instead of from Spark's per-row write loop (see {@link ScanBatchStatsWrite}).
   */
  public static final String SCAN_BATCHES = "spark.glutendelta.stats.native.scanBatches";

  /** Rows buffered per open file before a batch is handed to the native engine. */
  public static final String BATCH_ROWS = "spark.glutendelta.stats.native.batchRows";

  /**
   * Small enough that a store_sales-wide batch stays in a core's L2 cache next to the Parquet
   * writer's own state, large enough that the per-batch hand-off is negligible (measured in
   * benchmarks/README.md, batch size A/B).
   */
  public static final int DEFAULT_BATCH_ROWS = 1024;

  public static boolean isEnabled(SparkSession session) {
    return Boolean.parseBoolean(session.conf().get(ENABLED, "true").trim());
  }

  public static boolean isEnabled(SQLConf conf) {
    return Boolean.parseBoolean(conf.getConfString(ENABLED, "true").trim());
  }

  public static boolean usesScanBatches(SQLConf conf) {
    return Boolean.parseBoolean(conf.getConfString(SCAN_BATCHES, "true").trim());
  }

  public static boolean reusesStatsExpression(SQLConf conf) {
    return Boolean.parseBoolean(conf.getConfString(REUSE_STATS_EXPRESSION, "true").trim());
  }

  /**
   * @throws InvalidConfValueException (INVALID_CONF_VALUE) when the value is not a positive int
   */
  public static int batchRows(SQLConf conf) {
    String v = conf.getConfString(BATCH_ROWS, Integer.toString(DEFAULT_BATCH_ROWS)).trim();
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw InvalidConfValueException.typeMismatch(BATCH_ROWS, v, "int");
    }
    if (n <= 0) {
      throw InvalidConfValueException.requirement(BATCH_ROWS, v, "The rows per batch must be positive.");
    }
    return n;
  }
}
