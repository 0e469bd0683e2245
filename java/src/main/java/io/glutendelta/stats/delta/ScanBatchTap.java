package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.ColumnBatcher;
import io.glutendelta.stats.compat.ScalaColl;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One task's tap on the columnar batches it writes: passes each batch on unchanged after handing
 * its statistics columns to the native engine, and when the input ends leaves the task's one
 * file's JSON for the committer ({@link #take}). The failure policy is the row path's: native code
 * unavailable before any batch, or a retried attempt, and Delta's own task tracker takes the rows
 * of the batches instead; a native failure after a batch fails the attempt.
 */
final class ScanBatchTap extends scala.collection.AbstractIterator<ColumnarBatch> {
  private static final Logger LOG = LoggerFactory.getLogger(ScanBatchTap.class);
  /** Per task attempt: the JSON of the file it writes, until its committer takes it. */
  private static final Map<Long, String> RESULTS = new ConcurrentHashMap<>();
  /** Delta's tracker keys results by file name; the tap has one file and names it this. */
  private static final String FILE = "scan-batch";

  private final scala.collection.Iterator<ColumnarBatch> input;
  private final NativeStatsTaskFactory write;
  /** Per data column (Delta's row order): its column in the input batches. */
  private final int[] ordinals;
  private final long attempt;
  private final ColumnVector[] columns;
  private BufferAllocator allocator;
  private StatsJsonAggregator engine;
  private ColumnBatcher batcher;
  private DeltaTaskStatisticsTracker delta;
  private long rows;
  private long nativeNanos;
  private boolean done;

  private ScanBatchTap(scala.collection.Iterator<ColumnarBatch> input, NativeStatsTaskFactory write, int[] ordinals) {
    this.input = input;
    this.write = write;
    this.ordinals = ordinals;
    this.columns = new ColumnVector[ordinals.length];
    TaskContext ctx = TaskContext.get();
    this.attempt = ctx.taskAttemptId();
    ctx.addTaskCompletionListener(c -> {
      release();
      RESULTS.remove(attempt);
    });
    if (ctx.attemptNumber() > 0) {
      // An earlier attempt may have failed in native code: Delta's tracker serves every retry.
      fallBack("retry or speculative copy of a task attempt", null);
      return;
    }
    try {
      StatsExpressionPlan plan = StatsExpressionPlan.analyze(write.dataCols, write.statsColExpr);
      long t0 = System.nanoTime();
      allocator = ArrowUtils.rootAllocator().newChildAllocator("gluten-delta-stats scan batches", 0, Long.MAX_VALUE);
      engine = new StatsJsonAggregator(plan, allocator);
      engine.begin(0);
      nativeNanos += System.nanoTime() - t0;
      batcher = new ColumnBatcher(plan.inputSchema(), allocator);
    } catch (UnsupportedStatsException | RuntimeException | LinkageError e) {
      release();
      fallBack(e.toString(), e);
    }
  }

  /** The tapped iterator of one task's batches. */
  static scala.collection.Iterator<ColumnarBatch> wrap(ScanBatchStatsWrite write, int[] ordinals,
      scala.collection.Iterator<ColumnarBatch> input) {
    if (!write.armed()) {
      return input;
    }
    return new ScanBatchTap(input, write.tasks(), ordinals);
  }

  /** Committer: the JSON of the file task attempt {@code attempt} wrote, once; null when it has none. */
  static String take(long attempt) {
    return RESULTS.remove(attempt);
  }

  @Override
  public boolean hasNext() {
    if (input.hasNext()) {
      return true;
    }
    if (!done) {
      done = true;
      finish();
    }
    return false;
  }

  @Override
  public ColumnarBatch next() {
    ColumnarBatch batch = input.next();
    int n = batch.numRows();
    for (int i = 0; i < ordinals.length; i++) {
      columns[i] = batch.column(ordinals[i]);
    }
    if (delta != null) {
      ColumnarBatch view = new ColumnarBatch(columns, n);
      for (int r = 0; r < n; r++) {
        delta.newRow(FILE, view.getRow(r));
      }
    } else if (n > 0) {
      try {
        long t0 = System.nanoTime();
        engine.add(0, batcher.copy(columns, n));
        nativeNanos += System.nanoTime() - t0;
      } catch (RuntimeException e) {
        throw fail(e);
      }
    }
    rows += n;
    return batch;
  }

  private void finish() {
    String json;
    if (delta != null) {
      json = ScalaColl.asJava(delta.getFinalStats(System.currentTimeMillis()).stats()).get(FILE);
    } else {
      try {
        long t0 = System.nanoTime();
        json = engine.finish(0, rows);
        nativeNanos += System.nanoTime() - t0;
      } catch (RuntimeException e) {
        throw fail(e);
      }
      release();
      NativeStatsMetrics.filesNative.increment();
      NativeStatsMetrics.rowsNative.add(rows);
      if (write.counters != null) {
        write.counters.nativeFile(rows);
        write.counters.nativeTime(nativeNanos);
      }
    }
    RESULTS.put(attempt, json);
  }

  private RuntimeException fail(RuntimeException e) {
    NativeStatsMetrics.taskFailures.increment();
    release();
    return new IllegalStateException("gluten-delta-stats: native statistics failed after " + rows
        + " rows of this task's batches were handed to the engine; failing the task attempt so that "
        + "no file is committed with missing or wrong statistics (its retry uses Delta's own tracker): " + e, e);
  }

  private void fallBack(String reason, Throwable cause) {
    LOG.debug("gluten-delta-stats: Delta's own tracker serves this task's batches: {}", reason, cause);
    delta = write.deltaTaskTracker();
    delta.newFile(FILE);
    NativeStatsMetrics.taskFallbacks.increment();
    if (write.counters != null) {
      write.counters.fallback(reason);
    }
  }

  private void release() {
    if (batcher != null) {
      batcher.close();
      batcher = null;
    }
    StatsJsonAggregator.release(engine, allocator);
    engine = null;
    allocator = null;
  }
}
