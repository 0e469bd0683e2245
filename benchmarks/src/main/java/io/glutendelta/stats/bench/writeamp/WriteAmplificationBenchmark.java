package io.glutendelta.stats.bench.writeamp;

import io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark;
import io.glutendelta.stats.bench.e2e.NativeHookProbe;
import io.glutendelta.stats.bench.report.Progress;
import io.glutendelta.stats.bench.report.ResultsDir;
import io.glutendelta.stats.bench.tpcds.Dirs;
import io.glutendelta.stats.bench.tpcds.TpcdsParquetCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Write amplification of clustered tables (issue 11.5). A store_sales table clustered by two
 * columns is built and clustered once (Delta's own OPTIMIZE), copied per variant, and then
 * receives N small appends (rows sampled from the table's source, so they overlap every
 * clustered range), each followed by {@code OPTIMIZE}. The variant is chosen by session confs
 * only. Per run: bytes rewritten (the OPTIMIZE commit's {@code numRemovedBytes} from DESCRIBE
 * HISTORY) ÷ bytes appended (the append's {@code numOutputBytes}), the part of it that was
 * clustered files (from the commit's remove actions), OPTIMIZE wall time, and the files Delta's
 * scan reads for a point and a range predicate on each clustering column.
 */
public final class WriteAmplificationBenchmark {
  private WriteAmplificationBenchmark() {}

  public static void main(String[] args) throws Exception {
    WriteAmpOptions opts;
    try {
      opts = WriteAmpOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    NativeHookProbe.requirePlugin(opts.plugin);
    SparkSession spark = DeltaWriteBenchmark.session(opts.master, opts.plugin, opts.sizeConfs());
    try {
      run(spark, opts);
    } finally {
      spark.stop();
    }
  }

  static void run(SparkSession spark, WriteAmpOptions opts) throws IOException {
    long start = System.nanoTime();
    Path source = new TpcdsParquetCache(spark, opts.cacheDir, opts.scaleFactor).ensure("store_sales");
    Path base = opts.workDir.resolve("base-" + TpcdsParquetCache.scaleDirName(opts.scaleFactor) + "-"
        + String.join("-", opts.clusterBy) + "-" + (opts.targetFileBytes >> 10) + "kib");
    WriteAmpReport.Base baseInfo = ensureBase(spark, opts, source, base);
    Map<String, String> probes = probes(spark, base.toString(), opts.clusterBy);
    EvaluatorCrossCheck check = new EvaluatorCrossCheck();
    Map<String, Long> baseFilesRead = probe(spark, base.toString(), probes, opts.clusterBy, check, "base");
    System.out.printf(Locale.ROOT, "[write-amp] base: %d files, %.1f MiB, files read %s%n", baseInfo.files(),
        baseInfo.bytes() / 1048576.0, baseFilesRead);

    Merged merged = merged(opts);
    Map<Variant, AmplificationSeries> results = new LinkedHashMap<>();
    // Created up front: runs.csv is rewritten after every run, the report after every variant.
    Path dir = ResultsDir.create(opts.resultsDir, opts.kind);
    int steps = Math.max(1, opts.variants.size() * opts.appends); // --variants none: no step
    Progress progress = new Progress("write-amp", steps, steps, System.nanoTime());
    for (Variant v : opts.variants) {
      Path table = opts.workDir.resolve(v.label());
      Dirs.deleteRecursively(table);
      copyTree(base, table);
      Map<String, String> confs = v.confs(opts.reclusterConfs);
      setConfs(spark, confs);
      FileLedger ledger = new FileLedger(table);
      ledger.advanceTo(latestVersion(spark, table.toString()));
      AmplificationSeries series = new AmplificationSeries();
      results.put(v, series);
      for (int i = 0; i < opts.appends; i++) {
        spark.read().parquet(source.toString()).sample(false, opts.appendFraction, 1000L + i)
            .write().format("delta").mode("append").save(table.toString());
        Row appendCommit = latestCommit(spark, table.toString());
        long appended = metric(appendCommit, "numOutputBytes");
        ledger.advanceTo(appendCommit.<Long>getAs("version"));

        boolean probeNow = (i + 1) % opts.probeEvery == 0 || i == opts.appends - 1;
        AmplificationSeries.Run run = optimize(spark, table, "", ledger, appended,
            appendCommit.<Long>getAs("version"), probeNow ? probes : Map.of(), opts, check,
            v.label() + " run " + (i + 1));
        series.add(run);
        SeriesCsv.write(dir.resolve(SeriesCsv.FILE), results);
        progress.advance(1);
        System.out.println(progress.line(System.nanoTime(), String.format(Locale.ROOT,
            "%s run %d/%d: appended %.1f MiB, OPTIMIZE (%s) %.2f s rewrote %.1f MiB (clustered %.1f MiB), ratio %.2f, "
                + "cumulative %.2f, %d files%s", v.label(), i + 1, opts.appends, appended / 1048576.0, run.operation(),
            run.optimizeSeconds(), run.rewrittenBytes() / 1048576.0, run.rewrittenClusteredBytes() / 1048576.0,
            run.ratio(), series.cumulativeRatio(i), run.filesAfter(),
            run.filesRead().isEmpty() ? "" : ", files read " + run.filesRead())));
      }
      if (opts.finalFull) {
        // Issue 11.5 compares skipping "after the final full run": OPTIMIZE FULL clusters everything.
        AmplificationSeries.Run full = optimize(spark, table, " FULL", ledger, 0,
            latestVersion(spark, table.toString()), probes, opts, check, v.label() + " final FULL");
        series.finalFull(full);
        SeriesCsv.write(dir.resolve(SeriesCsv.FILE), results);
        System.out.printf(Locale.ROOT, "[write-amp] %s final OPTIMIZE FULL: %.2f s rewrote %.1f MiB, %d files, "
            + "files read %s%n", v.label(), full.optimizeSeconds(), full.rewrittenBytes() / 1048576.0,
            full.filesAfter(), full.filesRead());
      }
      unsetConfs(spark, confs);
      Dirs.deleteRecursively(table);
      WriteAmpReport.write(dir, opts, baseInfo, probes, baseFilesRead, withMerged(results, merged.series()),
          merged.from(), check, (System.nanoTime() - start) / 1e9);
    }
    if (opts.variants.isEmpty()) { // --variants none: the merged series' report alone
      WriteAmpReport.write(dir, opts, baseInfo, probes, baseFilesRead, withMerged(results, merged.series()),
          merged.from(), check, (System.nanoTime() - start) / 1e9);
    }
    System.out.println("[write-amp] report: " + dir.resolve("README.md"));
  }

  /**
   * Runs {@code OPTIMIZE t<suffix>} and measures it: what its commit rewrote (nothing when it
   * committed nothing after {@code beforeVersion}), its wall time, and the files read per probe.
   */
  private static AmplificationSeries.Run optimize(SparkSession spark, Path table, String suffix, FileLedger ledger,
      long appended, long beforeVersion, Map<String, String> probes, WriteAmpOptions opts, EvaluatorCrossCheck check,
      String label) {
    long t0 = System.nanoTime();
    spark.sql("OPTIMIZE delta.`" + table + "`" + suffix).collect();
    double secs = (System.nanoTime() - t0) / 1e9;
    Row opt = latestCommit(spark, table.toString());
    long version = opt.getAs("version");
    long rewritten = 0;
    long added = 0;
    long removedFiles = 0;
    long addedFiles = 0;
    long rewrittenClustered = 0;
    String operation = "none";
    if (version > beforeVersion) {
      FileLedger.Change c = ledger.advanceTo(version);
      operation = opt.getAs("operation");
      rewritten = metricOr(opt, "numRemovedBytes", c.removedBytes());
      added = metricOr(opt, "numAddedBytes", c.addedBytes());
      removedFiles = metricOr(opt, "numRemovedFiles", c.removedFiles());
      addedFiles = metricOr(opt, "numAddedFiles", c.addedFiles());
      rewrittenClustered = c.removedClusteredBytes();
      if (c.removedBytes() != rewritten) {
        System.out.printf(Locale.ROOT, "[write-amp] note: %s: history numRemovedBytes %d, remove actions %d bytes%n",
            label, rewritten, c.removedBytes());
      }
    }
    Map<String, Long> filesRead = probes.isEmpty() ? Map.of()
        : probe(spark, table.toString(), probes, opts.clusterBy, check, label);
    return new AmplificationSeries.Run(appended, rewritten, rewrittenClustered, added, removedFiles, addedFiles, secs,
        operation, ledger.files(), ledger.bytes(), filesRead);
  }

  /** The variants of {@code --merge} that this run does not run itself, with the runs.csv each came from. */
  private record Merged(Map<Variant, AmplificationSeries> series, Map<Variant, Path> from) {}

  private static Merged merged(WriteAmpOptions opts) throws IOException {
    Map<Variant, AmplificationSeries> series = new LinkedHashMap<>();
    Map<Variant, Path> from = new LinkedHashMap<>();
    for (Path m : opts.merge) {
      Path csv = Files.isDirectory(m) ? m.resolve(SeriesCsv.FILE) : m;
      List<Variant> taken = new ArrayList<>();
      for (Map.Entry<Variant, AmplificationSeries> e : SeriesCsv.read(csv).entrySet()) {
        if (!opts.variants.contains(e.getKey()) && !series.containsKey(e.getKey())) {
          series.put(e.getKey(), e.getValue());
          from.put(e.getKey(), csv);
          taken.add(e.getKey());
        }
      }
      System.out.println("[write-amp] merged from " + csv + ": " + taken);
    }
    return new Merged(series, from);
  }

  /** Report order: Variant order, whether a series was measured now or merged. */
  private static Map<Variant, AmplificationSeries> withMerged(Map<Variant, AmplificationSeries> now,
      Map<Variant, AmplificationSeries> merged) {
    Map<Variant, AmplificationSeries> all = new LinkedHashMap<>();
    for (Variant v : Variant.values()) {
      if (now.containsKey(v) && !now.get(v).runs().isEmpty()) {
        all.put(v, now.get(v));
      } else if (merged.containsKey(v)) {
        all.put(v, merged.get(v));
      }
    }
    return all;
  }

  /** The clustered base table: CTAS with CLUSTER BY, then Delta's own OPTIMIZE clusters it. Kept for reuse. */
  private static WriteAmpReport.Base ensureBase(SparkSession spark, WriteAmpOptions opts, Path source, Path base) {
    if (opts.rebuildBase || !Files.isDirectory(base.resolve("_delta_log"))) {
      Dirs.deleteRecursively(base);
      Map<String, String> confs = Variant.DELTA.confs(Map.of());
      setConfs(spark, confs);
      long t0 = System.nanoTime();
      spark.sql("CREATE TABLE delta.`" + base + "` USING delta CLUSTER BY (" + String.join(", ", opts.clusterBy)
          + ") AS SELECT * FROM parquet.`" + source + "`");
      double ctas = (System.nanoTime() - t0) / 1e9;
      long t1 = System.nanoTime();
      spark.sql("OPTIMIZE delta.`" + base + "`").collect();
      System.out.printf(Locale.ROOT, "[write-amp] base built: CTAS %.1f s, clustering OPTIMIZE %.1f s%n", ctas,
          (System.nanoTime() - t1) / 1e9);
      unsetConfs(spark, confs);
    }
    FileLedger ledger = new FileLedger(base);
    ledger.advanceTo(latestVersion(spark, base.toString()));
    long rows = spark.read().format("delta").load(base.toString()).count();
    return new WriteAmpReport.Base(rows, ledger.files(), ledger.bytes(), ledger.clusteredBytes());
  }

  /** A point (the median value) and a range (45th–55th percentile) predicate per clustering column. */
  static Map<String, String> probes(SparkSession spark, String table, List<String> columns) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String c : columns) {
      Row r = spark.read().format("delta").load(table)
          .selectExpr("percentile_approx(" + c + ", array(0.45, 0.5, 0.55), 10000) AS p").first();
      List<Object> p = r.getList(0);
      out.put(c + " point", c + " = " + p.get(1));
      out.put(c + " range", c + " BETWEEN " + p.get(0) + " AND " + p.get(2));
    }
    return out;
  }

  /** Delta's files-read per probe, each cross-checked against our evaluator. */
  private static Map<String, Long> probe(SparkSession spark, String table, Map<String, String> probes,
      List<String> columns, EvaluatorCrossCheck check, String where) {
    Map<String, Long> out = new LinkedHashMap<>();
    probes.forEach((name, predicate) -> {
      long scan = ScanFiles.filesRead(spark, table, predicate);
      check.record(where, predicate, scan, EvaluatorCrossCheck.filesRead(spark, table, columns, predicate));
      out.put(name, scan);
    });
    return out;
  }

  private static void setConfs(SparkSession spark, Map<String, String> confs) {
    confs.forEach((k, v) -> spark.conf().set(k, v));
  }

  private static void unsetConfs(SparkSession spark, Map<String, String> confs) {
    confs.keySet().forEach(k -> spark.conf().unset(k));
  }

  private static Row latestCommit(SparkSession spark, String table) {
    Dataset<Row> h = spark.sql("DESCRIBE HISTORY delta.`" + table + "` LIMIT 1");
    return h.first();
  }

  private static long latestVersion(SparkSession spark, String table) {
    return latestCommit(spark, table).<Long>getAs("version");
  }

  private static long metric(Row commit, String key) {
    Map<String, String> m = commit.getJavaMap(commit.fieldIndex("operationMetrics"));
    String v = m.get(key);
    if (v == null) {
      throw new IllegalStateException("commit " + commit.getAs("version") + " (" + commit.getAs("operation")
          + ") has no operation metric " + key + ": " + m);
    }
    return Long.parseLong(v);
  }

  /** The history's metric when the commit has it, else what the commit's actions say. */
  private static long metricOr(Row commit, String key, long fromActions) {
    Map<String, String> m = commit.isNullAt(commit.fieldIndex("operationMetrics")) ? Map.of()
        : commit.getJavaMap(commit.fieldIndex("operationMetrics"));
    String v = m.get(key);
    return v == null ? fromActions : Long.parseLong(v);
  }

  static void copyTree(Path from, Path to) {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else {
          Files.copy(p, q, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + from + " to " + to, e);
    }
  }
}
