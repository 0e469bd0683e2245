package io.glutendelta.stats.clustering;

import static org.apache.spark.sql.functions.col;

import io.glutendelta.stats.skipping.DeltaStatsLoader;
import io.glutendelta.stats.skipping.FileStatsModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * Runs a {@link LightweightPlanner} plan: each bin is coalesced into one file (rows are not
 * sorted) through {@code writeFiles(isOptimize = true)}; outputs get dataChange=false and no
 * clusteringProvider or ZCube tags; the commit is an OPTIMIZE with {@code clusterBy = []}.
 */
public final class LightweightCompaction {
  private LightweightCompaction() {}

  /** Outcome; {@code version} is -1 when nothing was committed. */
  public record Result(LightweightPlanner.Plan plan, long version, int filesRemoved,
      long bytesRemoved, int filesAdded) {}

  public static LightweightPlanner.Plan explain(SparkSession spark, String path,
      LightweightPlanner.Config cfg) {
    Snapshot s = DeltaStatsLoader.snapshot(spark, path);
    return LightweightPlanner.plan(DeltaStatsLoader.load(s, cfg.clusteringColumns()), cfg,
        false);
  }

  public static Result run(SparkSession spark, String path, LightweightPlanner.Config cfg) {
    DeltaLog log = DeltaLog.forTable(spark, path);
    OptimisticTransaction txn = log.startTransaction(Option.empty(), Option.empty());
    Snapshot snapshot = txn.snapshot();
    if (!cfg.clusteringColumns().equals(DeltaStatsLoader.clusteringColumns(snapshot))) {
      throw new IllegalArgumentException("clustering columns " + cfg.clusteringColumns()
          + " differ from the table's " + DeltaStatsLoader.clusteringColumns(snapshot));
    }
    FileStatsModel model = DeltaStatsLoader.load(snapshot, cfg.clusteringColumns());
    LightweightPlanner.Plan plan = LightweightPlanner.plan(model, cfg, false);
    if (!plan.applies() || plan.bins().isEmpty()) {
      return new Result(plan, -1, 0, 0, 0);
    }
    List<String> all = new ArrayList<>();
    plan.bins().forEach(all::addAll);
    Map<String, AddFile> byPath = new HashMap<>();
    for (AddFile a : snapshot.allFiles().filter(col("path").isin(all.toArray()))
        .collectAsList()) {
      byPath.put(a.path(), a);
    }
    List<AddFile> inputs = new ArrayList<>(byPath.values());
    txn.trackFilesRead(Scala.seq(inputs));
    List<AddFile> outputs = new ArrayList<>();
    for (List<String> bin : plan.bins()) {
      List<AddFile> files = bin.stream().map(byPath::get).toList();
      Dataset<Row> df = log.createDataFrame(snapshot, Scala.seq(files), false,
          Option.apply("Optimize"));
      df = RowTracking$.MODULE$.preserveRowTrackingColumns(df, snapshot).coalesce(1);
      for (FileAction a : Scala.list(txn.writeFiles(df, Option.empty(), true,
          Scala.seq(List.of())))) {
        if (!(a instanceof AddFile add)) {
          throw new IllegalStateException("compaction wrote an unexpected action " + a);
        }
        outputs.add(AddFiles.withLayout(add, null));
      }
    }
    RewriteCommitter.Committed c = RewriteCommitter.commit(spark, txn, inputs, outputs,
        List.of(), false, null);
    return new Result(plan, c.version(), c.filesRemoved(), c.bytesRemoved(), c.filesAdded());
  }
}
