package io.glutendelta.stats.clustering;

import io.glutendelta.stats.compat.ScalaColl;
import java.util.List;
import java.util.Map;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import scala.Option;

/**
 * The lightweight column configured is not a clustering column; error class
 * DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN (the proposal's), SQLSTATE 42703 (undefined
 * column). Delta has no such class in its registry, so the class and state are carried here and
 * answered by getErrorClass / getCondition / getSqlState. Uses the AnalysisException constructor
 * Spark 3.5, 4.0 and 4.2 share; getCondition exists from Spark 4.0 (declared here for 3.5).
 */
public final class InvalidLightweightClusteringColumnException extends AnalysisException {
  private static final long serialVersionUID = 1L;
  public static final String ERROR_CLASS = "DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN";
  public static final String SQL_STATE = "42703";

  private final String column;
  private final String config;
  private final List<String> clusteringColumns;

  public InvalidLightweightClusteringColumnException(String column, String config,
      List<String> clusteringColumns) {
    super("[" + ERROR_CLASS + "] The column `" + column + "` set in " + config + " is not a "
        + "clustering column of the table. Clustering columns: " + listed(clusteringColumns)
        + ". SQLSTATE: " + SQL_STATE, Option.empty(), Option.empty(), Option.empty(),
        Option.apply(ERROR_CLASS), ScalaColl.map(Map.of("column", column, "config", config,
            "clusteringColumns", listed(clusteringColumns))), new QueryContext[0]);
    this.column = column;
    this.config = config;
    this.clusteringColumns = List.copyOf(clusteringColumns);
  }

  /**
   * Throws the exception. Declared to return a RuntimeException so Java callers can write
   * {@code throw raise(...)} without a throws clause (AnalysisException is checked in Java's eyes,
   * not in Spark's Scala callers').
   */
  public static RuntimeException raise(String column, String config, List<String> clusteringColumns) {
    throw InvalidLightweightClusteringColumnException.<RuntimeException>unchecked(
        new InvalidLightweightClusteringColumnException(column, config, clusteringColumns));
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T unchecked(Throwable t) throws T {
    throw (T) t;
  }

  private static String listed(List<String> columns) {
    return "[" + String.join(", ", columns) + "]";
  }

  public String column() {
    return column;
  }

  public String config() {
    return config;
  }

  public List<String> clusteringColumns() {
    return clusteringColumns;
  }

  @Override
  public String getSqlState() {
    return SQL_STATE;
  }

  @Override
  public String getErrorClass() {
    return ERROR_CLASS;
  }

  /** Spark 4's name for the error class (an override there; Spark 3.5 has no such method). */
  public String getCondition() {
    return ERROR_CLASS;
  }
}
