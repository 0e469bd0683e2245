package io.glutendelta.stats.clustering

import io.glutendelta.stats.delta.{NativeStatsColumnarRule, NativeStatsWriteExec}
import org.apache.spark.rdd.RDD
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Attribute
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.delta.TransactionExecutionObserver
import org.apache.spark.sql.execution.{ColumnarRule, SparkPlan, UnaryExecNode}

/**
 * Runs every Delta write root under an [[AutoCompactRouting]] observer, so Delta's auto
 * compaction hook of the transactions it starts is routed. Applied after the columnar
 * transitions, so it sits below the native-statistics node when that one is present (the
 * transaction that node substitutes is the one we must see). Inert on lines whose Delta hook
 * cannot be replaced ([[AutoCompactRouting.ROUTABLE]]): Delta's own auto compaction runs there.
 */
case class AutoCompactRoutingRule(session: SparkSession) extends ColumnarRule {
  override def postColumnarTransitions: Rule[SparkPlan] = new Rule[SparkPlan] {
    override def apply(plan: SparkPlan): SparkPlan =
      if (!AutoCompactRouting.ROUTABLE || !OptimizeRouter.enabled(session)) plan
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
