package io.glutendelta.stats.clustering;

import io.glutendelta.stats.compat.ScalaColl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaOperations;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.RowTracking$;
import org.apache.spark.sql.delta.actions.Action;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.actions.DeletionVectorDescriptor;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.execution.metric.SQLMetrics$;
import scala.Option;

/**
 * Commits a layout rewrite the way Delta's OPTIMIZE does: removes with dataChange=false,
 * OPTIMIZE's operation metrics (file counts, bytes, size percentiles, deletion vectors
 * removed), the row-tracking "preserved" commit tag, and operation {@code OPTIMIZE} with the
 * given {@code clusterBy} and {@code auto} (true for auto compaction, as Delta's). Conflicts
 * are Delta's: inputs were registered with {@code trackFilesRead}, so a concurrent delete of an
 * input aborts the commit, while concurrent appends (no read predicate, dataChange=false) commit fine.
 */
final class RewriteCommitter {
  private RewriteCommitter() {}

  /** What was committed. */
  record Committed(long version, long[] addedSizes, long[] removedSizes, int dvsRemoved,
      long dvRowsRemoved) {
    int filesAdded() {
      return addedSizes.length;
    }

    long bytesAdded() {
      return java.util.Arrays.stream(addedSizes).sum();
    }

    int filesRemoved() {
      return removedSizes.length;
    }

    long bytesRemoved() {
      return java.util.Arrays.stream(removedSizes).sum();
    }
  }

  static Committed commit(SparkSession spark, OptimisticTransaction txn, List<AddFile> inputs,
      List<AddFile> outputs, List<String> clusterBy, boolean full, boolean auto,
      Runnable beforeCommit) {
    long now = System.currentTimeMillis();
    List<Action> actions = new ArrayList<>(outputs);
    long removedBytes = 0;
    long dvRows = 0;
    long dvBytes = 0;
    int dvs = 0;
    for (AddFile in : inputs) {
      actions.add(in.removeWithTimestamp(now, false));
      removedBytes += in.size();
      DeletionVectorDescriptor dv = in.deletionVector();
      if (dv != null) {
        dvs++;
        dvRows += dv.cardinality();
        dvBytes += dv.sizeInBytes();
      }
    }
    long[] sizes = outputs.stream().mapToLong(AddFile::size).sorted().toArray();
    long addedBytes = Arrays.stream(sizes).sum();
    Map<String, SQLMetric> metrics = new HashMap<>();
    put(spark, metrics, "numAddedFiles", sizes.length);
    put(spark, metrics, "numRemovedFiles", inputs.size());
    put(spark, metrics, "numAddedBytes", addedBytes);
    put(spark, metrics, "numRemovedBytes", removedBytes);
    if (sizes.length > 0) {
      put(spark, metrics, "minFileSize", sizes[0]);
      put(spark, metrics, "p25FileSize", sizes[(sizes.length - 1) / 4]);
      put(spark, metrics, "p50FileSize", sizes[(sizes.length - 1) / 2]);
      put(spark, metrics, "p75FileSize", sizes[3 * (sizes.length - 1) / 4]);
      put(spark, metrics, "maxFileSize", sizes[sizes.length - 1]);
    }
    put(spark, metrics, "numDeletionVectorsRemoved", dvs);
    put(spark, metrics, "numDeletionVectorRowsRemoved", dvRows);
    put(spark, metrics, "numDeletionVectorBytesRemoved", dvBytes);
    txn.registerSQLMetrics(spark, ScalaColl.map(metrics));

    DeltaOperations.Optimize op = new DeltaOperations.Optimize(ScalaColl.seq(List.of()),
        ScalaColl.seq(List.of()), auto, Option.apply(ScalaColl.seq(clusterBy)), full);
    scala.collection.immutable.Map<String, String> tags = RowTracking$.MODULE$
        .addPreservedRowTrackingTagIfNotSet(txn.snapshot(), ScalaColl.map(Map.of()));
    if (beforeCommit != null) {
      beforeCommit.run();
    }
    long version = txn.commit(ScalaColl.seq(actions), op, tags);
    long[] removed = inputs.stream().mapToLong(AddFile::size).sorted().toArray();
    return new Committed(version, sizes, removed, dvs, dvRows);
  }

  private static void put(SparkSession spark, Map<String, SQLMetric> m, String name, long v) {
    SQLMetric metric = SQLMetrics$.MODULE$.createMetric(spark.sparkContext(), name);
    metric.set(v);
    m.put(name, metric);
  }
}
