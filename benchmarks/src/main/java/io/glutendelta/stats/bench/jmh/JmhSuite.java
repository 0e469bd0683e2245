package io.glutendelta.stats.bench.jmh;

import io.glutendelta.stats.bench.report.Charts;
import io.glutendelta.stats.bench.report.MachineInfo;
import io.glutendelta.stats.bench.report.ResultsDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.math3.stat.descriptive.StatisticalSummary;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH suite (stats paths per type family, barrier reuse, fixed cost per task) and writes a Markdown + PNG
 * report with values/s, per-file µs and the ratios issue 6 sets targets for.
 *
 * <p>Flags: {@code --quick} (1×1 s warm-up, 3×1 s measurement: a smoke run), {@code --include
 * REGEX}, {@code --families ints,wide}, {@code --kind NAME} (results folder name, default jmh),
 * {@code --results-dir DIR}, {@code --no-latest}. Fork JVM flags come from the system
 * property {@code gds.jvm.flags} (the script passes Spark's --add-opens list).
 */
public final class JmhSuite {
  static final double TARGET_VS_DELTA = 20;
  static final double TARGET_VS_JAVA = 3;
  static final double TARGET_BARRIER_US = 2;
  static final double TARGET_BARRIER_VS_TASK = 50;
  /** Report label of a family measured on one batch in cache. */
  static final String CACHED_SUFFIX = " (cached)";

  private JmhSuite() {}

  public static void main(String[] args) throws Exception {
    boolean quick = false;
    boolean latest = true;
    String[] families = null;
    String kind = "jmh";
    String include = "io\\.glutendelta\\.stats\\.bench\\.jmh\\..*Benchmark.*";
    Path resultsRoot = Paths.get("benchmarks", "results");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--no-latest" -> latest = false;
        case "--include" -> include = args[++i];
        case "--families" -> families = args[++i].split(",");
        case "--kind" -> kind = args[++i];
        case "--results-dir" -> resultsRoot = Paths.get(args[++i]);
        default -> {
          System.err.println("unknown flag " + args[i] + " (--quick, --include REGEX, --families a,b, --kind NAME, --results-dir DIR, --no-latest)");
          System.exit(2);
        }
      }
    }
    Path dir = ResultsDir.create(resultsRoot, kind);
    List<String> jvmArgs = new ArrayList<>(List.of("-Xmx3g"));
    String flags = System.getProperty("gds.jvm.flags", "");
    if (!flags.isBlank()) {
      jvmArgs.addAll(Arrays.asList(flags.trim().split("\\s+")));
    }
    ChainedOptionsBuilder ob = new OptionsBuilder().include(include)
        .jvmArgsAppend(jvmArgs.toArray(new String[0]))
        .resultFormat(ResultFormatType.JSON).result(dir.resolve("jmh-result.json").toString());
    if (families != null) {
      ob.param("family", families);
    }
    if (quick) {
      ob.warmupIterations(1).warmupTime(TimeValue.seconds(1)).measurementIterations(3)
          .measurementTime(TimeValue.seconds(1));
    }
    Collection<RunResult> results = new ArrayList<>(new Runner(ob.build()).run());
    // The wide schema once more with its batch in cache (see StatsPathBenchmark.Batches#batchSet).
    boolean wideSelected = families == null || Arrays.asList(families).contains("wide");
    if (wideSelected && Pattern.compile(include).matcher(StatsPathBenchmark.class.getName() + ".nativeEngine").find()) {
      ChainedOptionsBuilder cached = new OptionsBuilder().parent(ob.build())
          .include(Pattern.quote(StatsPathBenchmark.class.getName()) + "\\..*")
          .param("family", "wide").param("batchSet", StatsPathBenchmark.CACHED)
          .result(dir.resolve("jmh-result-cached.json").toString());
      results.addAll(new Runner(cached.build()).run());
    }
    String md = report(results, dir, quick);
    Files.writeString(dir.resolve("README.md"), md, StandardCharsets.UTF_8);
    if (latest) {
      ResultsDir.publishLatest(resultsRoot, kind, dir);
    }
    System.out.println(md);
    System.out.println("[jmh] report: " + dir.resolve("README.md"));
  }

  /** Median / min / max of one benchmark's measurement iterations. */
  record Score(double median, double min, double max) {
    static Score of(RunResult r) {
      StatisticalSummary s = r.getPrimaryResult().getStatistics();
      return new Score(r.getPrimaryResult().getStatistics().getPercentile(50), s.getMin(), s.getMax());
    }
  }

  static String report(Collection<RunResult> results, Path dir, boolean quick) {
    Map<String, Map<String, Score>> stats = new LinkedHashMap<>(); // family -> method -> ms/op
    Map<String, Map<String, Score>> barrier = new LinkedHashMap<>(); // family -> method -> µs/file
    Map<String, Map<String, Score>> setup = new LinkedHashMap<>(); // family -> method -> µs/task
    for (RunResult r : results) {
      String label = r.getParams().getBenchmark();
      String method = label.substring(label.lastIndexOf('.') + 1);
      String family = r.getParams().getParam("family");
      if (label.contains("StatsPathBenchmark")) {
        String key = StatsPathBenchmark.CACHED.equals(r.getParams().getParam("batchSet")) ? family + CACHED_SUFFIX : family;
        stats.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(method, Score.of(r));
      } else if (label.contains("BarrierReuseBenchmark")) {
        barrier.computeIfAbsent(family, k -> new LinkedHashMap<>()).put(method, Score.of(r));
      } else if (label.contains("TaskSetupBenchmark")) {
        setup.computeIfAbsent(family, k -> new LinkedHashMap<>()).put(method, Score.of(r));
      }
    }
    StringBuilder md = new StringBuilder("# Statistics-path microbenchmarks (JMH)\n\n");
    md.append("- When: ").append(ResultsDir.utcNow()).append("\n- Machine: ").append(MachineInfo.describe())
        .append("\n- JMH: ").append(quick ? "--quick (1×1 s warm-up, 3×1 s measurement) — smoke numbers"
            : "3×2 s warm-up, 5×2 s measurement, 1 fork").append("; figures are medians of iterations [min–max]\n\n");
    if (!stats.isEmpty()) {
      appendStats(md, stats, dir);
    }
    if (!barrier.isEmpty()) {
      appendBarrier(md, barrier);
    }
    if (!setup.isEmpty()) {
      appendTaskSetup(md, setup);
    }
    md.append("\nBenchmarks that produced no result show –: `nativeDeltaJson` × `nested` is expected to (the ")
        .append("columnar entry point takes list columns only as null-only boolean vectors); anything else failed, ")
        .append("see the console log. Raw JMH output: `jmh-result.json`.\n");
    return md.toString();
  }

  private static void appendStats(StringBuilder md, Map<String, Map<String, Score>> stats, Path dir) {
    md.append("## Stats path: values/s on the same Arrow batches\n\n")
        .append("One operation = one file of ").append(StatsPathBenchmark.BATCHES).append(" batches × ")
        .append(StatsPathBenchmark.ROWS).append(" rows, ~5 % nulls; values = rows × leaf columns. ")
        .append("(a) `nativeEngine`: NativeAggregator (C Data export + JNI + native aggregation + result decode); ")
        .append("(a') `nativeDeltaJson`: the same behind ColumnarStatsCollector, ending in Delta's stats JSON; ")
        .append("(b) `deltaTrackerC2R`: Delta's DeltaTaskStatisticsTracker built from a real table's statsColExpr, fed by ")
        .append("ColumnarBatch.rowIterator over ArrowColumnVectors, stats JSON included; ")
        .append("(c) `javaColumnarLoop`: min/max/nullCount loops over the Arrow vectors.\n\n")
        .append("| family | leaves | (a) native | (a') native → JSON | (b) Delta C2R | (c) Java loop | a ÷ b | a' ÷ b | a ÷ c |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    Map<String, double[]> chart = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Score>> e : stats.entrySet()) {
      BatchFixtures.Family f = BatchFixtures.family(e.getKey().replace(CACHED_SUFFIX, ""));
      double values = (double) StatsPathBenchmark.BATCHES * StatsPathBenchmark.ROWS * BatchFixtures.leafCount(f);
      Score n = e.getValue().get("nativeEngine");
      Score nj = e.getValue().get("nativeDeltaJson");
      Score d = e.getValue().get("deltaTrackerC2R");
      Score j = e.getValue().get("javaColumnarLoop");
      md.append("| ").append(e.getKey()).append(" | ").append(BatchFixtures.leafCount(f)).append(" | ")
          .append(mvps(values, n)).append(" | ").append(mvps(values, nj)).append(" | ").append(mvps(values, d))
          .append(" | ").append(mvps(values, j)).append(" | ").append(ratio(d, n)).append(" | ")
          .append(ratio(d, nj)).append(" | ").append(ratio(j, n)).append(" |\n");
      chart.put(e.getKey(), new double[] {rate(values, n), rate(values, nj), rate(values, d), rate(values, j)});
    }
    md.append("\nThroughput in million values/s, median [min–max] over iterations.\n");
    Charts.groupedBars(dir.resolve("stats-path-throughput.png"), "Statistics path throughput (log scale)",
        "million values/s", List.of("native engine", "native → Delta JSON", "Delta tracker behind C2R", "Java columnar loop"),
        chart, "0", true);
    md.append("\n![throughput](stats-path-throughput.png)\n\n");
    for (String key : List.of("wide", "wide" + CACHED_SUFFIX)) {
      appendTargets(md, key, stats.get(key));
    }
    md.append("Rows: `streamed` = ").append(StatsPathBenchmark.BATCHES)
        .append(" distinct batches per operation (every batch comes from memory); `(cached)` = one batch ")
        .append(StatsPathBenchmark.BATCHES).append(" times (in cache, as the batch a columnar writer just produced).\n\n");
  }

  private static void appendTargets(StringBuilder md, String key, Map<String, Score> wide) {
    if (wide == null || !wide.containsKey("nativeEngine")) {
      return;
    }
    double vsDelta = med(wide.get("deltaTrackerC2R")) / med(wide.get("nativeEngine"));
    double vsJava = med(wide.get("javaColumnarLoop")) / med(wide.get("nativeEngine"));
    md.append(String.format(Locale.ROOT, "- Target, %s: native ÷ Delta C2R = %.1f× (target ≥ %.0f×): %s%n",
        key, vsDelta, TARGET_VS_DELTA, vsDelta >= TARGET_VS_DELTA ? "met" : "NOT met"));
    if (wide.containsKey("nativeDeltaJson")) {
      md.append(String.format(Locale.ROOT, "- Same, like for like (both ending in Delta's JSON): native → JSON ÷ Delta C2R = %.1f×%n",
          med(wide.get("deltaTrackerC2R")) / med(wide.get("nativeDeltaJson"))));
    }
    md.append(String.format(Locale.ROOT, "- Target, %s: native ÷ Java loop = %.1f× (target ≥ %.0f×): %s%n%n",
        key, vsJava, TARGET_VS_JAVA, vsJava >= TARGET_VS_JAVA ? "met" : "NOT met"));
  }

  private static void appendBarrier(StringBuilder md, Map<String, Map<String, Score>> barrier) {
    md.append("## Barrier reuse: ").append(BarrierReuseBenchmark.FILES).append(" files × ")
        .append(BarrierReuseBenchmark.ROWS).append(" rows\n\n")
        .append("µs per file, median [min–max]. With a 100-row batch per file: one task + barriers, a new task per file, ")
        .append("and the same batches as one file (the aggregation + hand-off floor; barrier overhead = first − floor). ")
        .append("Empty files isolate the fixed costs: begin + finish on a reused task (the barrier) versus ")
        .append("create + begin + finish + close (a task per file); the ratio of these two is the robust one on a noisy machine.\n\n")
        .append("| schema | task + barriers | task per file | one file, no barriers | barrier overhead | empty file: barrier | empty file: new task | new task ÷ barrier |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    StringBuilder notes = new StringBuilder("\n");
    for (Map.Entry<String, Map<String, Score>> e : barrier.entrySet()) {
      Map<String, Score> m = e.getValue();
      Score reuse = m.get("reusedTaskWithBarriers");
      Score perFile = m.get("newTaskPerFile");
      Score floor = m.get("oneFileNoBarriers");
      Score empty = m.get("emptyFilesBarrierOnly");
      Score emptyTask = m.get("emptyFilesNewTask");
      String overhead = reuse != null && floor != null
          ? String.format(Locale.ROOT, "%.2f", reuse.median() - floor.median()) : "–";
      double ratio = empty != null && emptyTask != null ? emptyTask.median() / empty.median() : Double.NaN;
      md.append("| ").append(e.getKey()).append(" | ").append(us(reuse)).append(" | ").append(us(perFile))
          .append(" | ").append(us(floor)).append(" | ").append(overhead).append(" | ").append(us(empty))
          .append(" | ").append(us(emptyTask)).append(String.format(Locale.ROOT, " | %.0f× |%n", ratio));
      if (empty != null) {
        notes.append(String.format(Locale.ROOT, "- %s: barrier %.2f µs/file (target ≤ %.0f): %s", e.getKey(), empty.median(),
            TARGET_BARRIER_US, empty.median() <= TARGET_BARRIER_US ? "met" : "NOT met"));
        if (!Double.isNaN(ratio)) {
          notes.append(String.format(Locale.ROOT, "; a task per file costs %.0f× the barrier (target ≥ %.0f×): %s",
              ratio, TARGET_BARRIER_VS_TASK, ratio >= TARGET_BARRIER_VS_TASK ? "met" : "NOT met"));
        }
        notes.append('\n');
      }
    }
    md.append(notes).append('\n');
  }

  private static void appendTaskSetup(StringBuilder md, Map<String, Map<String, Score>> setup) {
    md.append("## Fixed cost per write task: one task, one 1-row file\n\n")
        .append("µs per task, median [min–max], both from a fresh copy of a real Delta table's job tracker ")
        .append("(deserialised before each task, untimed, as a task gets its own): `native` = stats ")
        .append("expression analysis, native task, one batch, barrier, Delta's result expression → JSON ")
        .append("(ColumnarStatsCollector; the row path adds its batch buffers); `Delta` = Delta's ")
        .append("`newTaskInstance()` and its tracker on the same row. What short jobs, small appends and ")
        .append("streaming micro-batches pay per task besides their rows.\n\n")
        .append("| schema | leaves | native | Delta | native ÷ Delta |\n|---|---:|---:|---:|---:|\n");
    for (Map.Entry<String, Map<String, Score>> e : setup.entrySet()) {
      Score n = e.getValue().get("nativeTask");
      Score d = e.getValue().get("deltaTask");
      md.append("| ").append(e.getKey()).append(" | ").append(BatchFixtures.leafCount(BatchFixtures.family(e.getKey())))
          .append(" | ").append(us(n)).append(" | ").append(us(d)).append(" | ")
          .append(n == null || d == null ? "–" : String.format(Locale.ROOT, "%.2f", n.median() / d.median()))
          .append(" |\n");
    }
    md.append('\n');
  }

  private static double med(Score s) {
    return s == null ? Double.NaN : s.median();
  }

  private static double rate(double values, Score msPerOp) {
    return msPerOp == null ? Double.NaN : values / (msPerOp.median() / 1e3) / 1e6;
  }

  private static String mvps(double values, Score s) {
    if (s == null) {
      return "–";
    }
    return String.format(Locale.ROOT, "%.1f [%.1f–%.1f]", rate(values, s), values / (s.max() / 1e3) / 1e6,
        values / (s.min() / 1e3) / 1e6);
  }

  private static String ratio(Score slow, Score fast) {
    return slow == null || fast == null ? "–" : String.format(Locale.ROOT, "%.1f×", slow.median() / fast.median());
  }

  private static String us(Score s) {
    if (s == null) {
      return "–";
    }
    return String.format(Locale.ROOT, "%.2f [%.2f–%.2f]", s.median(), s.min(), s.max());
  }
}
