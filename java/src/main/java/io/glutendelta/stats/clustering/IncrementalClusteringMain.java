package io.glutendelta.stats.clustering;

import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Command line for {@link IncrementalClustering} and {@link LightweightCompaction}:
 * {@code explain|run|lightweight <table path>}. Spark settings come from -Dspark.* properties
 * (local[2] unless spark.master is set).
 */
public final class IncrementalClusteringMain {
  private IncrementalClusteringMain() {}

  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: IncrementalClusteringMain explain|run|lightweight <table path>");
      System.exit(2);
    }
    String mode = args[0].toLowerCase(Locale.ROOT);
    String path = args[1];
    SparkConf conf = new SparkConf(true);
    SparkSession.Builder b = SparkSession.builder().appName("incremental-clustering")
        .config(conf)
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog",
            "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .config("spark.ui.enabled", "false");
    if (!conf.contains("spark.master")) {
      b.master("local[2]");
    }
    SparkSession spark = b.getOrCreate();
    try {
      switch (mode) {
        case "explain" -> System.out.print(IncrementalClustering.explain(spark, path).explain());
        case "run" -> {
          IncrementalClustering.Result r = IncrementalClustering.run(spark, path);
          System.out.print(r.plan().explain());
          System.out.printf(Locale.ROOT, "committed version %d: removed %d files (%d bytes), "
              + "added %d files (%d bytes)%n", r.version(), r.filesRemoved(), r.bytesRemoved(),
              r.filesAdded(), r.bytesAdded());
        }
        case "lightweight" -> {
          var cols = DeltaStatsLoader.clusteringColumns(DeltaStatsLoader.snapshot(spark, path));
          LightweightPlanner.Config cfg = LightweightPlanner.Config.fromSession(spark,
              ClusteringConfig.fromSession(spark, cols, false));
          LightweightCompaction.Result r = LightweightCompaction.run(spark, path, cfg);
          System.out.print(r.plan().explain());
          System.out.printf(Locale.ROOT, "committed version %d: removed %d files, added %d%n",
              r.version(), r.filesRemoved(), r.filesAdded());
        }
        default -> throw new IllegalArgumentException("unknown mode " + args[0]
            + " (explain, run or lightweight)");
      }
    } finally {
      spark.stop();
    }
  }
}
