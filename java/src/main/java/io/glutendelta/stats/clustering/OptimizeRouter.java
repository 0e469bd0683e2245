package io.glutendelta.stats.clustering;

import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.Snapshot;

/**
 * Which tier runs an OPTIMIZE or an auto compaction of a liquid-clustered table:
 *
 * <ol>
 *   <li>{@code OPTIMIZE FULL}: Delta's own, documented to force the reclustering of all records
 *       (Delta 3.3+); our tiers keep well-sized clustered files, so they cannot give that;
 *   <li>lightweight compaction when {@code ...optimize.clustering.lightweight.enabled} and
 *       0 &lt; unclustered bytes &lt; {@code maxUnclusteredBytes};
 *   <li>else our incremental clustering when
 *       {@code spark.glutendelta.clustering.incremental.enabled};
 *   <li>else Delta's own ({@link Tier#DELTA}: the caller runs it).
 * </ol>
 *
 * A configured lightweight column that is not a clustering column fails the command first.
 */
public final class OptimizeRouter {
  private OptimizeRouter() {}

  public enum Tier { LIGHTWEIGHT, INCREMENTAL, DELTA }

  /**
   * What a routed run did, in the terms of Delta's OPTIMIZE result. {@code version} is -1 when
   * nothing was committed (and for {@link Tier#DELTA}).
   */
  public record Routed(Tier tier, long version, long[] addedSizes, long[] removedSizes,
      int numBins, long consideredFiles, int dvsRemoved, long dvRowsRemoved) {}

  /** Whether our routing takes part at all: one of the two switches is on. */
  public static boolean enabled(SparkSession spark) {
    return LightweightPlanner.Config.enabled(spark) || ClusteringConfig.incrementalEnabled(spark);
  }

  /** Whether the snapshot's table is liquid-clustered. */
  public static boolean clustered(Snapshot snapshot) {
    return !DeltaStatsLoader.clusteringColumns(snapshot).isEmpty();
  }

  /**
   * Routes and runs one OPTIMIZE ({@code auto} false) or auto compaction ({@code auto} true).
   *
   * @param minFileSize small-file threshold, or -1 for the session's optimize.minFileSize
   * @param maxFileSize target file size, or -1 for the session's optimize.maxFileSize
   */
  public static Routed run(SparkSession spark, String path, boolean full, boolean auto,
      long minFileSize, long maxFileSize) {
    if (full) {
      return deltas();
    }
    Snapshot snapshot = DeltaStatsLoader.snapshot(spark, path);
    long considered = snapshot.numOfFiles();
    List<String> columns = DeltaStatsLoader.clusteringColumns(snapshot);
    ClusteringConfig cc = ClusteringConfig.fromSession(spark, columns, false);
    if (minFileSize >= 0 && maxFileSize > 0) {
      cc = cc.withSizes(minFileSize, maxFileSize);
    }
    if (LightweightPlanner.Config.enabled(spark)) {
      LightweightPlanner.Config lc = LightweightPlanner.Config.fromSession(spark, cc);
      if (lc.column() != null) {
        LightweightPlanner.resolveConfigured(lc); // fails before anything is read or written
      }
      RewriteExecutor.Outcome<LightweightPlanner.Plan> o =
          LightweightCompaction.execute(spark, path, lc, auto);
      if (o.plan().applies()) {
        return routed(Tier.LIGHTWEIGHT, o, considered);
      }
    }
    if (ClusteringConfig.incrementalEnabled(spark)) {
      return routed(Tier.INCREMENTAL, IncrementalClustering.execute(spark, path, cc, auto, null),
          considered);
    }
    return deltas();
  }

  /** Delta's own tier: the caller runs Delta's command, nothing of ours was read or written. */
  private static Routed deltas() {
    return new Routed(Tier.DELTA, -1, new long[0], new long[0], 0, 0, 0, 0);
  }

  private static Routed routed(Tier tier, RewriteExecutor.Outcome<?> o, long considered) {
    RewriteCommitter.Committed c = o.committed();
    return c == null ? new Routed(tier, -1, new long[0], new long[0], 0, considered, 0, 0)
        : new Routed(tier, c.version(), c.addedSizes(), c.removedSizes(), o.numBins(),
            considered, c.dvsRemoved(), c.dvRowsRemoved());
  }
}
