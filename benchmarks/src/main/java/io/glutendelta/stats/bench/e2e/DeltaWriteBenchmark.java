package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.LineInfo;
import io.glutendelta.stats.bench.report.Progress;
import io.glutendelta.stats.bench.tpcds.Dirs;
import io.glutendelta.stats.bench.tpcds.TpcdsParquetCache;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The one-JVM view ({@code --one-jvm}): TPC-DS tables written to Delta three ways (vanilla
 * stats, native stats, stats off) in alternating rounds inside one session, so that every mode
 * sees the same JIT state, page cache and machine noise. No user runs Spark this way (an
 * application has the plugin or not); {@link JvmPerModeBenchmark} is the view as users run it. The first rounds are discarded warm-up; the report shows medians with
 * min/max. Native and vanilla writes of the same data must commit identical stats.
 */
public final class DeltaWriteBenchmark {
  private DeltaWriteBenchmark() {}

  public static void main(String[] args) throws Exception {
    E2eOptions opts;
    try {
      // This class is the one-JVM view whichever way it is started (scripts/profile-e2e.sh runs it directly).
      List<String> a = new ArrayList<>(List.of(args));
      if (!a.contains("--one-jvm")) {
        a.add(0, "--one-jvm");
      }
      opts = E2eOptions.parse(a.toArray(new String[0]));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    LineInfo.require(opts.line);
    boolean wantNative = !opts.generateOnly && opts.modes.contains(WriteMode.NATIVE);
    if (wantNative) {
      NativeHookProbe.requirePlugin(opts.plugin);
    }
    SparkSession spark = session(opts.master, wantNative ? opts.plugin : null, Map.of());
    try {
      run(spark, opts);
    } finally {
      spark.stop();
    }
  }

  /**
   * A session as a user's application builds it: Delta's extension and catalog, plus our plugin
   * in {@code spark.plugins} when {@code plugin} is not null (the plugin adds our extensions).
   */
  public static SparkSession session(String master, String plugin, Map<String, String> extraConfs) {
    SparkSession.Builder b = SparkSession.builder()
        .appName("gds-bench-e2e")
        .master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.databricks.delta.snapshotPartitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.datetime.java8API.enabled", "true")
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
    if (plugin != null) {
      b.config("spark.plugins", plugin);
    }
    extraConfs.forEach(b::config);
    return b.getOrCreate();
  }

  static void run(SparkSession spark, E2eOptions opts) throws Exception {
    TpcdsParquetCache cache = new TpcdsParquetCache(spark, opts.cacheDir, opts.scaleFactor);
    Map<String, Path> sources = new LinkedHashMap<>();
    for (String t : opts.tables) {
      sources.put(t, cache.ensure(t));
    }
    if (opts.generateOnly) {
      return;
    }
    E2eResults results = new E2eResults();
    for (Map.Entry<String, Path> e : sources.entrySet()) {
      results.table(e.getKey()).sourceRows = spark.read().parquet(e.getValue().toString()).count();
    }
    Dirs.deleteRecursively(opts.workDir);
    int totalRounds = opts.warmupRounds + opts.rounds;
    long start = System.nanoTime();
    Map<String, Long> weights = new LinkedHashMap<>();
    double weight = 0;
    for (Map.Entry<String, Path> e : sources.entrySet()) {
      weights.put(e.getKey(), JvmPerModeBenchmark.WRITE_FIXED_WEIGHT + JvmPerModeBenchmark.bytes(e.getValue()));
      weight += (double) weights.get(e.getKey()) * opts.modes.size() * totalRounds;
    }
    Progress progress = new Progress("e2e", totalRounds * opts.tables.size() * opts.modes.size(), weight, start);
    for (int round = 0; round < totalRounds; round++) {
      boolean warmup = round < opts.warmupRounds;
      for (String table : opts.tables) {
        Dataset<Row> source = spark.read().parquet(sources.get(table).toString());
        Map<WriteMode, DeltaLogStats> written = new LinkedHashMap<>();
        for (WriteMode mode : opts.modes) {
          Path target = opts.workDir.resolve(table + "-" + mode.label() + "-r" + round);
          mode.apply(spark.conf());
          System.gc();
          NativePath path = NativePath.watch();
          ProcessClock c0 = ProcessClock.now();
          long t0 = System.nanoTime();
          source.write().format("delta").save(target.toString());
          long t1 = System.nanoTime();
          double secs = (t1 - t0) / 1e9;
          ProcessClock c1 = ProcessClock.now();
          checkPath(results.table(table), table, mode, path);
          DeltaLogStats stats = DeltaLogStats.read(target);
          Dirs.deleteRecursively(target);
          results.record(round, warmup, table, mode, t0, t1, c1.cpuSecondsSince(c0), c1.gcSecondsSince(c0), stats);
          written.put(mode, stats);
          progress.advance(weights.get(table));
          System.out.println(progress.line(System.nanoTime(), String.format(Locale.ROOT,
              "round %d/%d%s %-14s %-9s %7.2f s  cpu=%.2f s gc=%.2f s  files=%d stats=%d", round + 1, totalRounds,
              warmup ? " (warm-up)" : "", table, mode.label(), secs, c1.cpuSecondsSince(c0), c1.gcSecondsSince(c0),
              stats.files(), stats.stats().size())));
        }
        check(results.table(table), written, table);
      }
    }
    Path dir = E2eReport.write(opts, results);
    System.out.println("[e2e] report: " + dir.resolve("README.md"));
    for (E2eResults.TableInfo info : results.tables().values()) {
      if (!info.statsMismatches.isEmpty()) {
        throw new IllegalStateException("native and vanilla stats differ (see report): "
            + info.statsMismatches.get(0));
      }
    }
  }

  /**
   * The mode must have taken the path it names: native writes have every file from the engine
   * (no fallback), the others none (local mode: task counters live in this JVM).
   */
  private static void checkPath(E2eResults.TableInfo info, String table, WriteMode mode, NativePath path) {
    if (mode == WriteMode.NATIVE) {
      info.nativeFilesSeen = Math.max(0, info.nativeFilesSeen) + path.nativeFiles();
    }
    String problem = path.problem(mode);
    if (problem != null) {
      String msg = table + " " + problem;
      info.statsMismatches.add(msg);
      System.out.println("[e2e] " + msg);
    }
  }

  /** Native must equal vanilla; stats-on writes must cover every source row. */
  private static void check(E2eResults.TableInfo info, Map<WriteMode, DeltaLogStats> written, String table) {
    DeltaLogStats vanilla = written.get(WriteMode.VANILLA);
    DeltaLogStats nat = written.get(WriteMode.NATIVE);
    DeltaLogStats any = vanilla != null ? vanilla : nat != null ? nat : written.values().iterator().next();
    info.filesPerWrite = any.files();
    for (Map.Entry<WriteMode, DeltaLogStats> e : written.entrySet()) {
      DeltaLogStats s = e.getValue();
      if (e.getKey().collectsStats() && (s.stats().size() != s.files() || s.numRecords() != info.sourceRows)) {
        info.statsMismatches.add(table + " " + e.getKey().label() + ": " + s.stats().size() + " of "
            + s.files() + " files have stats, numRecords " + s.numRecords() + " vs " + info.sourceRows + " source rows");
      }
    }
    if (vanilla != null && nat != null) {
      info.statsComparisons++;
      String diff = DeltaLogStats.difference(vanilla, nat);
      if (diff != null) {
        info.statsMismatches.add(table + " native vs vanilla: " + diff);
        System.out.println("[e2e] STATS MISMATCH " + table + ": " + diff);
      }
    }
  }
}
