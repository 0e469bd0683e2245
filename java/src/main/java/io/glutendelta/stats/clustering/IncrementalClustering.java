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
import org.apache.spark.sql.delta.skipping.MultiDimClustering$;
import org.apache.spark.sql.delta.zorder.ZCubeInfo;
import org.apache.spark.sql.delta.zorder.ZCubeInfo$;
import scala.Option;

/**
 * Incremental clustering of a liquid-clustered Delta table: rewrites only the files
 * {@link ClusteringPlanner} selects, with Delta's own curve code
 * ({@code MultiDimClustering}, curve "hilbert": range ids from sampling, Z-order for one
 * column, Hilbert for more), through the transaction's {@code writeFiles(isOptimize = true)},
 * tagging outputs as Delta's liquid clustering does ({@code clusteringProvider = liquid},
 * {@code ZCUBE_ID} / {@code ZCUBE_ZORDER_BY} via {@code ZCubeInfo}), dataChange=false, row
 * tracking preserved, committed as OPTIMIZE with {@code clusterBy}.
 *
 * <p>Use {@link #explain} to see the plan first; {@link #run} plans again inside the
 * transaction, so it always acts on the snapshot it commits against.
 */
public final class IncrementalClustering {
  private IncrementalClustering() {}

  /** Outcome of a run; {@code version} is -1 when the plan was empty. */
  public record Result(ClusteringPlan plan, long version, int filesAdded, long bytesAdded,
      int filesRemoved, long bytesRemoved) {}

  /** The plan for the table's current state, using the session's OPTIMIZE thresholds. */
  public static ClusteringPlan explain(SparkSession spark, String path) {
    Snapshot snapshot = DeltaStatsLoader.snapshot(spark, path);
    return plan(spark, path, snapshot, null);
  }

  /** The plan for the table's current state with explicit thresholds. */
  public static ClusteringPlan explain(SparkSession spark, String path, ClusteringConfig config) {
    return plan(spark, path, DeltaStatsLoader.snapshot(spark, path), config);
  }

  public static Result run(SparkSession spark, String path) {
    return run(spark, path, null, null);
  }

  /**
   * Plans and rewrites.
   *
   * @param config thresholds, or null for the session's OPTIMIZE settings
   * @param beforeCommit called after the files are written, right before the commit (used by
   *     tests to interleave concurrent operations); may be null
   */
  public static Result run(SparkSession spark, String path, ClusteringConfig config,
      Runnable beforeCommit) {
    DeltaLog log = DeltaLog.forTable(spark, path);
    OptimisticTransaction txn = log.startTransaction(Option.empty(), Option.empty());
    Snapshot snapshot = txn.snapshot();
    ClusteringPlan plan = plan(spark, path, snapshot, config);
    if (plan.isEmpty()) {
      return new Result(plan, -1, 0, 0, 0, 0);
    }
    List<String> columns = plan.config().columns();
    Map<String, AddFile> byPath = inputs(snapshot, plan);
    List<AddFile> inputs = new ArrayList<>(byPath.values());
    txn.trackFilesRead(Scala.seq(inputs));

    List<AddFile> outputs = new ArrayList<>();
    for (ClusteringPlan.Bin bin : plan.bins()) {
      List<AddFile> binFiles = new ArrayList<>();
      for (String p : bin.paths()) {
        binFiles.add(byPath.get(p));
      }
      // Reads with deletion vectors applied; keeps row ids / commit versions if tracked.
      Dataset<Row> df = log.createDataFrame(snapshot, Scala.seq(binFiles), false,
          Option.apply("Optimize"));
      df = RowTracking$.MODULE$.preserveRowTrackingColumns(df, snapshot);
      Dataset<Row> clustered = MultiDimClustering$.MODULE$.cluster(df,
          bin.approxOutputFiles(), Scala.seq(columns), "hilbert");
      ZCubeInfo cube = ZCubeInfo$.MODULE$.apply(Scala.seq(columns)); // fresh ZCUBE_ID
      for (FileAction a : Scala.list(txn.writeFiles(clustered, Option.empty(), true,
          Scala.seq(List.of())))) {
        if (!(a instanceof AddFile add)) {
          throw new IllegalStateException("clustering wrote an unexpected action " + a);
        }
        outputs.add(ZCubeInfo$.MODULE$.setForFile(AddFiles.withLayout(add,
            ClusteringPlanner.LIQUID), cube));
      }
    }
    RewriteCommitter.Committed c = RewriteCommitter.commit(spark, txn, inputs, outputs, columns,
        plan.config().full(), beforeCommit);
    return new Result(plan, c.version(), c.filesAdded(), c.bytesAdded(), c.filesRemoved(),
        c.bytesRemoved());
  }

  static ClusteringPlan plan(SparkSession spark, String path, Snapshot snapshot,
      ClusteringConfig config) {
    List<String> columns = DeltaStatsLoader.clusteringColumns(snapshot);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("table " + path + " has no clustering columns "
          + "(CLUSTER BY): incremental clustering needs a liquid-clustered table");
    }
    ClusteringConfig cfg = config != null ? config
        : ClusteringConfig.fromSession(spark, columns, false);
    if (!cfg.columns().equals(columns)) {
      throw new IllegalArgumentException("clustering columns " + cfg.columns()
          + " differ from the table's " + columns + " for " + path);
    }
    FileStatsModel model = DeltaStatsLoader.load(snapshot, columns);
    return ClusteringPlanner.plan(path, model, cfg);
  }

  /** The AddFile actions of the plan's inputs, from the same snapshot. */
  static Map<String, AddFile> inputs(Snapshot snapshot, ClusteringPlan plan) {
    List<String> paths = new ArrayList<>();
    plan.bins().forEach(b -> paths.addAll(b.paths()));
    Map<String, AddFile> byPath = new HashMap<>();
    for (AddFile a : snapshot.allFiles().filter(col("path").isin(paths.toArray()))
        .collectAsList()) {
      byPath.put(a.path(), a);
    }
    if (byPath.size() != paths.size()) {
      throw new IllegalStateException("planned files missing from snapshot " + snapshot.version());
    }
    return byPath;
  }
}
