package io.glutendelta.stats.delta

import org.apache.spark.rdd.RDD
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{Alias, Attribute, AttributeReference, ExprId, NamedExpression}
import org.apache.spark.sql.execution.{ColumnarToRowExec, ProjectExec, SparkPlan, UnaryExecNode}
import org.apache.spark.sql.vectorized.ColumnarBatch

/**
 * Passes its child's columnar batches on unchanged, tapping each task's batches for the
 * statistics of the file that task writes ([[ScanBatchTap]]). Placed only by
 * [[ScanBatchStatsExec.place]], right under the columnar-to-row step whose rows the writer
 * writes. Plan nodes are Spark's Scala machinery, hence Scala; the work is in Java.
 *
 * @param ordinals per data column of the write (Delta's row order), its column in the batches
 */
case class ScanBatchStatsExec(child: SparkPlan, write: ScanBatchStatsWrite, ordinals: Seq[Int])
    extends UnaryExecNode {

  override def output: Seq[Attribute] = child.output

  override def nodeName: String = "NativeDeltaStatsScanBatches"

  override def supportsColumnar: Boolean = true

  override def vectorTypes: Option[Seq[String]] = child.vectorTypes

  override protected def doExecute(): RDD[InternalRow] =
    throw new IllegalStateException(s"$nodeName is columnar only")

  override protected def doExecuteColumnar(): RDD[ColumnarBatch] = {
    val w = write
    val o = ordinals.toArray
    child.executeColumnar().mapPartitions(it => ScanBatchTap.wrap(w, o, it), preservesPartitioning = true)
  }

  override protected def withNewChildInternal(newChild: SparkPlan): ScanBatchStatsExec =
    copy(child = newChild)
}

object ScanBatchStatsExec {
  /**
   * `plan` (a write's query, columnar transitions inserted) with the tap under its columnar-to-row
   * step, if the rows that step produces are exactly the rows written: the only nodes above it
   * are projections that keep or rename columns. Otherwise `plan` unchanged.
   */
  def place(plan: SparkPlan, write: ScanBatchStatsWrite): SparkPlan = {
    val dataCols = write.dataCols()
    // Each data column's ExprId as the nodes below the current one name it.
    def walk(p: SparkPlan, ids: Seq[ExprId]): Option[SparkPlan] = p match {
      case ProjectExec(list, child) =>
        val renames: Map[ExprId, ExprId] = list.flatMap(passThrough).toMap
        if (ids.forall(renames.contains)) walk(child, ids.map(renames)).map(c => p.withNewChildren(Seq(c)))
        else None
      case c2r: ColumnarToRowExec if c2r.child.supportsColumnar =>
        val out = c2r.child.output
        val ordinals = ids.zip(dataCols).map { case (id, col) =>
          out.indexWhere(a => a.exprId == id && a.dataType == col.dataType)
        }
        if (ordinals.exists(_ < 0)) None
        else Some(c2r.withNewChildren(Seq(ScanBatchStatsExec(c2r.child, write, ordinals))))
      case _ => None
    }
    val ids = dataCols.map(_.exprId).toSeq
    if (!ids.forall(id => plan.output.exists(_.exprId == id))) return plan
    walk(plan, ids) match {
      case Some(tapped) =>
        write.placed()
        tapped
      case None => plan
    }
  }

  /** A projection's output that is an input column, kept or renamed: (output id, input id). */
  private def passThrough(e: NamedExpression): Option[(ExprId, ExprId)] = e match {
    case a: AttributeReference => Some(a.exprId -> a.exprId)
    case Alias(a: AttributeReference, _) => Some(e.exprId -> a.exprId)
    case _ => None
  }
}
