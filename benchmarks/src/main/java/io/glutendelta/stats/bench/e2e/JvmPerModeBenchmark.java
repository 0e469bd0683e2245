package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.LineInfo;
import io.glutendelta.stats.bench.report.Progress;
import io.glutendelta.stats.bench.tpcds.Dirs;
import io.glutendelta.stats.bench.tpcds.TpcdsParquetCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The E2E benchmark as users run Spark: every (round, table, mode) is a fresh JVM
 * ({@link ModeJvm}) that has our plugin in {@code spark.plugins} or not, writes the table
 * {@code W + T} times from the cached Parquet source, and exits. Modes alternate within each
 * round and their order rotates from round to round. Per mode and table the report gives the
 * cold figure (the first write of the JVM, and the time from JVM launch until it is done), the
 * warm one (median of the T writes after W warm-up writes) and process CPU, each as the median
 * over rounds. Native writes must commit the same stats as the vanilla JVM of the same round.
 * {@code --one-jvm} runs the older one-session view ({@link DeltaWriteBenchmark}) instead.
 */
public final class JvmPerModeBenchmark {
  /** Fixed cost of a child JVM in the ETA's weights, as source bytes (start-up ≈ a 64 MB write). */
  private static final long JVM_START_WEIGHT = 64L << 20;
  /** Fixed cost of any write in the ETA's weights (planning, commit), as source bytes. */
  static final long WRITE_FIXED_WEIGHT = 16L << 20;

  private JvmPerModeBenchmark() {}

  public static void main(String[] args) throws Exception {
    E2eOptions opts;
    try {
      opts = E2eOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    LineInfo.require(opts.line);
    if (opts.oneJvm || opts.generateOnly) {
      DeltaWriteBenchmark.main(args);
      return;
    }
    if (opts.modes.stream().anyMatch(WriteMode::nativeStats)) {
      NativeHookProbe.requirePlugin(opts.plugin);
    }
    run(opts);
  }

  static void run(E2eOptions opts) throws Exception {
    generateSources(opts);
    Map<String, Path> sources = new LinkedHashMap<>();
    for (String t : opts.writtenTables()) {
      String src = t.equals(PartitionedVariant.TABLE) ? PartitionedVariant.SOURCE_TABLE : t;
      sources.put(t, TpcdsParquetCache.tableDir(opts.cacheDir, opts.scaleFactor, src));
    }
    Dirs.deleteRecursively(opts.workDir);
    Files.createDirectories(opts.workDir);
    int writes = opts.warmWrites + opts.timedWrites;
    int totalRounds = opts.warmupRounds + opts.rounds;
    double weight = 0;
    Map<String, Long> weights = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : sources.entrySet()) {
      long w = JVM_START_WEIGHT + writes * (WRITE_FIXED_WEIGHT + bytes(e.getValue()));
      weights.put(e.getKey(), w);
      weight += (double) w * opts.modes.size() * totalRounds;
    }
    long start = System.nanoTime();
    Progress progress = new Progress("e2e-jvm", totalRounds * sources.size() * opts.modes.size(), weight, start);
    JvmPerModeResults results = new JvmPerModeResults();
    for (int round = 0; round < totalRounds; round++) {
      boolean warmup = round < opts.warmupRounds;
      List<WriteMode> order = rotated(opts.modes, round);
      for (Map.Entry<String, Path> e : sources.entrySet()) {
        String table = e.getKey();
        Map<WriteMode, Path> logs = new LinkedHashMap<>();
        Map<WriteMode, JvmRun> runs = new LinkedHashMap<>();
        for (WriteMode mode : order) {
          Path jvmDir = opts.workDir.resolve("r" + round).resolve(table).resolve(mode.label());
          Files.createDirectories(jvmDir);
          JvmRun run = launch(opts, mode, table, e.getValue(), jvmDir, writes);
          runs.put(mode, run);
          logs.put(mode, jvmDir.resolve("logs"));
          results.record(round, warmup, table, mode, run);
          progress.advance(weights.get(table));
          System.out.println(progress.line(System.nanoTime(), String.format(java.util.Locale.ROOT,
              "round %d/%d%s %s %s: cold %.2f s, warm %.2f s, first write done %.2f s after launch",
              round + 1, totalRounds, warmup ? " (warm-up)" : "", table, mode.label(), run.coldSeconds(),
              run.warmSeconds(opts.warmWrites), run.secondsToFirstWrite())));
        }
        check(results.table(table), table, runs, logs, writes);
        Dirs.deleteRecursively(opts.workDir.resolve("r" + round).resolve(table));
      }
    }
    Path dir = JvmPerModeReport.write(opts, results);
    System.out.println("[e2e-jvm] report: " + dir.resolve("README.md"));
    for (Map.Entry<String, JvmPerModeResults.TableRuns> e : results.tables.entrySet()) {
      if (!e.getValue().problems.isEmpty()) {
        throw new IllegalStateException(e.getKey() + ": " + e.getValue().problems.get(0) + " (see report)");
      }
    }
  }

  /** The cache is filled by one child JVM (Spark is needed for it), never timed. */
  private static void generateSources(E2eOptions opts) throws IOException, InterruptedException {
    List<String> base = new ArrayList<>();
    for (String t : opts.writtenTables()) {
      String src = t.equals(PartitionedVariant.TABLE) ? PartitionedVariant.SOURCE_TABLE : t;
      if (!base.contains(src) && !Files.isDirectory(TpcdsParquetCache.tableDir(opts.cacheDir, opts.scaleFactor, src))) {
        base.add(src);
      }
    }
    if (base.isEmpty()) {
      return;
    }
    List<String> cmd = javaCommand(opts, DeltaWriteBenchmark.class.getName());
    cmd.addAll(List.of("--one-jvm", "--generate-only", "--sf", Double.toString(opts.scaleFactor), "--tables",
        String.join(",", base), "--cache-dir", opts.cacheDir.toString(), "--master", opts.master));
    int rc = new ProcessBuilder(cmd).inheritIO().start().waitFor();
    if (rc != 0) {
      throw new IllegalStateException("generating the TPC-DS cache failed (exit " + rc + ")");
    }
  }

  private static JvmRun launch(E2eOptions opts, WriteMode mode, String table, Path source, Path jvmDir, int writes)
      throws IOException, InterruptedException {
    Path out = jvmDir.resolve("result.txt");
    Path work = jvmDir.resolve("tables");
    List<String> cmd = javaCommand(opts, opts.jvmArgs(mode), opts.classpath(mode, System.getProperty("java.class.path")),
        ModeJvm.class.getName());
    int partitionWriters = table.equals(PartitionedVariant.TABLE) ? opts.partitionWriters : 0;
    // Stamped microseconds before start(): the child's "time to first write" counts from here.
    cmd.addAll(new ModeJvm.Args(mode, table, source, work, jvmDir.resolve("logs"), writes, opts.master, opts.plugin,
        System.nanoTime(), out, partitionWriters).toList());
    int rc = new ProcessBuilder(cmd).inheritIO().start().waitFor();
    if (!Files.exists(out)) {
      throw new IllegalStateException(table + " " + mode.label() + ": child JVM exited " + rc + " without a result");
    }
    JvmRun run = JvmRun.parse(Files.readAllLines(out, StandardCharsets.UTF_8));
    if (rc != 0 && run.problems.isEmpty()) {
      run.problems.add(table + " " + mode.label() + ": child JVM exited " + rc);
    }
    if (run.writes.size() != writes) {
      throw new IllegalStateException(table + " " + mode.label() + ": child recorded " + run.writes.size()
          + " of " + writes + " writes (exit " + rc + "): " + run.problems);
    }
    return run;
  }

  /**
   * java + this JVM's own flags (heap, Spark's --add-opens list) + classpath. With
   * {@code --memory}: -Xms = -Xmx and a pre-touched heap, so that the heap is resident in full
   * from the start and RSS minus heap is the memory outside it.
   */
  static List<String> javaCommand(E2eOptions opts, String mainClass) {
    return javaCommand(opts, List.of(), System.getProperty("java.class.path"), mainClass);
  }

  /**
   * The same with {@code extra} flags after the launcher's own (a later flag wins in HotSpot and
   * SparkConf) and the given classpath.
   */
  static List<String> javaCommand(E2eOptions opts, List<String> extra, String classpath, String mainClass) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String xmx = null;
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-Xms") || a.equals("-XX:+AlwaysPreTouch")) {
        continue;
      }
      if (a.startsWith("-Xmx")) {
        xmx = a.substring(4);
      }
      cmd.add(a);
    }
    if (opts.memory) {
      cmd.add("-Xms" + (xmx != null ? xmx : (Runtime.getRuntime().maxMemory() >> 20) + "m"));
      cmd.add("-XX:+AlwaysPreTouch");
    }
    cmd.addAll(extra);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    return cmd;
  }

  /** The modes in round-robin order starting at {@code round}: every mode leads equally often. */
  static List<WriteMode> rotated(List<WriteMode> modes, int round) {
    List<WriteMode> out = new ArrayList<>();
    for (int i = 0; i < modes.size(); i++) {
      out.add(modes.get((i + round) % modes.size()));
    }
    return out;
  }

  /**
   * Native writes must commit what the vanilla JVM of the same round committed (every write, cold
   * and warm), every stats-collecting write must cover every source row, and each JVM must have
   * taken its mode's path.
   */
  private static void check(JvmPerModeResults.TableRuns info, String table, Map<WriteMode, JvmRun> runs,
      Map<WriteMode, Path> logs, int writes) {
    for (Map.Entry<WriteMode, JvmRun> e : runs.entrySet()) {
      info.problems.addAll(e.getValue().problems);
      if (e.getValue().sourceRows >= 0) {
        info.sourceRows = e.getValue().sourceRows;
      }
      info.filesPerWrite = e.getValue().writes.get(0).files();
    }
    Map<WriteMode, List<DeltaLogStats>> stats = new LinkedHashMap<>();
    for (Map.Entry<WriteMode, Path> e : logs.entrySet()) {
      if (!e.getKey().collectsStats()) {
        continue;
      }
      List<DeltaLogStats> perWrite = new ArrayList<>();
      for (int i = 0; i < writes; i++) {
        DeltaLogStats s = DeltaLogStats.read(e.getValue().resolve("w" + i));
        if (s.stats().size() != s.files() || s.numRecords() != info.sourceRows) {
          info.problems.add(table + " " + e.getKey().label() + " write " + i + ": " + s.stats().size() + " of "
              + s.files() + " files have stats, numRecords " + s.numRecords() + " vs " + info.sourceRows
              + " source rows");
        }
        perWrite.add(s);
      }
      stats.put(e.getKey(), perWrite);
    }
    List<DeltaLogStats> vanilla = stats.get(WriteMode.VANILLA);
    for (Map.Entry<WriteMode, List<DeltaLogStats>> e : stats.entrySet()) {
      if (vanilla == null || !e.getKey().nativeStats()) {
        continue;
      }
      for (int i = 0; i < writes; i++) {
        info.statsComparisons++;
        String diff = DeltaLogStats.difference(vanilla.get(0), e.getValue().get(i));
        if (diff != null) {
          info.problems.add(table + " " + e.getKey().label() + " write " + i + " vs vanilla: " + diff);
          System.out.println("[e2e-jvm] STATS MISMATCH " + table + " " + e.getKey().label() + ": " + diff);
        }
      }
    }
  }

  static long bytes(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
