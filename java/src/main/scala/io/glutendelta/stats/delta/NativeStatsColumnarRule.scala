package io.glutendelta.stats.delta

import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.execution.{ColumnarRule, SparkPlan}
import org.apache.spark.sql.execution.command.ExecutedCommandExec

/**
 * Wraps the physical root of every Delta write in [[NativeStatsWriteExec]], and places the
 * scan-batch tap ([[ScanBatchStatsExec]]) in a write's query when that write asks for it. A columnar rule is
 * used because it is the one extension point that sees the prepared plan with the command at
 * its root (planner-strategy rules only run inside adaptive plans).
 */
case class NativeStatsColumnarRule(session: SparkSession) extends ColumnarRule {

  override def preColumnarTransitions: Rule[SparkPlan] = new Rule[SparkPlan] {
    override def apply(plan: SparkPlan): SparkPlan = plan match {
      case _: NativeStatsWriteExec => plan
      case p if NativeStatsColumnarRule.isDeltaWriteRoot(p) &&
          NativeStatsConf.isEnabled(session) && NativeStatsRuntime.hookUsable() =>
        NativeStatsWriteExec(p)
      case _ => plan
    }
  }

  /** The scan-batch tap, in the one plan a write is planning for it ([[ScanBatchStatsWrite.arm]]). */
  override def postColumnarTransitions: Rule[SparkPlan] = new Rule[SparkPlan] {
    override def apply(plan: SparkPlan): SparkPlan = ScanBatchStatsWrite.planning() match {
      case null => plan
      case write => ScanBatchStatsExec.place(plan, write)
    }
  }
}

object NativeStatsColumnarRule {
  /** V2 write nodes that fall back to (or create tables through) Delta's V1 writer. */
  private val v2WriteRoots = Set(
    "AppendDataExecV1", "OverwriteByExpressionExecV1",
    "AtomicCreateTableAsSelectExec", "AtomicReplaceTableAsSelectExec",
    "CreateTableAsSelectExec", "ReplaceTableAsSelectExec",
    "AppendDataExec", "OverwriteByExpressionExec", "OverwritePartitionsDynamicExec")

  def isDeltaWriteRoot(plan: SparkPlan): Boolean = plan match {
    case e: ExecutedCommandExec =>
      val cls = e.cmd.getClass.getName
      // DataFrame save goes through SaveIntoDataSourceCommand; every Delta DML/maintenance
      // command lives under org.apache.spark.sql.delta. Wrapping a command that starts no
      // transaction is harmless: the observer is only consulted by DeltaLog.startTransaction.
      // This project's own commands (e.g. the incremental clustering OPTIMIZE) write through
      // Delta transactions too.
      cls.endsWith(".SaveIntoDataSourceCommand") || cls.startsWith("org.apache.spark.sql.delta.") ||
        cls.startsWith("io.delta.") || cls.startsWith("io.glutendelta.")
    case p => v2WriteRoots.contains(p.getClass.getSimpleName)
  }
}
