package io.glutendelta.stats.clustering;

import io.glutendelta.stats.line.AddFileShim;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.actions.AddFile;

/**
 * Runs a {@link LightweightPlanner} plan through the {@link RewriteExecutor}: each bin is
 * coalesced into one file (rows are not sorted); outputs get dataChange=false and no
 * clusteringProvider or ZCube tags; the commit is an OPTIMIZE with {@code clusterBy = []}.
 */
public final class LightweightCompaction {
  private LightweightCompaction() {}

  /** Outcome; {@code version} is -1 when nothing was committed. */
  public record Result(LightweightPlanner.Plan plan, long version, int filesRemoved,
      long bytesRemoved, int filesAdded) {}

  /** The compaction layout: one unsorted file per bin, unclustered. */
  static final RewriteExecutor.Layout LAYOUT = new RewriteExecutor.Layout() {
    @Override
    public Dataset<Row> arrange(Dataset<Row> rows, long binBytes) {
      return rows.coalesce(1);
    }

    @Override
    public UnaryOperator<AddFile> newBinTagger() {
      return add -> AddFileShim.withLayout(add, null);
    }

    @Override
    public List<String> clusterBy() {
      return List.of();
    }
  };

  public static LightweightPlanner.Plan explain(SparkSession spark, String path,
      LightweightPlanner.Config cfg) {
    return plan(DeltaStatsLoader.snapshot(spark, path), cfg);
  }

  public static Result run(SparkSession spark, String path, LightweightPlanner.Config cfg) {
    RewriteExecutor.Outcome<LightweightPlanner.Plan> o = execute(spark, path, cfg, false);
    RewriteCommitter.Committed c = o.committed();
    return c == null ? new Result(o.plan(), -1, 0, 0, 0)
        : new Result(o.plan(), c.version(), c.filesRemoved(), c.bytesRemoved(), c.filesAdded());
  }

  /** Plans inside the transaction and, when the gate lets the tier run, compacts. */
  static RewriteExecutor.Outcome<LightweightPlanner.Plan> execute(SparkSession spark,
      String path, LightweightPlanner.Config cfg, boolean auto) {
    return RewriteExecutor.execute(spark, path, auto, snapshot -> {
      LightweightPlanner.Plan plan = plan(snapshot, cfg);
      return plan.applies()
          ? new RewriteExecutor.Rewrite<>(plan, plan.bins(), LAYOUT, false)
          : RewriteExecutor.Rewrite.nothing(plan);
    }, null);
  }

  static LightweightPlanner.Plan plan(Snapshot snapshot, LightweightPlanner.Config cfg) {
    List<String> columns = DeltaStatsLoader.clusteringColumns(snapshot);
    if (!cfg.clusteringColumns().equals(columns)) {
      throw new IllegalArgumentException("clustering columns " + cfg.clusteringColumns()
          + " differ from the table's " + columns);
    }
    return LightweightPlanner.plan(DeltaStatsLoader.load(snapshot, columns), cfg, false);
  }
}
