package io.glutendelta.stats.clustering;

import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.line.AddFileShim;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.skipping.MultiDimClustering$;
import org.apache.spark.sql.delta.zorder.ZCubeInfo;
import org.apache.spark.sql.delta.zorder.ZCubeInfo$;

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
    RewriteExecutor.Outcome<ClusteringPlan> o = execute(spark, path, config, false,
        beforeCommit);
    RewriteCommitter.Committed c = o.committed();
    return c == null ? new Result(o.plan(), -1, 0, 0, 0, 0)
        : new Result(o.plan(), c.version(), c.filesAdded(), c.bytesAdded(), c.filesRemoved(),
            c.bytesRemoved());
  }

  /** Plans inside the transaction and rewrites; {@code auto} marks an auto compaction. */
  static RewriteExecutor.Outcome<ClusteringPlan> execute(SparkSession spark, String path,
      ClusteringConfig config, boolean auto, Runnable beforeCommit) {
    return RewriteExecutor.execute(spark, path, auto,
        snapshot -> {
          ClusteringPlan plan = plan(spark, path, snapshot, config);
          List<List<String>> bins = plan.bins().stream().map(ClusteringPlan.Bin::paths).toList();
          return new RewriteExecutor.Rewrite<>(plan, bins,
              new ZCubeLayout(plan.config().columns(), plan.config().maxFileSize()),
              plan.config().full());
        }, beforeCommit);
  }

  /** Liquid clustering's layout: one new ZCube per bin, Delta's curve, Delta's tags. */
  record ZCubeLayout(List<String> columns, long maxFileSize) implements RewriteExecutor.Layout {
    @Override
    public Dataset<Row> arrange(Dataset<Row> rows, long binBytes) {
      return MultiDimClustering$.MODULE$.cluster(rows,
          ClusteringPlan.approxOutputFiles(binBytes, maxFileSize), ScalaColl.seq(columns), "hilbert");
    }

    @Override
    public UnaryOperator<AddFile> newBinTagger() {
      ZCubeInfo cube = ZCubeInfo$.MODULE$.apply(ScalaColl.seq(columns)); // fresh ZCUBE_ID
      return add -> ZCubeInfo$.MODULE$.setForFile(
          AddFileShim.withLayout(add, ClusteringPlanner.LIQUID), cube);
    }

    @Override
    public List<String> clusterBy() {
      return columns;
    }
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
    TableStats model = DeltaStatsLoader.load(snapshot, columns);
    return ClusteringPlanner.plan(path, model, cfg);
  }
}
