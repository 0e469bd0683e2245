package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.RowBatcher;
import io.glutendelta.stats.compat.ScalaColl;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.delta.stats.DeltaFileStatistics;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.util.TaskCompletionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-task statistics tracker on the row path. Rows of each open file are buffered into a reused
 * Arrow batch (only the stats columns) and handed to the native engine when full; at
 * {@code closeFile} the engine's per-file result becomes Delta's JSON through Delta's own result
 * expression. Several files may be open at once; results are keyed by file name, as Delta does.
 * The failure policy is the {@link State} machine below.
 */
public final class NativeTaskStatsTracker implements WriteTaskStatsTracker {
  private static final Logger LOG = LoggerFactory.getLogger(NativeTaskStatsTracker.class);

  /**
   * Who serves this task's statistics. The allowed moves are in {@link #moveTo}:
   * <ul>
   *   <li>{@code NATIVE → FALLBACK}: native code is unavailable (the task cannot start, a call
   *       fails) before this tracker accepted any row, or this is a retried attempt: Delta's
   *       tracker serves the rest of the task and nothing is lost.
   *   <li>{@code NATIVE → FAILED}: a native call failed after rows were accepted. They cannot be
   *       replayed, so the attempt fails and commits nothing; Spark's retry of the task starts in
   *       {@code FALLBACK} (attempt number &gt; 0), so the job still succeeds.
   *   <li>{@code NATIVE | FALLBACK → RELEASED}: the final stats were returned or the task ended.
   * </ul>
   * Leaving {@code NATIVE} frees the native task and the Arrow buffers; {@code FAILED} and
   * {@code RELEASED} are terminal and refuse further calls.
   */
  enum State { NATIVE, FALLBACK, FAILED, RELEASED }

  /** The write's inputs: Delta's columns and expression, table root, batch rows, counters. */
  private final NativeStatsTaskFactory write;
  private final NativeStatsWriteAccumulators counters;

  private final StatsExpressionPlan plan;
  private final Map<String, OpenFile> open = new LinkedHashMap<>();
  /** newRow's last file: Delta passes the same path object for every row of a file. */
  private String lastPath;
  private OpenFile lastFile;
  private final ArrayDeque<RowBatcher> spare = new ArrayDeque<>();
  private final Map<String, String> results = new HashMap<>();
  private BufferAllocator allocator;
  private StatsJsonAggregator engine;
  private State state = State.NATIVE;
  /** Delta's tracker, set on entering FALLBACK. */
  private DeltaTaskStatisticsTracker fallback;
  /** Set on entering FAILED; every later call rethrows it. */
  private RuntimeException failure;
  private long nextFileId;
  /** Rows handed to the engine in NATIVE (the batches not yet handed are counted by rowsAccepted). */
  private long rowsFlushed;
  /** Time in engine calls (task creation, batches, each file's result up to Delta's JSON). */
  private long nativeNanos;

  /** Per open file: native id, its pending batch, rows handed to the engine so far. */
  private static final class OpenFile {
    final long id;
    final RowBatcher batch;
    long rows;

    OpenFile(long id, RowBatcher batch) {
      this.id = id;
      this.batch = batch;
    }
  }

  NativeTaskStatsTracker(NativeStatsTaskFactory write) {
    this.write = write;
    this.counters = write.counters;
    TaskContext ctx = TaskContext.get();
    StatsExpressionPlan p = null;
    if (ctx != null && ctx.attemptNumber() > 0) {
      // An earlier attempt may have failed in native code after rows reached it. The executor
      // cannot tell why (the retry may run elsewhere), so every retry or speculative copy is
      // served by Delta: it must not fail because of us.
      fallBack("retry or speculative copy of a task attempt", null);
    } else {
      try {
        p = StatsExpressionPlan.analyze(write.dataCols, write.statsColExpr);
      } catch (UnsupportedStatsException e) {
        // The driver accepted it, so this is unexpected; still never worse than vanilla Delta.
        fallBack(e.toString(), e);
      }
    }
    this.plan = p;
    if (ctx != null) {
      ctx.addTaskCompletionListener(new TaskCompletionListener() {
        @Override
        public void onTaskCompletion(TaskContext context) {
          if (state == State.NATIVE || state == State.FALLBACK) {
            moveTo(State.RELEASED);
          }
        }
      });
    }
  }

  /** Whether this task ended up on Delta's own tracker. */
  public boolean usesFallback() {
    return fallback != null;
  }

  State state() {
    return state;
  }

  @Override
  public void newPartition(InternalRow partitionValues) {
    if (state != State.NATIVE) {
      servingDelta().newPartition(partitionValues);
    }
  }

  @Override
  public void newFile(String filePath) {
    if (state != State.NATIVE) {
      servingDelta().newFile(filePath);
      return;
    }
    if (open.containsKey(filePath)) {
      return; // Delta's tracker ignores a repeated newFile as well
    }
    try {
      long t0 = System.nanoTime();
      if (engine == null) {
        allocator = ArrowUtils.rootAllocator().newChildAllocator("gluten-delta-stats task", 0, Long.MAX_VALUE);
        engine = new StatsJsonAggregator(plan, allocator);
      }
      long id = nextFileId++;
      engine.begin(id);
      nativeNanos += System.nanoTime() - t0;
      RowBatcher batch = spare.isEmpty() ? new RowBatcher(plan.inputSchema(), allocator, write.batchRows) : spare.pop();
      open.put(filePath, new OpenFile(id, batch));
    } catch (RuntimeException | LinkageError e) {
      nativeUnavailable(filePath, e);
      fallback.newFile(filePath);
    }
  }

  @Override
  public void newRow(String filePath, InternalRow row) {
    // Spark calls this once per row from a lambda that C2 inlines into its write loop only while
    // the lambda's compiled code is small; once it is not, the lambda is called and its closure
    // allocated per row. So the per-row code is the append alone: everything a row needs only
    // now and then (another file, a full batch, Delta serving the task) is in fileWithRoom.
    OpenFile f = lastFile;
    if (f == null || filePath != lastPath || f.batch.isFull()) {
      f = fileWithRoom(filePath, row);
      if (f == null) {
        return;
      }
    }
    f.batch.append(row);
  }

  /**
   * The open file {@code filePath} with room for one more row (a full batch handed to the engine
   * first), or null when Delta's tracker serves this task and has taken the row.
   */
  private OpenFile fileWithRoom(String filePath, InternalRow row) {
    if (state != State.NATIVE) {
      servingDelta().newRow(filePath, row);
      return null;
    }
    OpenFile f = filePath == lastPath ? lastFile : open.get(filePath);
    if (f == null) {
      throw new IllegalStateException("newRow for a file that is not open: " + filePath);
    }
    lastPath = filePath;
    lastFile = f;
    if (f.batch.isFull()) {
      flush(filePath, f);
    }
    return f;
  }

  @Override
  public void closeFile(String filePath) {
    if (state != State.NATIVE) {
      servingDelta().closeFile(filePath);
      return;
    }
    OpenFile f = open.get(filePath);
    if (f == null) {
      throw new IllegalStateException("closeFile for a file that is not open: " + filePath);
    }
    String fileName = new Path(filePath).getName();
    if (results.containsKey(fileName)) {
      throw new IllegalStateException("Stats already recorded for file: " + filePath);
    }
    flush(filePath, f);
    String json;
    try {
      long t0 = System.nanoTime();
      json = engine.finish(f.id, f.rows);
      nativeNanos += System.nanoTime() - t0;
    } catch (RuntimeException e) {
      nativeUnavailable(filePath, e);
      fallback.closeFile(filePath); // an empty first file: Delta's tracker reopened it
      return;
    }
    open.remove(filePath);
    forgetLastFile();
    spare.push(f.batch);
    results.put(fileName, json);
    NativeStatsMetrics.filesNative.increment();
    NativeStatsMetrics.rowsNative.add(f.rows);
    if (counters != null) {
      counters.nativeFile(f.rows);
    }
  }

  @Override
  public DeltaFileStatistics getFinalStats(long taskCommitTime) {
    if (state == State.NATIVE) {
      for (String path : new ArrayList<>(open.keySet())) {
        closeFile(path);
      }
    }
    Map<String, String> all = new HashMap<>(results);
    if (state != State.NATIVE) {
      all.putAll(ScalaColl.asJava(servingDelta().getFinalStats(taskCommitTime).stats()));
    }
    if (counters != null) {
      counters.nativeTime(nativeNanos);
    }
    moveTo(State.RELEASED);
    return new DeltaFileStatistics(ScalaColl.map(all));
  }

  /** Delta's tracker in FALLBACK; in FAILED or RELEASED the call is refused. */
  private DeltaTaskStatisticsTracker servingDelta() {
    if (state == State.FALLBACK) {
      return fallback;
    }
    if (state == State.FAILED) {
      throw failure;
    }
    throw new IllegalStateException("gluten-delta-stats: task statistics tracker used in state " + state);
  }

  /** Hands the file's pending rows to the engine; a failure here always fails the attempt. */
  private void flush(String filePath, OpenFile f) {
    int rows = f.batch.rowCount();
    if (rows == 0) {
      return;
    }
    try {
      VectorSchemaRoot batch = f.batch.seal();
      long t0 = System.nanoTime();
      engine.add(f.id, batch);
      nativeNanos += System.nanoTime() - t0;
    } catch (RuntimeException e) {
      throw fail(filePath, e);
    }
    f.rows += rows;
    rowsFlushed += rows;
    f.batch.reset();
  }

  /** Rows accepted in NATIVE: once positive, a native failure can no longer fall back. */
  private long rowsAccepted() {
    long n = rowsFlushed;
    for (OpenFile f : open.values()) {
      n += f.batch.rowCount();
    }
    return n;
  }

  private void forgetLastFile() {
    lastPath = null;
    lastFile = null;
  }

  /**
   * A native call failed in NATIVE: falls back if no row was accepted yet (returns normally, in
   * FALLBACK), otherwise throws the error that fails the attempt.
   */
  private void nativeUnavailable(String filePath, Throwable e) {
    if (rowsAccepted() > 0) {
      throw fail(filePath, e);
    }
    fallBack(e.toString(), e);
  }

  private RuntimeException fail(String filePath, Throwable e) {
    NativeStatsMetrics.taskFailures.increment();
    failure = new IllegalStateException("gluten-delta-stats: native statistics failed for file " + filePath
        + " after " + rowsAccepted() + " rows of this task were handed to the engine; failing the task "
        + "attempt so that no file is committed with missing or wrong statistics (its retry uses "
        + "Delta's own tracker): " + e, e);
    moveTo(State.FAILED);
    return failure;
  }

  private void fallBack(String reason, Throwable cause) {
    LOG.debug("gluten-delta-stats: Delta's own tracker serves this task: {}", reason, cause);
    List<String> reopen = new ArrayList<>(open.keySet());
    moveTo(State.FALLBACK);
    fallback = write.deltaTaskTracker();
    for (String path : reopen) {
      fallback.newFile(path);
    }
    NativeStatsMetrics.taskFallbacks.increment();
    if (counters != null) {
      counters.fallback(reason);
    }
  }

  /** The one place the state changes; leaving NATIVE frees native state. */
  private void moveTo(State next) {
    boolean allowed = switch (state) {
      case NATIVE -> next != State.NATIVE;
      case FALLBACK -> next == State.RELEASED;
      case FAILED, RELEASED -> false;
    };
    if (!allowed) {
      throw new IllegalStateException("gluten-delta-stats: task statistics tracker cannot move from "
          + state + " to " + next);
    }
    if (state == State.NATIVE) {
      releaseNative();
    }
    state = next;
  }

  /** Frees native state and Arrow buffers (on leaving NATIVE). */
  private void releaseNative() {
    RuntimeException first = null;
    for (OpenFile f : open.values()) {
      try {
        if (engine != null) {
          engine.abort(f.id);
        }
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
      f.batch.close();
    }
    open.clear();
    forgetLastFile();
    while (!spare.isEmpty()) {
      spare.pop().close();
    }
    StatsJsonAggregator.release(engine, allocator);
    engine = null;
    allocator = null;
    if (first != null) {
      LOG.debug("gluten-delta-stats: abort during cleanup failed", first);
    }
  }
}
