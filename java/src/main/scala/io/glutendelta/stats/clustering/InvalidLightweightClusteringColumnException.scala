package io.glutendelta.stats.clustering

import scala.jdk.CollectionConverters._

import org.apache.spark.sql.AnalysisException

/**
 * The lightweight column configured is not a clustering column; error class
 * DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN (the proposal's), SQLSTATE 42703 (undefined
 * column). Delta 4.4 has no such class in its registry, so the class and state are carried
 * here and answered by getErrorClass / getCondition / getSqlState.
 */
class InvalidLightweightClusteringColumnException(
    val column: String, val config: String, val clusteringColumns: Seq[String])
  extends AnalysisException(
    s"[${InvalidLightweightClusteringColumnException.ErrorClass}] The column `$column` set in " +
      s"$config is not a clustering column of the table. Clustering columns: " +
      s"${clusteringColumns.mkString("[", ", ", "]")}. SQLSTATE: " +
      InvalidLightweightClusteringColumnException.SqlState,
    None, None, None, Some(InvalidLightweightClusteringColumnException.ErrorClass),
    Map("column" -> column, "config" -> config,
      "clusteringColumns" -> clusteringColumns.mkString("[", ", ", "]")),
    Array.empty, Some(InvalidLightweightClusteringColumnException.SqlState), None) {
  override def getSqlState: String = InvalidLightweightClusteringColumnException.SqlState
  override def getCondition: String = InvalidLightweightClusteringColumnException.ErrorClass
}

object InvalidLightweightClusteringColumnException {
  val ErrorClass = "DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN"
  val SqlState = "42703"

  /**
   * Throws the exception. Declared to return a RuntimeException so Java callers can write
   * `throw raise(...)` without a throws clause (AnalysisException is checked in Java's eyes).
   */
  def raise(column: String, config: String, clusteringColumns: java.util.List[String])
      : RuntimeException =
    throw new InvalidLightweightClusteringColumnException(column, config,
      clusteringColumns.asScala.toSeq)
}
