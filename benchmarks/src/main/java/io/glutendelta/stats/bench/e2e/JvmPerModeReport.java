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
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Markdown + PNG report of a JVM-per-mode run: cold, warm, CPU, memory, stats checks. */
final class JvmPerModeReport {
  /** Issue 15's targets (JVM per mode, SF1, medians of ≥ 3 rounds). */
  static final double TARGET_WARM_NATIVE_OVER_OFF = 1.03;
  static final double TARGET_COLD_NATIVE_OVER_VANILLA = 0.85;
  static final double TARGET_COLD_NATIVE_OVER_OFF = 1.10;
  static final List<String> TARGET_TABLES = List.of("store_sales", "catalog_sales", "web_sales", "inventory");
  private static final String[][] RATIOS = {{"native", "vanilla"}, {"native", "off"}, {"vanilla", "off"},
      {"off_again", "off"}, {"native_b", "native"}, {"native_b", "off"}, {"vanilla_b", "vanilla"},
      {"vanilla_b", "off"}, {"native", "vanilla_b"}};

  private JvmPerModeReport() {}

  static Path write(E2eOptions opts, JvmPerModeResults results) throws IOException {
    Path dir = ResultsDir.create(opts.resultsDir, opts.kind);
    int w = opts.warmWrites;
    StringBuilder md = new StringBuilder();
    md.append("# Delta write benchmark, a JVM per mode: TPC-DS SF").append(E2eReport.fmtSf(opts.scaleFactor))
        .append("\n\n");
    md.append("- When: ").append(ResultsDir.utcNow()).append("\n");
    md.append("- Machine: ").append(MachineInfo.describe()).append("\n");
    md.append("- Line: ").append(LineInfo.describe()).append("\n");
    md.append("- Spark ").append(org.apache.spark.package$.MODULE$.SPARK_VERSION()).append(" (master ")
        .append(opts.master).append("), Delta ").append(E2eReport.jarVersion(io.delta.tables.DeltaTable.class))
        .append("\n");
    md.append("- **View: a fresh JVM per (round, table, mode)**, as users run Spark: native = our plugin in ")
        .append("`spark.plugins`; vanilla = no plugin; off = no plugin and `").append(WriteMode.DELTA_COLLECT_STATS)
        .append("=false`. Modes ").append(String.join(", ", labels(opts.modes))).append(", their order rotating by one each round\n");
    md.append("- Rounds: ").append(opts.warmupRounds).append(" discarded + ").append(opts.rounds)
        .append(" measured; per JVM ").append(w + opts.timedWrites).append(" writes: W = ").append(w)
        .append(" warm-up writes (the first is the **cold** write) then T = ").append(opts.timedWrites)
        .append(" timed writes whose median is the **warm** figure. Tables: medians over rounds [min–max]\n");
    md.append("- Child JVM flags: the launcher's own (").append(opts.memory ? "heap pre-touched, -Xms = -Xmx" : "heap")
        .append(" ").append(Runtime.getRuntime().maxMemory() >> 20).append(" MiB)")
        .append(opts.modes.contains(WriteMode.NATIVE_B) && !opts.nativeBJvmArgs.isEmpty()
            ? "; native_b = native in JVMs also given `" + String.join(" ", opts.nativeBJvmArgs) + "`" : "")
        .append(opts.modes.contains(WriteMode.NATIVE_B) && opts.nativeBJar != null
            ? "; native_b = native with our jar replaced by `" + opts.nativeBJar.getFileName() + "`" : "")
        .append(opts.modes.contains(WriteMode.VANILLA_B)
            ? "; vanilla_b = vanilla in JVMs also given `" + String.join(" ", opts.vanillaBJvmArgs) + "`" : "")
        .append("\n\n");

    section(md, "Cold: the first write of a fresh JVM (seconds)", opts, results, JvmRun::coldSeconds, true);
    section(md, "Time from JVM launch to the first write done (seconds: start-up + session + cold write)", opts,
        results, JvmRun::secondsToFirstWrite, true);
    section(md, "Warm: median of T = " + opts.timedWrites + " writes after W = " + w + " warm-up writes (seconds)",
        opts, results, r -> r.warmSeconds(w), true);
    section(md, "Process CPU of the cold write (seconds, all threads)", opts, results, JvmRun::coldCpuSeconds, true);
    section(md, "Process CPU from JVM start to the first write done (seconds)", opts, results,
        r -> r.cpuToFirstWriteSeconds, true);
    section(md, "Process CPU per warm write (seconds, median of T)", opts, results, r -> r.warmCpuSeconds(w), true);
    section(md, "JVM start-up until the SparkSession is ready (seconds)", opts, results,
        JvmRun::sessionStartSeconds, false);

    appendMemory(md, opts, results);
    appendTargets(md, opts, results);
    appendChecks(md, results);

    md.append("\n## Charts\n\n");
    chart(dir, md, "cold.png", "Cold write (first of a fresh JVM), SF" + E2eReport.fmtSf(opts.scaleFactor),
        opts, results, JvmRun::coldSeconds);
    chart(dir, md, "warm.png", "Warm write (median after " + w + " warm-up writes), SF"
        + E2eReport.fmtSf(opts.scaleFactor), opts, results, r -> r.warmSeconds(w));
    chart(dir, md, "first-write-done.png", "JVM launch → first write done, SF" + E2eReport.fmtSf(opts.scaleFactor),
        opts, results, JvmRun::secondsToFirstWrite);
    md.append("\nEvery write of every JVM (discarded rounds included): `raw-writes.csv`.\n");
    Files.writeString(dir.resolve("README.md"), md.toString(), StandardCharsets.UTF_8);
    Files.write(dir.resolve("raw-writes.csv"), results.rawCsv, StandardCharsets.UTF_8);
    if (opts.updateLatest) {
      ResultsDir.publishLatest(opts.resultsDir, opts.kind, dir);
    }
    return dir;
  }

  /** One table: a row per table (+ total), a column per mode, then the ratio columns. */
  private static void section(StringBuilder md, String title, E2eOptions opts, JvmPerModeResults results,
      ToDoubleFunction<JvmRun> f, boolean withRatios) {
    List<String[]> ratios = withRatios ? ratioColumns(opts.modes) : List.of();
    md.append("## ").append(title).append("\n\n| table | rows | files |");
    for (WriteMode m : opts.modes) {
      md.append(' ').append(m.label()).append(" |");
    }
    for (String[] r : ratios) {
      md.append(' ').append(r[0]).append('/').append(r[1]).append(" |");
    }
    boolean removed = withRatios && opts.modes.containsAll(List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF));
    if (removed) {
      md.append(" stats cost removed |");
    }
    md.append("\n|---|---:|---:|").append("---:|".repeat(opts.modes.size() + ratios.size() + (removed ? 1 : 0)))
        .append('\n');
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      JvmPerModeResults.TableRuns t = e.getValue();
      md.append("| ").append(e.getKey()).append(" | ").append(String.format(Locale.ROOT, "%,d", t.sourceRows))
          .append(" | ").append(t.filesPerWrite).append(" |");
      Map<WriteMode, Samples> byMode = new LinkedHashMap<>();
      for (WriteMode m : opts.modes) {
        byMode.put(m, t.perRound(m, f));
      }
      row(md, byMode, ratios, removed);
    }
    if (results.tables.size() > 1) {
      md.append("| **total** | | |");
      Map<WriteMode, Samples> byMode = new LinkedHashMap<>();
      for (WriteMode m : opts.modes) {
        byMode.put(m, results.totalPerRound(m, f));
      }
      row(md, byMode, ratios, removed);
    }
    md.append('\n');
  }

  private static void row(StringBuilder md, Map<WriteMode, Samples> byMode, List<String[]> ratios,
      boolean removed) {
    for (Samples s : byMode.values()) {
      md.append(cell(s));
    }
    for (String[] r : ratios) {
      md.append(String.format(Locale.ROOT, " %.3f |", ratioOfMedians(byMode.get(WriteMode.parse(r[0])),
          byMode.get(WriteMode.parse(r[1])))));
    }
    if (removed) {
      md.append(costRemovedCell(statsCostRemoved(byMode.get(WriteMode.VANILLA).median(),
          byMode.get(WriteMode.NATIVE).median(), byMode.get(WriteMode.OFF).median())));
    }
    md.append('\n');
  }

  /**
   * Share of vanilla's statistics cost that native removes: (vanilla − native) / (vanilla − off),
   * 1 when native is as fast as stats off, 0 when as slow as vanilla; NaN when vanilla is not
   * slower than off (no cost to remove).
   */
  static double statsCostRemoved(double vanilla, double nat, double off) {
    return vanilla > off ? (vanilla - nat) / (vanilla - off) : Double.NaN;
  }

  /** The share as a table cell in percent, "–" where there was no cost to remove. */
  static String costRemovedCell(double share) {
    return Double.isNaN(share) ? " – |" : String.format(Locale.ROOT, " %.0f %% |", 100 * share);
  }

  /**
   * Peak process RSS and peak heap after GC per write, medians over rounds of each JVM's largest.
   * With a pre-touched heap (--memory) RSS − heap is what lives outside the Java heap (metaspace,
   * code, threads, direct and native memory: our Arrow buffers and engine state); native minus
   * vanilla of it is what the plugin adds, and for the partitioned write that divided by the files
   * open at once (16 per task × concurrent tasks) is the native memory per open file.
   */
  private static void appendMemory(StringBuilder md, E2eOptions opts, JvmPerModeResults results) {
    md.append("## Memory per JVM (MiB: median over rounds of the JVM's peak)\n\n");
    boolean perWrite = results.tables.values().stream().flatMap(t -> t.runs.values().stream())
        .flatMap(List::stream).allMatch(r -> r.rssPeakPerWrite);
    boolean preTouched = results.tables.values().stream().flatMap(t -> t.runs.values().stream())
        .flatMap(List::stream).allMatch(r -> r.heapPreTouched);
    md.append("Peak RSS is Linux's VmHWM ").append(perWrite ? "reset before each write" : "since JVM start")
        .append("; heap after GC is the largest heap occupancy the collectors reported right after a ")
        .append("collection during a write (– if none ran). ")
        .append(preTouched ? "The heap was pre-touched (-Xms = -Xmx, AlwaysPreTouch): RSS − heap is the memory "
            + "outside the Java heap.\n\n"
            : "The heap was not pre-touched, so RSS mixes heap pages and native memory; run with `--memory` "
            + "for the memory outside the heap.\n\n");
    md.append("| table |");
    for (WriteMode m : opts.modes) {
      md.append(" RSS ").append(m.label()).append(" | heap after GC ").append(m.label()).append(" |");
    }
    if (preTouched) {
      for (WriteMode m : opts.modes) {
        md.append(" RSS − heap ").append(m.label()).append(" |");
      }
    }
    int cols = opts.modes.size() * (preTouched ? 3 : 2);
    md.append("\n|---|").append("---:|".repeat(cols)).append('\n');
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      JvmPerModeResults.TableRuns t = e.getValue();
      md.append("| ").append(e.getKey()).append(" |");
      for (WriteMode m : opts.modes) {
        md.append(mib(t.perRound(m, r -> r.peakRssBytes())));
        md.append(mib(t.perRound(m, r -> r.peakHeapAfterGcBytes())));
      }
      if (preTouched) {
        for (WriteMode m : opts.modes) {
          md.append(mib(t.perRound(m, JvmPerModeReport::outsideHeapBytes)));
        }
      }
      md.append('\n');
    }
    appendArrowPeaks(md, opts, results);
    JvmPerModeResults.TableRuns p = results.tables.get(PartitionedVariant.TABLE);
    if (preTouched && p != null && p.runs.containsKey(WriteMode.NATIVE) && p.runs.containsKey(WriteMode.VANILLA)) {
      int tasks = concurrentWriteTasks(opts.master, p.filesPerWrite);
      int open = openFiles(opts.master, p.filesPerWrite);
      double extra = p.perRound(WriteMode.NATIVE, JvmPerModeReport::outsideHeapBytes).median()
          - p.perRound(WriteMode.VANILLA, JvmPerModeReport::outsideHeapBytes).median();
      md.append(String.format(Locale.ROOT, "\nPartitioned write (%s: %d partitions, `%s=%d`, %d concurrent tasks "
              + "→ up to %d files open at once): native − vanilla memory outside the heap = %.1f MiB in all, "
              + "**%.0f KiB per open file** (an upper bound: it includes whatever else the plugin's path keeps "
              + "outside the heap; the engine's own state counters are per task and not exposed to a write).\n",
          PartitionedVariant.TABLE, PartitionedVariant.PARTITIONS, PartitionedVariant.MAX_WRITERS,
          opts.partitionWriters, tasks, open, extra / (1 << 20),
          perOpenFileBytes(extra, open) / 1024));
    }
    md.append('\n');
  }

  /**
   * The plugin's Arrow memory at its peak per table, from the allocator's own count: exact where
   * RSS is an upper bound, and per open file for the partitioned write.
   */
  static void appendArrowPeaks(StringBuilder md, E2eOptions opts, JvmPerModeResults results) {
    List<WriteMode> nativeModes = opts.modes.stream().filter(WriteMode::nativeStats).toList();
    if (nativeModes.isEmpty()) {
      return;
    }
    md.append("\nArrow memory of the plugin at its peak (the allocator's count, exact; median over rounds):");
    String sep = " ";
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      for (WriteMode m : nativeModes) {
        Samples s = e.getValue().perRound(m, r -> r.arrowPeakBytes < 0 ? Double.NaN : r.arrowPeakBytes);
        if (s.count() == 0 || Double.isNaN(s.median())) {
          continue;
        }
        md.append(sep).append(e.getKey()).append(' ').append(m.label())
            .append(String.format(Locale.ROOT, " %.0f KiB", s.median() / 1024));
        if (e.getKey().equals(PartitionedVariant.TABLE)) {
          int open = openFiles(opts.master, e.getValue().filesPerWrite);
          md.append(String.format(Locale.ROOT, " (%d files open: **%.0f KiB per open file**)", open,
              perOpenFileBytes(s.median(), open) / 1024));
        }
        sep = "; ";
      }
    }
    md.append(".\n");
  }

  /** Peak RSS minus the (pre-touched, hence fully resident) heap. */
  static double outsideHeapBytes(JvmRun r) {
    return r.peakRssBytes() < 0 ? Double.NaN : r.peakRssBytes() - (double) r.heapMaxBytes;
  }

  static double perOpenFileBytes(double extraBytes, int openFiles) {
    if (openFiles < 1) {
      throw new IllegalArgumentException("open files must be >= 1, got " + openFiles);
    }
    return extraBytes / openFiles;
  }

  /** Files the partitioned write holds open at once: one per partition in each concurrent task. */
  static int openFiles(String master, int filesPerWrite) {
    return PartitionedVariant.PARTITIONS * concurrentWriteTasks(master, filesPerWrite);
  }

  /**
   * Write tasks of the partitioned write running at once: the master's slots, but no more than
   * the write had tasks (each task writes one file per partition value).
   */
  static int concurrentWriteTasks(String master, int filesPerWrite) {
    return Math.max(1, Math.min(concurrentTasks(master), filesPerWrite / PartitionedVariant.PARTITIONS));
  }

  /** Tasks running at once under {@code master}: N of local[N] / local[N,F], the cores for local[*]. */
  static int concurrentTasks(String master) {
    Matcher m = Pattern.compile("local\\[(\\d+|\\*)(,\\d+)?]").matcher(master.trim());
    if (m.matches()) {
      return m.group(1).equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(m.group(1));
    }
    if (master.trim().equals("local")) {
      return 1;
    }
    throw new IllegalArgumentException("cannot tell the concurrent tasks of master '" + master
        + "' (per-open-file memory needs local[N])");
  }

  private static void appendTargets(StringBuilder md, E2eOptions opts, JvmPerModeResults results) {
    md.append("## Targets (issue 15; meant for SF1, ≥ 3 rounds)\n\n");
    boolean any = false;
    for (String name : TARGET_TABLES) {
      JvmPerModeResults.TableRuns t = results.tables.get(name);
      if (t == null || !t.runs.containsKey(WriteMode.NATIVE)) {
        continue;
      }
      any = true;
      md.append("- ").append(name).append(':');
      if (t.runs.containsKey(WriteMode.OFF)) {
        double warm = ratioOfMedians(t.perRound(WriteMode.NATIVE, r -> r.warmSeconds(opts.warmWrites)),
            t.perRound(WriteMode.OFF, r -> r.warmSeconds(opts.warmWrites)));
        double cold = ratioOfMedians(t.perRound(WriteMode.NATIVE, JvmRun::coldSeconds),
            t.perRound(WriteMode.OFF, JvmRun::coldSeconds));
        md.append(verdict(" warm native/off", warm, TARGET_WARM_NATIVE_OVER_OFF))
            .append(verdict(", cold native/off", cold, TARGET_COLD_NATIVE_OVER_OFF));
      }
      if (t.runs.containsKey(WriteMode.VANILLA)) {
        double cold = ratioOfMedians(t.perRound(WriteMode.NATIVE, JvmRun::coldSeconds),
            t.perRound(WriteMode.VANILLA, JvmRun::coldSeconds));
        md.append(verdict(", cold native/vanilla", cold, TARGET_COLD_NATIVE_OVER_VANILLA));
      }
      md.append('\n');
    }
    if (!any) {
      md.append("- none of ").append(String.join(", ", TARGET_TABLES)).append(" measured with native\n");
    }
    md.append('\n');
  }

  static String verdict(String what, double value, double target) {
    return String.format(Locale.ROOT, "%s %.3f (≤ %.2f: %s)", what, value, target, value <= target ? "met" : "NOT met");
  }

  private static void appendChecks(StringBuilder md, JvmPerModeResults results) {
    md.append("## Statistics check (native JVM vs vanilla JVM of the same round)\n\n");
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      JvmPerModeResults.TableRuns t = e.getValue();
      md.append("- ").append(e.getKey()).append(": ");
      if (!t.problems.isEmpty()) {
        md.append("**PROBLEM** ").append(t.problems.get(0));
      } else if (t.statsComparisons == 0) {
        md.append("not compared (native or vanilla not in this run)");
      } else {
        md.append("every write of a native JVM (cold and warm; native_b's too) committed the vanilla JVM's "
            + "AddFile.stats multiset: ")
            .append(t.statsComparisons).append(" comparisons incl. discarded rounds, ").append(t.filesPerWrite)
            .append(" files each; native JVMs had every file from the engine, the others none");
      }
      md.append('\n');
    }
  }

  private static void chart(Path dir, StringBuilder md, String png, String title, E2eOptions opts,
      JvmPerModeResults results, ToDoubleFunction<JvmRun> f) {
    Map<String, double[]> values = new LinkedHashMap<>();
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      double[] v = new double[opts.modes.size()];
      for (int i = 0; i < v.length; i++) {
        Samples s = e.getValue().perRound(opts.modes.get(i), f);
        v[i] = s.count() == 0 ? Double.NaN : s.median();
      }
      values.put(e.getKey(), v);
    }
    if (results.tables.size() > 1) {
      double[] v = new double[opts.modes.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = results.totalPerRound(opts.modes.get(i), f).median();
      }
      values.put("total", v);
    }
    Charts.groupedBars(dir.resolve(png), title, "seconds (median over rounds)", labels(opts.modes), values, "0.00");
    md.append("![").append(png).append("](").append(png).append(")\n");
  }

  static double ratioOfMedians(Samples num, Samples den) {
    return num.count() == 0 || den.count() == 0 ? Double.NaN : num.median() / den.median();
  }

  private static List<String[]> ratioColumns(List<WriteMode> modes) {
    List<String[]> out = new ArrayList<>();
    for (String[] r : RATIOS) {
      if (modes.contains(WriteMode.parse(r[0])) && modes.contains(WriteMode.parse(r[1]))) {
        out.add(r);
      }
    }
    return out;
  }

  private static List<String> labels(List<WriteMode> modes) {
    return modes.stream().map(WriteMode::label).toList();
  }

  private static String cell(Samples s) {
    return s.count() == 0 || Double.isNaN(s.median()) ? " – |"
        : String.format(Locale.ROOT, " %.2f [%.2f–%.2f] |", s.median(), s.min(), s.max());
  }

  private static String mib(Samples s) {
    if (s.count() == 0 || Double.isNaN(s.median()) || s.median() < 0) {
      return " – |";
    }
    return String.format(Locale.ROOT, " %.0f [%.0f–%.0f] |", s.median() / (1 << 20), s.min() / (1 << 20),
        s.max() / (1 << 20));
  }
}
