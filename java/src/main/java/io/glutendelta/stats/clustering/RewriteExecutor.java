package io.glutendelta.stats.clustering;

import io.glutendelta.stats.compat.ScalaColl;
import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.RowTracking$;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.actions.FileAction;
import scala.Option;

/**
 * The one rewrite path of every clustering tier: starts the transaction, lets the tier plan
 * against the transaction's snapshot, looks the planned files up (all must still be there),
 * registers them with {@code trackFilesRead} (a concurrent delete of an input aborts the
 * commit), reads each bin with deletion vectors applied and row-tracking columns preserved,
 * lets the tier's {@link Layout} arrange the rows, writes through
 * {@code writeFiles(isOptimize = true)}, lets the layout tag the outputs, and commits through
 * {@link RewriteCommitter}. Tiers only plan.
 */
final class RewriteExecutor {
  private RewriteExecutor() {}

  /** How a tier lays out the rows of one bin and marks the files written from it. */
  interface Layout {
    Dataset<Row> arrange(Dataset<Row> rows, long binBytes);

    /** A tagger for the files of one new bin (called once per bin: one ZCube per bin). */
    UnaryOperator<AddFile> newBinTagger();

    /** The commit's {@code clusterBy} ({@code []} for a compaction). */
    List<String> clusterBy();
  }

  /** What a tier plans: its own plan object, the bins (file paths) and their layout. */
  record Rewrite<P>(P plan, List<List<String>> bins, Layout layout, boolean full) {
    static <P> Rewrite<P> nothing(P plan) {
      return new Rewrite<>(plan, List.of(), null, false);
    }
  }

  /** The plan and what was committed ({@code committed} null when nothing was). */
  record Outcome<P>(P plan, RewriteCommitter.Committed committed, int numBins) {
    long version() {
      return committed == null ? -1 : committed.version();
    }
  }

  static <P> Outcome<P> execute(SparkSession spark, String path, boolean auto,
      Function<Snapshot, Rewrite<P>> planner, Runnable beforeCommit) {
    DeltaLog log = DeltaLog.forTable(spark, path);
    OptimisticTransaction txn = log.startTransaction(Option.empty(), Option.empty());
    Snapshot snapshot = txn.snapshot();
    Rewrite<P> rewrite = planner.apply(snapshot);
    if (rewrite.bins().isEmpty()) {
      return new Outcome<>(rewrite.plan(), null, 0);
    }
    Map<String, AddFile> byPath = inputs(snapshot, rewrite.bins());
    List<AddFile> inputs = new ArrayList<>(byPath.values());
    txn.trackFilesRead(ScalaColl.seq(inputs));

    Layout layout = rewrite.layout();
    List<AddFile> outputs = new ArrayList<>();
    for (List<String> bin : rewrite.bins()) {
      List<AddFile> files = bin.stream().map(byPath::get).toList();
      long bytes = files.stream().mapToLong(AddFile::size).sum();
      // Reads with deletion vectors applied; keeps row ids / commit versions if tracked.
      Dataset<Row> df = log.createDataFrame(snapshot, ScalaColl.seq(files), false,
          Option.apply("Optimize"));
      df = layout.arrange(RowTracking$.MODULE$.preserveRowTrackingColumns(df, snapshot), bytes);
      UnaryOperator<AddFile> tag = layout.newBinTagger();
      for (FileAction a : ScalaColl.asJava(txn.writeFiles(df, Option.empty(), true,
          ScalaColl.seq(List.of())))) {
        if (!(a instanceof AddFile add)) {
          throw new IllegalStateException("layout rewrite wrote an unexpected action " + a);
        }
        outputs.add(tag.apply(add));
      }
    }
    RewriteCommitter.Committed c = RewriteCommitter.commit(spark, txn, inputs, outputs,
        layout.clusterBy(), rewrite.full(), auto, beforeCommit);
    return new Outcome<>(rewrite.plan(), c, rewrite.bins().size());
  }

  /** The AddFile actions of the planned files, from the same snapshot. */
  static Map<String, AddFile> inputs(Snapshot snapshot, List<List<String>> bins) {
    List<String> paths = new ArrayList<>();
    bins.forEach(paths::addAll);
    Map<String, AddFile> byPath = new HashMap<>();
    for (AddFile a : snapshot.allFiles().filter(col("path").isin(paths.toArray()))
        .collectAsList()) {
      byPath.put(a.path(), a);
    }
    if (byPath.size() != paths.size()) {
      throw new IllegalStateException("planned files missing from snapshot "
          + snapshot.version() + ": planned " + paths.size() + ", found " + byPath.size());
    }
    return byPath;
  }
}
