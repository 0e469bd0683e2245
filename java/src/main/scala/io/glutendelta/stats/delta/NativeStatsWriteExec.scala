package io.glutendelta.stats.delta

import org.apache.spark.rdd.RDD
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Attribute
import org.apache.spark.sql.execution.{SparkPlan, SQLExecution, UnaryExecNode}
import org.apache.spark.sql.execution.metric.{SQLMetric, SQLMetrics}

/**
 * Runs a Delta write root (command or V1-fallback write node) with our transaction observer
 * installed on the calling thread, so every transaction the command starts collects its file
 * statistics natively. Plan nodes are Spark's Scala machinery, hence this one Scala class; all
 * decisions live in the Java [[NativeStatsObserver]].
 *
 * Its SQL metrics (Spark UI SQL tab, REST `/api/v1/applications/<id>/sql`) sum the writes the
 * command ran: they are filled on the driver when each write's job is done and posted to this
 * node's SQL execution (see [[NativeStatsPlanMetrics]] for why not from the tasks).
 */
case class NativeStatsWriteExec(child: SparkPlan) extends UnaryExecNode {

  override def output: Seq[Attribute] = child.output

  override def nodeName: String = "NativeDeltaStats"

  override lazy val metrics: Map[String, SQLMetric] = Map(
    "nativeFiles" -> SQLMetrics.createMetric(sparkContext, "files with native stats"),
    "nativeRows" -> SQLMetrics.createMetric(sparkContext, "rows aggregated natively"),
    "nativeTime" -> SQLMetrics.createNanoTimingMetric(sparkContext, "native time"),
    "taskFallbacks" -> SQLMetrics.createMetric(sparkContext, "task fallbacks"))

  private def observed[T](body: () => T): T = {
    val executionId = sparkContext.getLocalProperty(SQLExecution.EXECUTION_ID_KEY)
    val sink = new NativeStatsPlanMetrics(metrics("nativeFiles"), metrics("nativeRows"),
      metrics("nativeTime"), metrics("taskFallbacks"))
    try NativeStatsObserver.runObserved(sink, () => body())
    finally {
      if (sink.reported()) {
        SQLMetrics.postDriverMetricUpdates(sparkContext, executionId, metrics.values.toSeq)
      }
    }
  }

  override protected def doExecute(): RDD[InternalRow] = observed(() => child.execute())

  override def executeCollect(): Array[InternalRow] = observed(() => child.executeCollect())

  override def executeTake(n: Int): Array[InternalRow] = observed(() => child.executeTake(n))

  override def executeTail(n: Int): Array[InternalRow] = observed(() => child.executeTail(n))

  override def executeToIterator(): Iterator[InternalRow] = observed(() => child.executeToIterator())

  override protected def withNewChildInternal(newChild: SparkPlan): NativeStatsWriteExec =
    copy(child = newChild)
}
