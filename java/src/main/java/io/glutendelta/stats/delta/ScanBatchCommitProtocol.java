package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.CommitProtocolBase;
import io.glutendelta.stats.line.AddFileShim;
import java.lang.reflect.Field;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.actions.FileAction;
import org.apache.spark.sql.delta.files.DelayedCommitProtocol;
import scala.Option;
import scala.Tuple2;

/**
 * Delta's commit protocol for a write whose statistics its tasks' taps collect
 * ({@link ScanBatchStatsWrite}): each task's one {@code AddFile} gets the JSON its tap left, on
 * the executor, before Delta sees the file. A file without a tap result in its task (which the
 * placement's checks rule out) fails the task rather than commit a file without statistics.
 * Inert when the write was not armed.
 */
final class ScanBatchCommitProtocol extends CommitProtocolBase {
  private static final long serialVersionUID = 1L;

  private final ScanBatchStatsWrite write;

  private ScanBatchCommitProtocol(DelayedCommitProtocol delta, ScanBatchStatsWrite write) throws ReflectiveOperationException {
    super("delta", (String) field(delta, "path"), castOption(field(delta, "randomPrefixLength")),
        castOption(field(delta, "subdir")));
    this.write = write;
  }

  /**
   * Delta's committer as this class, with Delta's own constructor arguments (which Delta keeps
   * private), or null when this Delta line's committer does not have them.
   */
  static ScanBatchCommitProtocol of(DelayedCommitProtocol delta, ScanBatchStatsWrite write) {
    if (delta.getClass() != DelayedCommitProtocol.class) {
      return null;
    }
    try {
      return new ScanBatchCommitProtocol(delta, write);
    } catch (ReflectiveOperationException | ClassCastException | SecurityException e) {
      return null;
    }
  }

  private static Object field(DelayedCommitProtocol delta, String name) throws ReflectiveOperationException {
    Field f = DelayedCommitProtocol.class.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(delta);
  }

  @SuppressWarnings("unchecked")
  private static <T> Option<T> castOption(Object o) {
    return (Option<T>) o;
  }

  ScanBatchStatsWrite write() {
    return write;
  }

  @Override
  @SuppressWarnings({"rawtypes", "unchecked"})
  public FileAction buildActionFromAddedFile(Tuple2 f, FileStatus stat, TaskAttemptContext taskContext) {
    FileAction action = super.buildActionFromAddedFile(f, stat, taskContext);
    if (!write.armed() || !(action instanceof AddFile add)) {
      return action;
    }
    String json = ScanBatchTap.take(TaskContext.get().taskAttemptId());
    if (json == null) {
      throw new IllegalStateException("gluten-delta-stats: file " + add.path() + " was written by a task "
          + "whose batches were not tapped for statistics, or by a task that wrote more than one file; "
          + "not committing it without statistics. Set " + NativeStatsConf.SCAN_BATCHES + "=false to "
          + "collect statistics from rows, and please report this.");
    }
    return AddFileShim.withStats(add, json);
  }

  @Override
  protected void afterCommitJob() {
    write.jobCommitted();
  }
}
