package io.glutendelta.stats.bench.mainjob;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsExtension;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.delta.NativeStatsRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The project's main job: writes a table to Delta on an embedded local[*] session with native
 * statistics, prints how many files got native stats, then writes the same data with native
 * stats switched off and checks that every committed {@code AddFile.stats} string is
 * byte-identical. {@code scripts/run-main.sh} feeds it real TPC-DS store_sales ({@code --source});
 * without a source it generates a store_sales-shaped table itself (23 columns: 9 int surrogate
 * keys, a bigint ticket number, quantity and 12 decimal(7,2) amounts, ~4% nulls like dsdgen).
 *
 * <p>Usage: {@code MainJob [--rows N] [--files N] [--out DIR] [--rounds N]} (defaults: 2 880 404
 * rows, i.e. store_sales at scale factor 1; 8 files). {@code --rounds N} adds a quick timing:
 * N alternating rounds of vanilla stats / native stats / stats off after a warm-up, medians and
 * ratios printed. {@code --source DIR} writes an existing Parquet table instead (e.g. the
 * benchmarks module's cached TPC-DS store_sales), repartitioned into {@code --files} files.
 * Exit code 0 only when native stats were used for every file and match
 * vanilla Delta.
 */
public final class MainJob {
  private MainJob() {}

  public static void main(String[] args) throws Exception {
    long rows = 2_880_404L;
    int files = 8;
    Path out = null;
    int rounds = 0;
    String source = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rows = Long.parseLong(args[++i]);
        case "--files" -> files = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--source" -> source = args[++i];
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + " (usage: MainJob [--rows N] [--files N] [--out DIR] [--rounds N] [--source PARQUET_DIR])");
      }
    }
    boolean tempOut = out == null;
    if (tempOut) {
      out = Files.createTempDirectory("gluten-delta-stats-main");
    }
    // Spark's start-up INFO lines would bury the result; must be set before log4j initializes.
    if (System.getProperty("log4j2.configurationFile") == null) {
      System.setProperty("log4j2.configurationFile", "io/glutendelta/stats/tools-log4j2.properties");
    }
    SparkSession spark = SparkSession.builder()
        .appName("gluten-delta-stats main job")
        .master("local[*]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.databricks.delta.snapshotPartitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.extensions",
            "io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName())
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    System.out.println("source: " + (source != null ? source + " (Parquet)" : "synthetic store_sales-shaped data"));
    int exit;
    try {
      Dataset<Row> data = source != null
          ? spark.read().parquet(source).repartition(files)
          : storeSales(spark, rows, files);
      exit = run(spark, data, files, out);
      if (exit == 0 && rounds > 0) {
        time(spark, data, out, rounds);
      }
    } finally {
      spark.stop();
      if (tempOut) {
        deleteTree(out); // two full copies of the table: do not leave them in /tmp
      }
    }
    System.exit(exit);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  static int run(SparkSession spark, Dataset<Row> source, int files, Path out) throws IOException {
    String problem = NativeStatsRuntime.hookProblem();
    System.out.println("native statistics: " + (problem == null ? "active" : "NOT active: " + problem));
    Dataset<Row> data = source.cache();
    System.out.printf("source data: %,d rows, %d columns, %d partitions%n", data.count(),
        data.columns().length, files);

    // Small warm-up writes in both modes, so neither timed write pays for JIT and codegen alone.
    for (String mode : new String[] {"true", "false"}) {
      spark.conf().set(NativeStatsConf.ENABLED, mode);
      data.limit(20_000).write().format("delta").mode("overwrite").save(out.resolve("warmup_" + mode).toString());
    }
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    String nativePath = out.resolve("store_sales_native").toString();
    String vanillaPath = out.resolve("store_sales_vanilla").toString();
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    long t0 = System.nanoTime();
    data.write().format("delta").mode("overwrite").save(nativePath);
    double nativeSec = (System.nanoTime() - t0) / 1e9;
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    List<String> nativeStats = addStats(spark, nativePath);
    System.out.printf("wrote %s: %d files in %.1f s; files with native stats: %d (rows %,d), task fallbacks: %d%n",
        nativePath, nativeStats.size(), nativeSec, d.filesNative(), d.rowsNative(), d.taskFallbacks());

    spark.conf().set(NativeStatsConf.ENABLED, "false");
    t0 = System.nanoTime();
    data.write().format("delta").mode("overwrite").save(vanillaPath);
    double vanillaSec = (System.nanoTime() - t0) / 1e9;
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    List<String> vanillaStats = addStats(spark, vanillaPath);
    int same = 0;
    for (int i = 0; i < Math.min(nativeStats.size(), vanillaStats.size()); i++) {
      same += nativeStats.get(i).equals(vanillaStats.get(i)) ? 1 : 0;
    }
    System.out.printf("vanilla Delta write of the same data: %.1f s; stats byte-identical for %d of %d files%n",
        vanillaSec, same, vanillaStats.size());
    if (!nativeStats.isEmpty()) {
      System.out.println("sample stats: " + nativeStats.get(0));
    }
    data.unpersist();
    boolean ok = problem == null && d.filesNative() >= nativeStats.size() && !nativeStats.isEmpty()
        && nativeStats.equals(vanillaStats);
    System.out.println(ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
  }

  /** Alternating vanilla / native / stats-off writes of the cached data; prints medians. */
  static void time(SparkSession spark, Dataset<Row> source, Path out, int rounds) {
    Dataset<Row> data = source.cache();
    data.count();
    String[] modes = {"vanilla", "native", "off"};
    double[][] sec = new double[modes.length][rounds];
    for (int r = -1; r < rounds; r++) { // round -1 warms up the JIT and is discarded
      for (int m = 0; m < modes.length; m++) {
        spark.conf().set(NativeStatsConf.ENABLED, String.valueOf(m == 1));
        spark.conf().set("spark.databricks.delta.stats.collect", String.valueOf(m != 2));
        long t0 = System.nanoTime();
        data.write().format("delta").mode("overwrite").save(out.resolve("timing_" + modes[m]).toString());
        double s = (System.nanoTime() - t0) / 1e9;
        if (r >= 0) {
          sec[m][r] = s;
        }
      }
    }
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    spark.conf().set("spark.databricks.delta.stats.collect", "true");
    double[] med = new double[modes.length];
    for (int m = 0; m < modes.length; m++) {
      double[] v = sec[m].clone();
      java.util.Arrays.sort(v);
      med[m] = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
      System.out.printf("timing %-7s median %.2f s over %d rounds %s%n", modes[m], med[m], rounds,
          java.util.Arrays.toString(sec[m]));
    }
    System.out.printf("timing ratios: native/vanilla %.3f, off/vanilla %.3f, native/off %.3f%n",
        med[1] / med[0], med[2] / med[0], med[1] / med[2]);
    data.unpersist();
  }

  /** store_sales columns and types; values are hash-derived so runs are repeatable. */
  static Dataset<Row> storeSales(SparkSession spark, long rows, int partitions) {
    List<String> cols = new ArrayList<>();
    String[] keys = {"ss_sold_date_sk:2450816:1823", "ss_sold_time_sk:28800:43200", "ss_item_sk:1:18000",
        "ss_customer_sk:1:100000", "ss_cdemo_sk:1:1920800", "ss_hdemo_sk:1:7200", "ss_addr_sk:1:50000",
        "ss_store_sk:1:12", "ss_promo_sk:1:300"};
    int salt = 1;
    for (String k : keys) {
      String[] p = k.split(":");
      cols.add(nullable(salt++, "cast(" + p[1] + " + pmod(hash(id, " + salt + "), " + p[2] + ") as int)") + " as " + p[0]);
    }
    cols.add("cast(id div 10 + 1 as bigint) as ss_ticket_number");
    cols.add(nullable(salt++, "cast(1 + pmod(hash(id, 97), 100) as int)") + " as ss_quantity");
    String[] amounts = {"ss_wholesale_cost", "ss_list_price", "ss_sales_price", "ss_ext_discount_amt",
        "ss_ext_sales_price", "ss_ext_wholesale_cost", "ss_ext_list_price", "ss_ext_tax",
        "ss_coupon_amt", "ss_net_paid", "ss_net_paid_inc_tax", "ss_net_profit"};
    for (String a : amounts) {
      String v = "cast(pmod(hash(id, " + (salt * 31) + "), 2000000) / 100.0 as decimal(7,2))";
      if (a.equals("ss_net_profit")) {
        v = "cast((pmod(hash(id, 4242), 2000000) - 1000000) / 100.0 as decimal(7,2))";
      }
      cols.add(nullable(salt++, v) + " as " + a);
    }
    return spark.range(0, rows, 1, partitions).selectExpr(cols.toArray(new String[0]));
  }

  private static String nullable(int salt, String expr) {
    return "if(pmod(hash(id, " + (1000 + salt) + "), 25) = 0, null, " + expr + ")";
  }

  /** Sorted stats strings of the files added by the table's latest commit. */
  private static List<String> addStats(SparkSession spark, String path) throws IOException {
    Path log = Path.of(path, "_delta_log");
    String latest;
    try (var s = Files.list(log)) {
      latest = s.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d{20}\\.json"))
          .max(String::compareTo).orElseThrow(() -> new IOException("no commit in " + log));
    }
    List<String> out = new ArrayList<>();
    for (Row r : spark.read().json(log.resolve(latest).toString()).where("add IS NOT NULL")
        .selectExpr("add.stats").collectAsList()) {
      out.add(r.isNullAt(0) ? "null" : r.getString(0));
    }
    Collections.sort(out);
    return out;
  }
}
