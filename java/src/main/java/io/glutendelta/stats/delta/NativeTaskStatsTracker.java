package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.RowBatcher;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.stats.DeltaFileStatistics;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
import org.apache.spark.sql.execution.datasources.WriteTaskStatsTracker;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.TaskCompletionListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Per-task statistics tracker on the row path. Rows of each open file are buffered into a reused
 * Arrow batch (only the stats columns) and handed to the native engine when full; at
 * {@code closeFile} the engine's per-file result becomes Delta's JSON through Delta's own result
 * expression. Several files may be open at once; results are keyed by file name, as Delta does.
 *
 * <p>Failure policy: a native failure before this tracker has seen any row switches the whole
 * task to Delta's own {@link DeltaTaskStatisticsTracker} (nothing is lost); after that the rows
 * already handed over cannot be replayed, so the task fails with a clear error and the write
 * commits nothing.
 */
public final class NativeTaskStatsTracker implements WriteTaskStatsTracker {
  private static final Logger LOG = LoggerFactory.getLogger(NativeTaskStatsTracker.class);

  private final Seq<Attribute> dataCols;
  private final Expression statsColExpr;
  private final Path rootPath;
  private final Configuration hadoopConf;
  private final int batchRows;
  private final LongAccumulator filesAcc;
  private final LongAccumulator fallbackAcc;

  private final StatsExpressionPlan plan;
  private final Map<String, OpenFile> open = new LinkedHashMap<>();
  /** newRow's last file: Delta passes the same path object for every row of a file. */
  private String lastPath;
  private OpenFile lastFile;
  private final ArrayDeque<RowBatcher> spare = new ArrayDeque<>();
  private final Map<String, String> results = new HashMap<>();
  private BufferAllocator allocator;
  private NativeStatsFiles engine;
  private DeltaTaskStatisticsTracker fallback;
  private long nextFileId;
  private long rowsSeen;
  private boolean closed;

  /** Per open file: native id, its pending batch, rows written so far. */
  private static final class OpenFile {
    final long id;
    final RowBatcher batch;
    long rows;

    OpenFile(long id, RowBatcher batch) {
      this.id = id;
      this.batch = batch;
    }
  }

  NativeTaskStatsTracker(Seq<Attribute> dataCols, Expression statsColExpr, Path rootPath,
      Configuration hadoopConf, int batchRows, LongAccumulator filesAcc, LongAccumulator fallbackAcc) {
    this.dataCols = dataCols;
    this.statsColExpr = statsColExpr;
    this.rootPath = rootPath;
    this.hadoopConf = hadoopConf;
    this.batchRows = batchRows;
    this.filesAcc = filesAcc;
    this.fallbackAcc = fallbackAcc;
    StatsExpressionPlan p;
    try {
      p = StatsExpressionPlan.analyze(dataCols, statsColExpr);
    } catch (UnsupportedStatsException e) {
      // The driver accepted it, so this is unexpected; still never worse than vanilla Delta.
      p = null;
      switchToFallback(e);
    }
    this.plan = p;
    TaskContext ctx = TaskContext.get();
    if (ctx != null) {
      ctx.addTaskCompletionListener(new TaskCompletionListener() {
        @Override
        public void onTaskCompletion(TaskContext context) {
          releaseNative();
        }
      });
    }
  }

  /** Whether this task ended up on Delta's own tracker. */
  public boolean usesFallback() {
    return fallback != null;
  }

  @Override
  public void newPartition(InternalRow partitionValues) {
    if (fallback != null) {
      fallback.newPartition(partitionValues);
    }
  }

  @Override
  public void newFile(String filePath) {
    if (fallback != null) {
      fallback.newFile(filePath);
      return;
    }
    if (open.containsKey(filePath)) {
      return; // Delta's tracker ignores a repeated newFile as well
    }
    try {
      if (engine == null) {
        allocator = ArrowUtils.rootAllocator().newChildAllocator("gluten-delta-stats task", 0, Long.MAX_VALUE);
        engine = new NativeStatsFiles(plan, allocator);
      }
      long id = nextFileId++;
      engine.begin(id);
      RowBatcher batch = spare.isEmpty() ? new RowBatcher(plan.inputSchema(), allocator, batchRows) : spare.pop();
      open.put(filePath, new OpenFile(id, batch));
    } catch (RuntimeException | LinkageError e) {
      RuntimeException fatal = onNativeFailure(filePath, e);
      if (fatal != null) {
        throw fatal;
      }
      fallback.newFile(filePath);
    }
  }

  @Override
  public void newRow(String filePath, InternalRow row) {
    if (fallback != null) {
      fallback.newRow(filePath, row);
      return;
    }
    OpenFile f = lastFile;
    if (filePath != lastPath) {
      f = open.get(filePath);
      if (f == null) {
        throw new IllegalStateException("newRow for a file that is not open: " + filePath);
      }
      lastPath = filePath;
      lastFile = f;
    }
    f.batch.append(row);
    f.rows++;
    rowsSeen++;
    if (f.batch.isFull()) {
      flush(filePath, f);
    }
  }

  @Override
  public void closeFile(String filePath) {
    if (fallback != null) {
      fallback.closeFile(filePath);
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
      json = engine.finish(f.id, f.rows);
    } catch (RuntimeException e) {
      RuntimeException fatal = onNativeFailure(filePath, e);
      if (fatal != null) {
        throw fatal;
      }
      fallback.closeFile(filePath); // an empty first file: Delta's tracker reopened it
      return;
    }
    open.remove(filePath);
    forgetLastFile();
    spare.push(f.batch);
    results.put(fileName, json);
    NativeStatsMetrics.filesNative.increment();
    NativeStatsMetrics.rowsNative.add(f.rows);
    if (filesAcc != null) {
      filesAcc.add(1);
    }
  }

  @Override
  public DeltaFileStatistics getFinalStats(long taskCommitTime) {
    for (String path : new ArrayList<>(open.keySet())) {
      closeFile(path);
    }
    Map<String, String> all = new HashMap<>(results);
    if (fallback != null) {
      all.putAll(CollectionConverters.asJava(fallback.getFinalStats(taskCommitTime).stats()));
    }
    releaseNative();
    return new DeltaFileStatistics(scala.collection.immutable.Map.from(CollectionConverters.asScala(all)));
  }

  private void flush(String filePath, OpenFile f) {
    if (f.batch.rowCount() == 0) {
      return;
    }
    try {
      engine.add(f.id, f.batch.seal());
    } catch (RuntimeException e) {
      rowsSeen = Math.max(rowsSeen, 1); // the batch had rows: they are lost, never fall back here
      throw onNativeFailure(filePath, e);
    } finally {
      if (!closed) {
        f.batch.reset();
      }
    }
  }

  private void forgetLastFile() {
    lastPath = null;
    lastFile = null;
  }

  /**
   * Falls back when nothing has been seen yet (returns normally); otherwise returns the exception
   * that must fail the task.
   */
  private RuntimeException onNativeFailure(String filePath, Throwable e) {
    if (rowsSeen == 0 && fallback == null) {
      switchToFallback(e);
      return null;
    }
    NativeStatsMetrics.taskFailures.increment();
    releaseNative();
    return new IllegalStateException("gluten-delta-stats: native statistics failed for file " + filePath
        + " after " + rowsSeen + " rows of this task were handed to the engine; failing the task so "
        + "that no file is committed with missing or wrong statistics: " + e, e);
  }

  private void switchToFallback(Throwable cause) {
    LOG.warn("gluten-delta-stats: native statistics unavailable for this task, using Delta's own "
        + "tracker: {}", cause.toString());
    List<String> reopen = new ArrayList<>(open.keySet());
    releaseNative();
    fallback = new DeltaTaskStatisticsTracker(dataCols, statsColExpr, rootPath, hadoopConf);
    for (String path : reopen) {
      fallback.newFile(path);
    }
    NativeStatsMetrics.taskFallbacks.increment();
    if (fallbackAcc != null) {
      fallbackAcc.add(1);
    }
  }

  /** Frees native state and Arrow buffers; idempotent (task end, fallback, failure). */
  private void releaseNative() {
    if (closed && engine == null) {
      return;
    }
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
    if (engine != null) {
      engine.close();
      engine = null;
    }
    if (allocator != null) {
      try {
        allocator.close();
      } catch (IllegalStateException leak) {
        LOG.error("gluten-delta-stats: Arrow memory still held at task end", leak);
      }
      allocator = null;
    }
    closed = true;
    if (first != null) {
      LOG.debug("gluten-delta-stats: abort during cleanup failed", first);
    }
  }
}
