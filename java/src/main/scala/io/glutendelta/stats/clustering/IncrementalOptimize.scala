package io.glutendelta.stats.clustering

import scala.jdk.CollectionConverters._

import io.glutendelta.stats.delta.{NativeStatsColumnarRule, NativeStatsWriteExec}
import org.apache.spark.rdd.RDD
import org.apache.spark.sql.{AnalysisException, Row, SparkSession, SparkSessionExtensions}
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Attribute
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.delta.TransactionExecutionObserver
import org.apache.spark.sql.delta.commands.{DeltaCommand, OptimizeTableCommand}
import org.apache.spark.sql.delta.commands.optimize.{DeletionVectorStats, FileSizeMetrics, OptimizeMetrics}
import org.apache.spark.sql.execution.{ColumnarRule, SparkPlan, UnaryExecNode}
import org.apache.spark.sql.execution.command.LeafRunnableCommand

/**
 * Routes Delta's own OPTIMIZE (SQL `OPTIMIZE t [FULL]`, `DeltaTable.optimize()
 * .executeCompaction()`) and auto compaction of liquid-clustered tables through
 * [[OptimizeRouter]]: lightweight tier, our incremental clustering, or Delta's own. Inert unless
 * `spark.databricks.delta.optimize.clustering.lightweight.enabled` or
 * `spark.glutendelta.clustering.incremental.enabled` is on. Scala because Catalyst rules,
 * commands and plan nodes extend Spark's Scala traits; the decisions are in Java.
 */
class ClusteringExtension extends (SparkSessionExtensions => Unit) {
  override def apply(extensions: SparkSessionExtensions): Unit = {
    extensions.injectPostHocResolutionRule(session => IncrementalOptimizeRule(session))
    extensions.injectColumnar(session => AutoCompactRoutingRule(session))
  }
}

/** Replaces a plain OPTIMIZE of a clustered table (no WHERE, no ZORDER BY, not REORG). */
case class IncrementalOptimizeRule(session: SparkSession) extends Rule[LogicalPlan]
    with DeltaCommand {
  override def apply(plan: LogicalPlan): LogicalPlan = plan match {
    case o: OptimizeTableCommand
        if OptimizeRouter.enabled(session) && o.zOrderBy.isEmpty &&
          o.userPartitionPredicates.isEmpty && o.optimizeContext.reorg.isEmpty && o.child.resolved =>
      val table = getDeltaTable(o.child, "OPTIMIZE")
      if (!OptimizeRouter.clustered(table.deltaLog.update())) o
      else RoutedOptimizeCommand(o, table.deltaLog.dataPath.toString, o.optimizeContext.isFull)
    case other => other
  }
}

/**
 * Runs the tier [[OptimizeRouter]] picks; when that is Delta's own, runs Delta's command.
 * Returns Delta's result (`path`, `metrics` struct of OptimizeMetrics) whatever tier ran.
 */
case class RoutedOptimizeCommand(delta: OptimizeTableCommand, path: String, full: Boolean)
    extends LeafRunnableCommand {
  override val output: Seq[Attribute] = delta.output

  override def run(spark: SparkSession): Seq[Row] = {
    val start = System.currentTimeMillis()
    val r = OptimizeRouter.run(spark, path, full, false, -1, -1)
    if (r.tier == OptimizeRouter.Tier.DELTA) delta.run(spark)
    else Seq(Row(path, OptimizeResult.metrics(r, start, System.currentTimeMillis())))
  }
}

/** Delta's OptimizeMetrics for a routed run. */
object OptimizeResult {
  def metrics(r: OptimizeRouter.Routed, startMs: Long, endMs: Long): OptimizeMetrics =
    OptimizeMetrics(
      numFilesAdded = r.addedSizes.length,
      numFilesRemoved = r.removedSizes.length,
      filesAdded = sizes(r.addedSizes),
      filesRemoved = sizes(r.removedSizes),
      partitionsOptimized = if (r.version >= 0) 1 else 0,
      numBins = r.numBins,
      numBatches = if (r.numBins > 0) 1 else 0,
      totalConsideredFiles = r.consideredFiles,
      totalFilesSkipped = r.consideredFiles - r.removedSizes.length,
      startTimeMs = startMs,
      endTimeMs = endMs,
      deletionVectorStats = Some(DeletionVectorStats(r.dvsRemoved, r.dvRowsRemoved)))

  private def sizes(s: Array[Long]): FileSizeMetrics =
    if (s.isEmpty) FileSizeMetrics(None, None, 0, 0, 0)
    else FileSizeMetrics(Some(s.min), Some(s.max), s.sum.toDouble / s.length, s.length, s.sum)
}

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

/**
 * Runs every Delta write root under an [[AutoCompactRouting]] observer, so Delta's auto
 * compaction hook of the transactions it starts is routed. Applied after the columnar
 * transitions, so it sits below the native-statistics node when that one is present (the
 * transaction that node substitutes is the one we must see).
 */
case class AutoCompactRoutingRule(session: SparkSession) extends ColumnarRule {
  override def postColumnarTransitions: Rule[SparkPlan] = new Rule[SparkPlan] {
    override def apply(plan: SparkPlan): SparkPlan =
      if (!OptimizeRouter.enabled(session)) plan
      else plan match {
        case _: AutoCompactRoutingExec => plan
        case n: NativeStatsWriteExec => n.child match {
          case _: AutoCompactRoutingExec => n
          case c => n.copy(child = AutoCompactRoutingExec(c))
        }
        case p if NativeStatsColumnarRule.isDeltaWriteRoot(p) => AutoCompactRoutingExec(p)
        case _ => plan
      }
  }
}

case class AutoCompactRoutingExec(child: SparkPlan) extends UnaryExecNode {
  override def output: Seq[Attribute] = child.output

  override def nodeName: String = "AutoCompactRouting"

  private def observed[T](body: => T): T = TransactionExecutionObserver.getObserver match {
    case _: AutoCompactRouting => body
    case current => TransactionExecutionObserver.withObserver(new AutoCompactRouting(current))(body)
  }

  override protected def doExecute(): RDD[InternalRow] = observed(child.execute())

  override def executeCollect(): Array[InternalRow] = observed(child.executeCollect())

  override def executeTake(n: Int): Array[InternalRow] = observed(child.executeTake(n))

  override def executeTail(n: Int): Array[InternalRow] = observed(child.executeTail(n))

  override def executeToIterator(): Iterator[InternalRow] = observed(child.executeToIterator())

  override protected def withNewChildInternal(newChild: SparkPlan): AutoCompactRoutingExec =
    copy(child = newChild)
}
