package io.glutendelta.stats.bench.writeamp;

import io.glutendelta.stats.bench.cli.ArgValues;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Flags of {@link WriteAmplificationBenchmark}; the defaults are the real run's. */
final class WriteAmpOptions {
  /** Issue 11.5 asks for at least this many appends and 2 GB of Parquet in the real run. */
  static final int MIN_REAL_APPENDS = 20;

  double scaleFactor = 15;
  List<String> clusterBy = List.of("ss_item_sk", "ss_customer_sk");
  int appends = MIN_REAL_APPENDS;
  double appendFraction = 0.002;
  List<Variant> variants = List.of(Variant.values());
  Map<String, String> reclusterConfs = new LinkedHashMap<>(Map.of("spark.glutendelta.clustering.recluster.enabled", "true"));
  long targetFileBytes = 128L << 20;
  /** Delta's minFileSize (files below it count as small); -1 = half the target. */
  long minFileBytes = -1;
  int probeEvery = 1;
  String master = "local[2]";
  String plugin = io.glutendelta.stats.bench.e2e.E2eOptions.DEFAULT_PLUGIN;
  Path cacheDir = Paths.get(System.getProperty("user.home"), ".cache", "gluten-delta-stats", "tpcds");
  Path workDir = Paths.get(System.getProperty("java.io.tmpdir"), "gds-bench-write-amp");
  Path resultsDir = Paths.get("benchmarks", "results");
  String kind = "write-amplification";
  boolean updateLatest = true;
  boolean rebuildBase;
  /** After the appends, one OPTIMIZE FULL per variant, probed: skipping "after the final full run". */
  boolean finalFull = true;
  /**
   * runs.csv files (or the folders holding them) of earlier runs: their variants not run now join
   * the report; a variant in several comes from the first that holds it.
   */
  List<Path> merge = new ArrayList<>();

  static final String USAGE = String.join("\n",
      "WriteAmplificationBenchmark: a clustered store_sales table receives small appends, each followed by",
      "OPTIMIZE, under Delta's own OPTIMIZE and our clustering confs; bytes rewritten / bytes appended,",
      "OPTIMIZE time and files read per predicate, per run and cumulative.",
      "  --sf N                 store_sales scale factor (default 15: ~2.5 GB of Parquet; SF10 is ~1.7 GB)",
      "  --cluster-by a,b       clustering columns (default ss_item_sk,ss_customer_sk)",
      "  --appends N            appends, each followed by OPTIMIZE (default 20)",
      "  --append-fraction F    rows per append as a fraction of the table, sampled from it (default 0.002)",
      "  --variants a,b         among delta,incremental,lightweight,lightweight_recluster (default all)",
      "  --recluster-confs k=v,...  extra confs of lightweight_recluster (default "
          + "spark.glutendelta.clustering.recluster.enabled=true)",
      "  --target-file-mb N     spark.databricks.delta.optimize.maxFileSize in MiB (default 128)",
      "  --min-file-mb N        spark.databricks.delta.optimize.minFileSize in MiB (default half the target;\n"
      + "                         Delta's 1 GiB default would make every file of a 128 MiB target small)",
      "  --probe-every K        count files read per predicate after every K-th OPTIMIZE and the last (default 1)",
      "  --master M             Spark master (default local[2])",
      "  --plugin CLASS         our SparkPlugin (default " + io.glutendelta.stats.bench.e2e.E2eOptions.DEFAULT_PLUGIN + ")",
      "  --cache-dir DIR        TPC-DS Parquet cache (default ~/.cache/gluten-delta-stats/tpcds)",
      "  --work-dir DIR         tables (default $TMPDIR/gds-bench-write-amp; the clustered base is kept there)",
      "  --rebuild-base         rebuild the clustered base table even if one is there",
      "  --results-dir DIR      report root (default benchmarks/results)",
      "  --kind K               results folder name (default write-amplification)",
      "  --no-latest            do not refresh <results-dir>/latest",
      "  --no-final-full        skip the OPTIMIZE FULL (and its probes) after each variant's appends",
      "  --merge PATH           add the variants of an earlier run's runs.csv (file or its folder) that this run\n"
      + "                         does not run, e.g. Delta's own series measured separately (same SF, columns, base);\n"
      + "                         repeatable (a variant comes from the first PATH that has it); with --variants none,\n"
      + "                         only the report of the merged series is written");

  static WriteAmpOptions parse(String[] args) {
    WriteAmpOptions o = new WriteAmpOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--sf" -> o.scaleFactor = Double.parseDouble(value(args, ++i, a));
        case "--cluster-by" -> o.clusterBy = csv(value(args, ++i, a));
        case "--appends" -> o.appends = Integer.parseInt(value(args, ++i, a));
        case "--append-fraction" -> o.appendFraction = Double.parseDouble(value(args, ++i, a));
        case "--variants" -> {
          List<Variant> v = new ArrayList<>();
          String list = value(args, ++i, a);
          for (String s : list.equalsIgnoreCase("none") ? List.<String>of() : csv(list)) {
            Variant x = Variant.parse(s);
            if (v.contains(x)) {
              throw new IllegalArgumentException("--variants lists " + x.label() + " twice");
            }
            v.add(x);
          }
          o.variants = List.copyOf(v);
        }
        case "--recluster-confs" -> o.reclusterConfs = confs(value(args, ++i, a));
        case "--target-file-mb" -> o.targetFileBytes = (long) (Double.parseDouble(value(args, ++i, a)) * (1 << 20));
        case "--min-file-mb" -> o.minFileBytes = (long) (Double.parseDouble(value(args, ++i, a)) * (1 << 20));
        case "--probe-every" -> o.probeEvery = Integer.parseInt(value(args, ++i, a));
        case "--master" -> o.master = value(args, ++i, a);
        case "--plugin" -> o.plugin = value(args, ++i, a);
        case "--cache-dir" -> o.cacheDir = Paths.get(value(args, ++i, a));
        case "--work-dir" -> o.workDir = Paths.get(value(args, ++i, a));
        case "--results-dir" -> o.resultsDir = Paths.get(value(args, ++i, a));
        case "--kind" -> o.kind = value(args, ++i, a);
        case "--no-latest" -> o.updateLatest = false;
        case "--rebuild-base" -> o.rebuildBase = true;
        case "--merge" -> o.merge.add(Paths.get(value(args, ++i, a)));
        case "--no-final-full" -> o.finalFull = false;
        case "--help", "-h" -> throw new IllegalArgumentException(USAGE);
        default -> throw new IllegalArgumentException("unknown flag '" + a + "'\n" + USAGE);
      }
    }
    if (o.appends < 1 || o.probeEvery < 1) {
      throw new IllegalArgumentException("--appends and --probe-every must be >= 1");
    }
    if (!(o.appendFraction > 0 && o.appendFraction < 1)) {
      throw new IllegalArgumentException("--append-fraction must lie in (0, 1), got " + o.appendFraction);
    }
    if (o.clusterBy.isEmpty()) {
      throw new IllegalArgumentException("--cluster-by must not be empty");
    }
    if (o.variants.isEmpty() && o.merge.isEmpty()) {
      throw new IllegalArgumentException("--variants none needs --merge: there is nothing to report");
    }
    if (o.targetFileBytes < 1) {
      throw new IllegalArgumentException("--target-file-mb must be > 0");
    }
    if (o.minFileBytes < 0) {
      o.minFileBytes = o.targetFileBytes / 2;
    }
    if (o.minFileBytes > o.targetFileBytes) {
      throw new IllegalArgumentException("--min-file-mb must not exceed --target-file-mb");
    }
    return o;
  }

  /** "k=v,k2=v2" → ordered map; an empty string gives no confs. */
  static Map<String, String> confs(String s) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String kv : s.split(",")) {
      if (kv.isBlank()) {
        continue;
      }
      int eq = kv.indexOf('=');
      if (eq <= 0 || eq == kv.length() - 1) {
        throw new IllegalArgumentException("--recluster-confs wants key=value pairs, got '" + kv.trim() + "'");
      }
      m.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    return m;
  }

  /** Delta's OPTIMIZE file sizes, the same for every variant (ours read them too). */
  Map<String, String> sizeConfs() {
    return Map.of("spark.databricks.delta.optimize.maxFileSize", Long.toString(targetFileBytes),
        "spark.databricks.delta.optimize.minFileSize", Long.toString(minFileBytes));
  }

  /** Whether this run is as large as issue 11.5 asks (otherwise the report says it is a smoke run). */
  boolean fullSize(long baseBytes) {
    return appends >= MIN_REAL_APPENDS && baseBytes >= 2_000_000_000L;
  }

  private static String value(String[] args, int i, String flag) {
    return ArgValues.value(args, i, flag, USAGE);
  }

  private static List<String> csv(String s) {
    return ArgValues.csv(s);
  }
}
