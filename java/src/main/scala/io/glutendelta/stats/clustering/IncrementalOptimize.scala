package io.glutendelta.stats.clustering

import org.apache.spark.sql.{Row, SparkSession}
import org.apache.spark.sql.catalyst.expressions.Attribute
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.delta.commands.{DeltaCommand, OptimizeTableCommand}
import org.apache.spark.sql.delta.commands.optimize.{DeletionVectorStats, FileSizeMetrics, OptimizeMetrics}
import org.apache.spark.sql.execution.command.LeafRunnableCommand

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
