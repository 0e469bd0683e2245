package io.glutendelta.stats.delta

import org.apache.spark.rdd.RDD
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Attribute
import org.apache.spark.sql.execution.{SparkPlan, UnaryExecNode}

/**
 * Runs a Delta write root (command or V1-fallback write node) with our transaction observer
 * installed on the calling thread, so every transaction the command starts collects its file
 * statistics natively. Plan nodes are Spark's Scala machinery, hence this one Scala class; all
 * decisions live in the Java [[NativeStatsObserver]].
 */
case class NativeStatsWriteExec(child: SparkPlan) extends UnaryExecNode {

  override def output: Seq[Attribute] = child.output

  override def nodeName: String = "NativeDeltaStats"

  override protected def doExecute(): RDD[InternalRow] =
    NativeStatsObserver.runObserved(() => child.execute())

  override def executeCollect(): Array[InternalRow] =
    NativeStatsObserver.runObserved(() => child.executeCollect())

  override def executeTake(n: Int): Array[InternalRow] =
    NativeStatsObserver.runObserved(() => child.executeTake(n))

  override def executeTail(n: Int): Array[InternalRow] =
    NativeStatsObserver.runObserved(() => child.executeTail(n))

  override def executeToIterator(): Iterator[InternalRow] =
    NativeStatsObserver.runObserved(() => child.executeToIterator())

  override protected def withNewChildInternal(newChild: SparkPlan): NativeStatsWriteExec =
    copy(child = newChild)
}
