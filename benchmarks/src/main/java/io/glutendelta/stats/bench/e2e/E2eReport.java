package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.Charts;
import io.glutendelta.stats.bench.report.LineInfo;
import io.glutendelta.stats.bench.report.MachineInfo;
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

/** Markdown + PNG report of one E2E run (medians, min–max, ratios, stats overhead, checks). */
final class E2eReport {
  /** Issue 6's end-to-end target: native-stats write time ≤ 1.05 × stats-off on store_sales. */
  static final double TARGET_NATIVE_OVER_OFF = 1.05;

  private E2eReport() {}

  static Path write(E2eOptions opts, E2eResults results) throws IOException {
    Path dir = ResultsDir.create(opts.resultsDir, opts.kind);
    StringBuilder md = new StringBuilder();
    md.append("# Delta write benchmark, one JVM (second view): TPC-DS SF").append(fmtSf(opts.scaleFactor))
        .append("\n\n");
    md.append("- **View: all modes in one JVM and session**, switched per write. No application runs ")
        .append("this way (it has the plugin or not from its start); the JVM-per-mode view ")
        .append("(`scripts/bench-e2e.sh` without `--one-jvm`) is the one to quote\n");
    md.append("- When: ").append(ResultsDir.utcNow()).append("\n");
    md.append("- Machine: ").append(MachineInfo.describe()).append("\n");
    md.append("- Line: ").append(LineInfo.describe()).append("\n");
    md.append("- Spark ").append(org.apache.spark.package$.MODULE$.SPARK_VERSION())
        .append(" (master ").append(opts.master).append("), Delta ")
        .append(jarVersion(io.delta.tables.DeltaTable.class)).append("\n");
    md.append("- Rounds: ").append(opts.warmupRounds).append(" warm-up (discarded) + ").append(opts.rounds)
        .append(" measured, modes alternating within each round in the order ")
        .append(String.join(", ", opts.modes.stream().map(WriteMode::label).toList()))
        .append("; one session, mode switched per write by `")
        .append(WriteMode.DELTA_COLLECT_STATS).append("` and `").append(WriteMode.NATIVE_ENABLED).append("`\n");
    md.append("- Source: cached Parquet from `io.trino.tpcds:tpcds` (generation not timed); ")
        .append("each write creates a new Delta table from it\n\n");

    md.append("## Write time (seconds: median, [min–max])\n\n");
    md.append("| table | rows | files |");
    for (WriteMode m : opts.modes) {
      md.append(' ').append(m.label()).append(" |");
    }
    List<String[]> ratios = ratioColumns(opts.modes);
    for (String[] r : ratios) {
      md.append(' ').append(r[0]).append('/').append(r[1]).append(" |");
    }
    md.append("\n|---|---:|---:|");
    md.append("---:|".repeat(opts.modes.size() + ratios.size())).append('\n');
    for (Map.Entry<String, E2eResults.TableInfo> e : results.tables().entrySet()) {
      E2eResults.TableInfo t = e.getValue();
      md.append("| ").append(e.getKey()).append(" | ").append(String.format(Locale.ROOT, "%,d", t.sourceRows))
          .append(" | ").append(t.filesPerWrite).append(" |");
      for (WriteMode m : opts.modes) {
        Samples s = t.seconds.get(m);
        md.append(String.format(Locale.ROOT, " %.2f [%.2f–%.2f] |", s.median(), s.min(), s.max()));
      }
      for (String[] r : ratios) {
        md.append(String.format(Locale.ROOT, " %.3f |", ratio(t, r[0], r[1])));
      }
      md.append('\n');
    }
    if (results.tables().size() > 1) {
      md.append("| **total** (per round, summed over tables) | | |");
      Map<WriteMode, Samples> totals = totals(opts, results);
      for (WriteMode m : opts.modes) {
        Samples s = totals.get(m);
        md.append(String.format(Locale.ROOT, " %.2f [%.2f–%.2f] |", s.median(), s.min(), s.max()));
      }
      for (String[] r : ratios) {
        md.append(String.format(Locale.ROOT, " %.3f |", totals.get(WriteMode.parse(r[0])).median()
            / totals.get(WriteMode.parse(r[1])).median()));
      }
      md.append('\n');
    }

    appendCpuTable(md, opts, results);

    if (opts.modes.contains(WriteMode.OFF)) {
      md.append("\n## Statistics overhead share\n\n")
          .append("(median(mode) − median(off)) / median(mode): the part of the write spent on statistics.\n\n")
          .append("| table |");
      List<WriteMode> statsModes = opts.modes.stream().filter(WriteMode::collectsStats).toList();
      for (WriteMode m : statsModes) {
        md.append(' ').append(m.label()).append(" |");
      }
      md.append("\n|---|").append("---:|".repeat(statsModes.size())).append('\n');
      Map<String, double[]> share = new LinkedHashMap<>();
      for (Map.Entry<String, E2eResults.TableInfo> e : results.tables().entrySet()) {
        double off = e.getValue().seconds.get(WriteMode.OFF).median();
        double[] v = new double[statsModes.size()];
        md.append("| ").append(e.getKey()).append(" |");
        for (int i = 0; i < statsModes.size(); i++) {
          double on = e.getValue().seconds.get(statsModes.get(i)).median();
          v[i] = 100 * (on - off) / on;
          md.append(String.format(Locale.ROOT, " %.1f %% |", v[i]));
        }
        md.append('\n');
        share.put(e.getKey(), v);
      }
      if (!statsModes.isEmpty()) {
        Charts.groupedBars(dir.resolve("stats-overhead-share.png"), "Statistics share of Delta write time",
            "% of write time", statsModes.stream().map(WriteMode::label).toList(), share, "0.0");
        md.append("\n![stats overhead share](stats-overhead-share.png)\n");
      }
    }

    md.append("\n## Targets\n\n");
    E2eResults.TableInfo ss = results.tables().get("store_sales");
    if (ss != null && ss.seconds.containsKey(WriteMode.NATIVE) && ss.seconds.containsKey(WriteMode.OFF)) {
      double r = ratio(ss, "native", "off");
      md.append(String.format(Locale.ROOT, "- store_sales native/off = %.3f (target ≤ %.2f): %s\n", r,
          TARGET_NATIVE_OVER_OFF, r <= TARGET_NATIVE_OVER_OFF ? "met" : "NOT met"));
      Samples paired = pairedRatios(ss.seconds.get(WriteMode.NATIVE), ss.seconds.get(WriteMode.OFF));
      md.append(String.format(Locale.ROOT, "- the same ratio taken per round (native and off written "
          + "back to back) and then the median: %.3f [%.3f–%.3f] over %d rounds\n", paired.median(),
          paired.min(), paired.max(), paired.count()));
      if (ss.seconds.containsKey(WriteMode.OFF_AGAIN)) {
        Samples aa = pairedRatios(ss.seconds.get(WriteMode.OFF_AGAIN), ss.seconds.get(WriteMode.OFF));
        md.append(String.format(Locale.ROOT, "- A/A control, off_again/off (the same write twice): ratio "
            + "of medians %.3f, per round %.3f [%.3f–%.3f]\n", ratio(ss, "off_again", "off"), aa.median(),
            aa.min(), aa.max()));
      }
    } else {
      md.append("- store_sales native/off: not measured in this run\n");
    }

    md.append("\n## Statistics check (native vs vanilla)\n\n");
    for (Map.Entry<String, E2eResults.TableInfo> e : results.tables().entrySet()) {
      E2eResults.TableInfo t = e.getValue();
      md.append("- ").append(e.getKey()).append(": ");
      if (t.statsComparisons == 0) {
        md.append("not compared (native or vanilla not in this run)");
      } else if (t.statsMismatches.isEmpty()) {
        md.append("identical AddFile.stats multisets in all ").append(t.statsComparisons)
            .append(" rounds incl. warm-up (").append(t.filesPerWrite).append(" files each)");
        if (t.nativeFilesSeen >= 0) {
          md.append("; native writes: ").append(t.nativeFilesSeen)
              .append(" files from the engine (NativeStatsMetrics), no fallback");
        }
      } else {
        md.append("**MISMATCH** ").append(t.statsMismatches.get(0).replace("\n", " "));
      }
      md.append('\n');
    }

    md.append("\n## Charts\n\n");
    for (Map.Entry<String, E2eResults.TableInfo> e : results.tables().entrySet()) {
      Map<String, Samples> bars = new LinkedHashMap<>();
      for (WriteMode m : opts.modes) {
        bars.put(m.label(), e.getValue().seconds.get(m));
      }
      String png = e.getKey() + ".png";
      Charts.medianBars(dir.resolve(png), e.getKey() + " → Delta, SF" + fmtSf(opts.scaleFactor)
          + " (median, min–max)", "seconds", bars);
      md.append("![").append(e.getKey()).append("](").append(png).append(")\n");
    }
    if (results.tables().size() > 1) {
      Map<String, Samples> totalBars = new LinkedHashMap<>();
      totals(opts, results).forEach((m, s) -> totalBars.put(m.label(), s));
      Charts.medianBars(dir.resolve("total.png"), "All " + results.tables().size() + " tables → Delta, SF"
          + fmtSf(opts.scaleFactor) + " (total per round: median, min–max)", "seconds", totalBars);
      md.append("![total](total.png)\n");
    }
    md.append("\nRaw times (warm-up included): `raw-times.csv`.\n");

    Files.writeString(dir.resolve("README.md"), md.toString(), StandardCharsets.UTF_8);
    Files.write(dir.resolve("raw-times.csv"), results.rawCsv(), StandardCharsets.UTF_8);
    if (opts.updateLatest) {
      ResultsDir.publishLatest(opts.resultsDir, opts.kind, dir);
    }
    return dir;
  }

  /** Per mode, the per-round sums of the tables' write times. */
  static Map<WriteMode, Samples> totals(E2eOptions opts, E2eResults results) {
    Map<WriteMode, Samples> out = new LinkedHashMap<>();
    for (WriteMode m : opts.modes) {
      List<Samples> series = new ArrayList<>();
      for (E2eResults.TableInfo t : results.tables().values()) {
        series.add(t.seconds.get(m));
      }
      out.put(m, Samples.sumByIndex(series));
    }
    return out;
  }

  /**
   * Process CPU and GC seconds per write. Wall time alone cannot tell extra work from extra
   * waiting; with the executors inside this JVM, CPU time can.
   */
  private static void appendCpuTable(StringBuilder md, E2eOptions opts, E2eResults results) {
    md.append("\n## CPU and GC time per write (whole process, seconds: median [min–max])\n\n")
        .append("Local mode: executor threads, GC and JIT are all in this JVM, so CPU time counts the ")
        .append("work a write caused on every thread; GC is what the collectors report.\n\n| table |");
    for (WriteMode m : opts.modes) {
      md.append(" CPU ").append(m.label()).append(" |");
    }
    for (WriteMode m : opts.modes) {
      md.append(" GC ").append(m.label()).append(" |");
    }
    List<String[]> ratios = ratioColumns(opts.modes);
    for (String[] r : ratios) {
      md.append(" CPU ").append(r[0]).append('/').append(r[1]).append(" |");
    }
    md.append("\n|---|").append("---:|".repeat(2 * opts.modes.size() + ratios.size())).append('\n');
    for (Map.Entry<String, E2eResults.TableInfo> e : results.tables().entrySet()) {
      E2eResults.TableInfo t = e.getValue();
      md.append("| ").append(e.getKey()).append(" |");
      for (WriteMode m : opts.modes) {
        md.append(cell(t.cpuSeconds.get(m)));
      }
      for (WriteMode m : opts.modes) {
        md.append(cell(t.gcSeconds.get(m)));
      }
      for (String[] r : ratios) {
        Samples num = t.cpuSeconds.get(WriteMode.parse(r[0]));
        Samples den = t.cpuSeconds.get(WriteMode.parse(r[1]));
        md.append(num == null || den == null ? " – |"
            : String.format(Locale.ROOT, " %.3f |", num.median() / den.median()));
      }
      md.append('\n');
    }
  }

  private static String cell(Samples s) {
    return s == null || s.count() == 0 ? " – |"
        : String.format(Locale.ROOT, " %.2f [%.2f–%.2f] |", s.median(), s.min(), s.max());
  }

  /** num[i] / den[i] for each round i (both modes are recorded once per round, in round order). */
  static Samples pairedRatios(Samples num, Samples den) {
    if (num.count() != den.count()) {
      throw new IllegalArgumentException("unpaired samples: " + num.count() + " vs " + den.count());
    }
    Samples out = new Samples();
    for (int i = 0; i < num.count(); i++) {
      out.add(num.values().get(i) / den.values().get(i));
    }
    return out;
  }

  /** Ratio columns worth showing for the modes of this run: native/vanilla, native/off, vanilla/off. */
  private static List<String[]> ratioColumns(List<WriteMode> modes) {
    List<String[]> out = new ArrayList<>();
    String[][] all = {{"native", "vanilla"}, {"native", "off"}, {"vanilla", "off"}, {"off_again", "off"}};
    for (String[] r : all) {
      if (modes.contains(WriteMode.parse(r[0])) && modes.contains(WriteMode.parse(r[1]))) {
        out.add(r);
      }
    }
    return out;
  }

  private static double ratio(E2eResults.TableInfo t, String num, String den) {
    return t.seconds.get(WriteMode.parse(num)).median() / t.seconds.get(WriteMode.parse(den)).median();
  }

  static String fmtSf(double sf) {
    return sf == Math.rint(sf) ? Long.toString((long) sf) : Double.toString(sf);
  }

  /** Version from the jar file name (e.g. delta-spark_2.13-4.4.0.jar), "?" when not from a jar. */
  static String jarVersion(Class<?> c) {
    try {
      String f = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("-(\\d+\\.\\d+\\.\\d+[^/]*)\\.jar$").matcher(f);
      return m.find() ? m.group(1) : "?";
    } catch (Exception e) {
      return "?";
    }
  }
}
