package io.glutendelta.stats.compat;

import org.apache.hadoop.mapreduce.JobContext;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.sql.delta.files.DelayedCommitProtocol;
import scala.Option;

/**
 * Delta's commit protocol with the one override whose parameter is a Scala {@code Seq}: a Java
 * override must name the erasure, {@code scala.collection.immutable.Seq} on Scala 2.13.
 */
public abstract class CommitProtocolBase extends DelayedCommitProtocol {
  private static final long serialVersionUID = 1L;

  protected CommitProtocolBase(String jobId, String path, Option<Object> randomPrefixLength, Option<String> subdir) {
    super(jobId, path, randomPrefixLength, subdir);
  }

  @Override
  public final void commitJob(JobContext jobContext, scala.collection.immutable.Seq<FileCommitProtocol.TaskCommitMessage> taskCommits) {
    super.commitJob(jobContext, taskCommits);
    afterCommitJob();
  }

  /** Driver, after Delta collected the job's files. */
  protected abstract void afterCommitJob();
}
