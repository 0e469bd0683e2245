package io.glutendelta.stats.clustering

import org.apache.spark.sql.{Row, SparkSession, SparkSessionExtensions}
import org.apache.spark.sql.catalyst.expressions.{Attribute, AttributeReference}
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.delta.commands.{DeltaCommand, OptimizeTableCommand}
import org.apache.spark.sql.delta.skipping.clustering.ClusteringColumnInfo
import org.apache.spark.sql.execution.command.LeafRunnableCommand
import org.apache.spark.sql.types.{LongType, StringType}

/**
 * Adds [[IncrementalOptimizeRule]]: with `spark.glutendelta.clustering.incremental.enabled`
 * on, `OPTIMIZE` (and `OPTIMIZE ... FULL`) on a liquid-clustered table runs our incremental
 * clustering instead of Delta's full-cube rewrite. Scala because a Catalyst command must
 * extend Spark's Scala traits.
 */
class ClusteringExtension extends (SparkSessionExtensions => Unit) {
  override def apply(extensions: SparkSessionExtensions): Unit =
    extensions.injectPostHocResolutionRule(session => IncrementalOptimizeRule(session))
}

/** Replaces a plain OPTIMIZE of a clustered table (no WHERE, no ZORDER BY, not REORG). */
case class IncrementalOptimizeRule(session: SparkSession) extends Rule[LogicalPlan]
    with DeltaCommand {
  override def apply(plan: LogicalPlan): LogicalPlan = plan match {
    case o: OptimizeTableCommand
        if session.conf.get(ClusteringConfig.INCREMENTAL_ENABLED, "false").toBoolean &&
          o.zOrderBy.isEmpty && o.userPartitionPredicates.isEmpty &&
          o.optimizeContext.reorg.isEmpty && o.child.resolved =>
      val table = getDeltaTable(o.child, "OPTIMIZE")
      val snapshot = table.deltaLog.update()
      if (ClusteringColumnInfo.extractLogicalNames(snapshot).isEmpty) o
      else IncrementalOptimizeCommand(table.deltaLog.dataPath.toString,
        o.optimizeContext.isFull)
    case other => other
  }
}

/** Runs [[IncrementalClustering]]; returns one row with the plan and what was rewritten. */
case class IncrementalOptimizeCommand(path: String, full: Boolean) extends LeafRunnableCommand {
  override val output: Seq[Attribute] = Seq(
    AttributeReference("path", StringType)(),
    AttributeReference("version", LongType)(),
    AttributeReference("numFilesRemoved", LongType)(),
    AttributeReference("numBytesRemoved", LongType)(),
    AttributeReference("numFilesAdded", LongType)(),
    AttributeReference("numBytesAdded", LongType)(),
    AttributeReference("plan", StringType)())

  override def run(spark: SparkSession): Seq[Row] = {
    val config = if (full) {
      val snapshot = DeltaCommandHelper.snapshot(spark, path)
      val cols = ClusteringColumnInfo.extractLogicalNames(snapshot)
      ClusteringConfig.fromSession(spark, java.util.List.of(cols: _*), true)
    } else null
    val r = IncrementalClustering.run(spark, path, config, null)
    Seq(Row(path, r.version, r.filesRemoved.toLong, r.bytesRemoved, r.filesAdded.toLong,
      r.bytesAdded, r.plan.explain))
  }
}

private object DeltaCommandHelper {
  def snapshot(spark: SparkSession, path: String) =
    org.apache.spark.sql.delta.DeltaLog.forTable(spark, path).update()
}
