package io.glutendelta.stats.bench.writeamp;

import io.glutendelta.stats.bench.report.Charts;
import io.glutendelta.stats.bench.report.MachineInfo;
import io.glutendelta.stats.bench.report.Progress;
import io.glutendelta.stats.bench.report.ResultsDir;
import io.glutendelta.stats.bench.report.Samples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Markdown + PNG report of a write-amplification run. */
final class WriteAmpReport {
  /** The clustered table every variant starts from. */
  record Base(long rows, long files, long bytes, long clusteredBytes) {}

  private WriteAmpReport() {}

  /**
   * Writes (or rewrites) the report into {@code dir}. {@code merged}: the variants taken from
   * earlier runs' runs.csv ({@code --merge}), each with the file it came from.
   */
  static Path write(Path dir, WriteAmpOptions opts, Base base, Map<String, String> probes,
      Map<String, Long> baseFilesRead, Map<Variant, AmplificationSeries> results, Map<Variant, Path> merged,
      EvaluatorCrossCheck check, double totalSeconds) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Write amplification of a clustered table: store_sales SF")
        .append(fmtSf(opts.scaleFactor)).append(", CLUSTER BY (").append(String.join(", ", opts.clusterBy))
        .append(")\n\n");
    if (!opts.fullSize(base.bytes())) {
      md.append("**Smoke run** (issue 11.5 wants ≥ ").append(WriteAmpOptions.MIN_REAL_APPENDS)
          .append(" appends on ≥ 2 GB of Parquet): the numbers show the tool works, not the result.\n\n");
    }
    md.append("- When: ").append(ResultsDir.utcNow()).append(" (run took ").append(Progress.duration(totalSeconds))
        .append(")\n");
    md.append("- Machine: ").append(MachineInfo.describe()).append("\n");
    md.append("- Spark ").append(org.apache.spark.package$.MODULE$.SPARK_VERSION()).append(" (master ")
        .append(opts.master).append("), our plugin in `spark.plugins`, `spark.databricks.delta.optimize.maxFileSize` = ")
        .append(String.format(Locale.ROOT, "%.1f MiB, `minFileSize` = %.1f MiB%n", mib(opts.targetFileBytes),
            mib(opts.minFileBytes)));
    md.append(String.format(Locale.ROOT, "- Base: %,d rows, %d files, %.1f MiB (%.1f MiB in clustered files), "
        + "built by CTAS with CLUSTER BY and Delta's own OPTIMIZE, copied for each variant%n", base.rows(),
        base.files(), mib(base.bytes()), mib(base.clusteredBytes())));
    md.append(String.format(Locale.ROOT, "- %d appends per variant, each %.2f %% of the rows sampled from the source "
        + "(so they overlap every clustered range), each followed by `OPTIMIZE`%n", opts.appends,
        100 * opts.appendFraction));
    md.append("- Variants (session confs only):\n");
    for (Variant v : results.keySet()) {
      md.append("  - `").append(v.label()).append("`")
          .append(merged.containsKey(v) ? " (merged from `" + merged.get(v) + "`: measured by an earlier run; its bytes "
              + "and files read follow from the SF, the append seeds, the base table and the TPC-DS Parquet cache, "
              + "its OPTIMIZE seconds are that run's)"
              : "")
          .append(String.format(Locale.ROOT, " (%d of %d runs)", results.get(v).runs().size(), opts.appends))
          .append(": ");
      List<String> kv = new ArrayList<>();
      v.confs(opts.reclusterConfs).forEach((k, val) -> kv.add("`" + k + "=" + val + "`"));
      md.append(String.join(", ", kv)).append('\n');
    }
    md.append("- Bytes rewritten = the OPTIMIZE commit's `numRemovedBytes` (DESCRIBE HISTORY); bytes appended = "
        + "the append's `numOutputBytes`; \"clustered\" = the part in files a clustering wrote "
        + "(`AddFile.clusteringProvider` set), from the commit's remove actions\n");
    md.append("- Files read = the file scan's \"number of files read\" after Delta's data skipping, for:");
    probes.forEach((name, p) -> md.append(" `").append(p).append("`;"));
    md.append(" on the base table: ").append(baseFilesRead).append(" of ").append(base.files()).append(" files\n");
    md.append(String.format(Locale.ROOT, "- Cross-check: our skipping evaluator (`SkippingEvaluator` on the table's stats) "
        + "predicted the same files-read as Delta's scan on %d of %d probes%s%n", check.probes() - check.mismatches().size(),
        check.probes(), merged.isEmpty() ? ""
            : " of this run (merged series: the report of the run that measured them has the cross-check of their probes)"));
    for (String m : check.mismatches()) {
      md.append("  - differs: ").append(m).append('\n');
    }
    md.append('\n');

    md.append("## Summary (cumulative over all runs)\n\n| variant | appended MiB | rewritten MiB | rewritten ÷ appended "
        + "| clustered rewritten ÷ appended | vs delta | OPTIMIZE s total | OPTIMIZE s median [min–max] | files at end |");
    for (String p : probes.keySet()) {
      md.append(" files read: ").append(p).append(" |");
    }
    md.append("\n|---|").append("---:|".repeat(8 + probes.size())).append('\n');
    AmplificationSeries delta = results.get(Variant.DELTA);
    for (Map.Entry<Variant, AmplificationSeries> e : results.entrySet()) {
      AmplificationSeries s = e.getValue();
      Samples t = s.optimizeSeconds();
      List<AmplificationSeries.Run> runs = s.runs();
      md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.3f | %.3f | %s | %.1f | %.2f [%.2f–%.2f] | %d |",
          e.getKey().label(), mib(s.totalAppended()), mib(s.totalRewritten()), s.cumulativeRatio(runs.size() - 1),
          s.cumulativeClusteredRatio(runs.size() - 1),
          delta == null ? "–" : String.format(Locale.ROOT, "%.3f", bytesVsDelta(s, delta)),
          t.values().stream().mapToDouble(Double::doubleValue).sum(), t.median(), t.min(), t.max(),
          runs.get(runs.size() - 1).filesAfter()));
      Map<String, Long> last = s.lastFilesRead();
      Map<String, Long> deltaLast = delta == null ? Map.of() : delta.lastFilesRead();
      for (String p : probes.keySet()) {
        Long n = last.get(p);
        Long d = deltaLast.get(p);
        md.append(n == null ? " – |" : d == null || e.getKey() == Variant.DELTA ? " " + n + " |"
            : String.format(Locale.ROOT, " %d (%.2f× delta) |", n, d == 0 ? Double.NaN : (double) n / d));
      }
      md.append('\n');
    }
    md.append("\n\"vs delta\": the variant's bytes rewritten over the series ÷ Delta's own OPTIMIZE's. ")
        .append("Issue 11.5's targets: incremental ≤ 0.2 × delta; the lightweight tier rewrites no clustered bytes ")
        .append("below its threshold; files read within 10 % of delta's.\n");
    appendFinalFull(md, results, probes);

    for (Map.Entry<Variant, AmplificationSeries> e : results.entrySet()) {
      md.append("\n## ").append(e.getKey().label()).append(" per run\n\n| run | appended MiB | operation | rewritten MiB "
          + "| clustered MiB | ratio | cumulative | OPTIMIZE s | files removed → added | files |");
      for (String p : probes.keySet()) {
        md.append(' ').append(p).append(" |");
      }
      md.append("\n|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|").append("---:|".repeat(probes.size()))
          .append('\n');
      List<AmplificationSeries.Run> runs = e.getValue().runs();
      for (int i = 0; i < runs.size(); i++) {
        AmplificationSeries.Run r = runs.get(i);
        md.append(String.format(Locale.ROOT, "| %d | %.2f | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %d → %d | %d |",
            i + 1, mib(r.appendedBytes()), r.operation(), mib(r.rewrittenBytes()), mib(r.rewrittenClusteredBytes()),
            r.ratio(), e.getValue().cumulativeRatio(i), r.optimizeSeconds(), r.filesRemoved(), r.filesAdded(),
            r.filesAfter()));
        for (String p : probes.keySet()) {
          Long n = r.filesRead().get(p);
          md.append(n == null ? " |" : " " + n + " |");
        }
        md.append('\n');
      }
    }

    Map<String, double[]> cumulative = new LinkedHashMap<>();
    Map<String, double[]> seconds = new LinkedHashMap<>();
    for (Map.Entry<Variant, AmplificationSeries> e : results.entrySet()) {
      cumulative.put(e.getKey().label(), e.getValue().cumulativeRatios());
      seconds.put(e.getKey().label(), e.getValue().runs().stream().mapToDouble(AmplificationSeries.Run::optimizeSeconds)
          .toArray());
    }
    Charts.lines(dir.resolve("cumulative-amplification.png"), "Cumulative bytes rewritten ÷ bytes appended",
        "append + OPTIMIZE run", "rewritten ÷ appended (log scale)", cumulative, true);
    Charts.lines(dir.resolve("optimize-seconds.png"), "OPTIMIZE wall time per run", "append + OPTIMIZE run",
        "seconds", seconds, false);
    Map<String, double[]> files = new LinkedHashMap<>();
    List<String> series = new ArrayList<>();
    for (Variant v : results.keySet()) {
      series.add(v.label());
    }
    for (String p : probes.keySet()) {
      double[] v = new double[series.size()];
      int i = 0;
      for (AmplificationSeries s : results.values()) {
        Long n = s.lastFilesRead().get(p);
        v[i++] = n == null ? Double.NaN : n;
      }
      files.put(p, v);
    }
    Charts.groupedBars(dir.resolve("files-read.png"), "Files read per predicate after the last run", "files", series,
        files, "0");
    md.append("\n## Charts\n\n![cumulative](cumulative-amplification.png)\n![optimize](optimize-seconds.png)\n")
        .append("![files read](files-read.png)\n");
    Files.writeString(dir.resolve("README.md"), md.toString(), StandardCharsets.UTF_8);
    if (opts.updateLatest) {
      ResultsDir.publishLatest(opts.resultsDir, opts.kind, dir);
    }
    return dir;
  }

  /** The OPTIMIZE FULL after each series: what it rewrote and the files read then, beside Delta's. */
  private static void appendFinalFull(StringBuilder md, Map<Variant, AmplificationSeries> results,
      Map<String, String> probes) {
    if (results.values().stream().allMatch(s -> s.finalFull() == null)) {
      return;
    }
    md.append("\n## After a final `OPTIMIZE FULL`\n\nEach variant's table after its appends, clustered in full by "
        + "the same session confs (FULL is always Delta's own, whatever tier is on); "
        + "files read per predicate then, and ÷ Delta's.\n\n| variant | rewritten MiB | OPTIMIZE FULL s | files |");
    for (String p : probes.keySet()) {
      md.append(' ').append(p).append(" |");
    }
    md.append("\n|---|---:|---:|---:|").append("---:|".repeat(probes.size())).append('\n');
    AmplificationSeries delta = results.get(Variant.DELTA);
    Map<String, Long> deltaRead = delta == null || delta.finalFull() == null ? Map.of()
        : delta.finalFull().filesRead();
    for (Map.Entry<Variant, AmplificationSeries> e : results.entrySet()) {
      AmplificationSeries.Run f = e.getValue().finalFull();
      if (f == null) {
        continue;
      }
      md.append(String.format(Locale.ROOT, "| %s | %.1f | %.2f | %d |", e.getKey().label(), mib(f.rewrittenBytes()),
          f.optimizeSeconds(), f.filesAfter()));
      for (String p : probes.keySet()) {
        Long n = f.filesRead().get(p);
        Long d = deltaRead.get(p);
        md.append(n == null ? " – |" : d == null || e.getKey() == Variant.DELTA ? " " + n + " |"
            : String.format(Locale.ROOT, " %d (%.2f×) |", n, d == 0 ? Double.NaN : (double) n / d));
      }
      md.append('\n');
    }
  }

  /**
   * Bytes the variant rewrote over the series ÷ what Delta's own OPTIMIZE rewrote, over the runs
   * both have (a stopped run may have fewer of one).
   */
  static double bytesVsDelta(AmplificationSeries variant, AmplificationSeries delta) {
    int k = Math.min(variant.runs().size(), delta.runs().size()) - 1;
    return k < 0 ? Double.NaN
        : AmplificationSeries.ratio(variant.rewrittenThrough(k), delta.rewrittenThrough(k));
  }

  private static double mib(long bytes) {
    return bytes / 1048576.0;
  }

  private static String fmtSf(double sf) {
    return sf == Math.rint(sf) ? Long.toString((long) sf) : Double.toString(sf);
  }
}
