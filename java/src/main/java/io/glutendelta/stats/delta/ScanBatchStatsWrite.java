package io.glutendelta.stats.delta;

import java.io.Serializable;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.execution.QueryExecution;
import scala.collection.Seq;

/**
 * One Delta write whose statistics may come from its source's columnar batches instead of its
 * rows: when the rows a task writes are exactly the rows of the batches under the plan's
 * columnar-to-row step (one file per task, nothing between that step and the writer but column
 * renames), {@link ScanBatchStatsExec} taps those batches, and no statistics tracker is in
 * Spark's per-row write loop at all. The committer ({@link ScanBatchCommitProtocol}) puts each
 * task's result into the task's one {@code AddFile}.
 *
 * <p>Created inert with the write's committer; {@link #arm} plans the write's query with this
 * write pending, and arms it only if the placement rule put the tap into that plan. Shipped to
 * tasks twice (in the plan and in the committer); they meet through {@link ScanBatchTap}'s
 * per-task-attempt results.
 */
final class ScanBatchStatsWrite implements Serializable {
  private static final long serialVersionUID = 1L;
  /** The write whose query this thread is planning inside {@link #arm}. */
  private static final ThreadLocal<ScanBatchStatsWrite> PLANNING = new ThreadLocal<>();

  /** Set when armed: what each task's tap needs (Delta's columns and expression, counters). */
  private NativeStatsTaskFactory tasks;
  private transient NativeStatsJobTracker tracker;
  private transient Seq<Attribute> dataCols;
  private transient boolean placed;

  /** The write this thread is planning, or null (read by the placement rule). */
  static ScanBatchStatsWrite planning() {
    return PLANNING.get();
  }

  /**
   * Plans {@code query} (Delta's normalised write query, which Delta plans right after this
   * anyway) with this write pending. Arms it when the tap was placed.
   *
   * @param output the query's output as Delta writes it (the data columns: no partition columns);
   *     not the job tracker's columns, which a reused statistics expression names as an earlier
   *     write of the same shape did
   * @return whether the write's statistics now come from the tap (Delta must then get no tracker)
   */
  boolean arm(QueryExecution query, Seq<Attribute> output, NativeStatsJobTracker jobTracker) {
    this.tracker = jobTracker;
    this.dataCols = output;
    PLANNING.set(this);
    try {
      query.executedPlan(); // a plan prepared earlier is not re-planned: placed stays false
    } finally {
      PLANNING.remove();
    }
    if (placed) {
      tasks = jobTracker.taskFactory();
      NativeStatsMetrics.writesScanBatches.increment();
    }
    return placed;
  }

  /** Placement rule: the data columns the tap must find under the columnar-to-row step. */
  Seq<Attribute> dataCols() {
    return dataCols;
  }

  /** Placement rule: the tap is in the plan. */
  void placed() {
    placed = true;
  }

  boolean armed() {
    return tasks != null;
  }

  NativeStatsTaskFactory tasks() {
    return tasks;
  }

  /** Driver, job committed: the write's numbers, as the job tracker reports them on the row path. */
  void jobCommitted() {
    if (tracker != null && armed()) {
      tracker.reportWrite();
    }
  }
}
