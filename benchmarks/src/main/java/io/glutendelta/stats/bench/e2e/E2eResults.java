package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.Samples;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one E2E run measured: write times per table and mode, and the stats checks. */
public final class E2eResults {
  /** Per table: source rows, files per write, stats comparisons done and what differed. */
  public static final class TableInfo {
    public long sourceRows;
    public int filesPerWrite;
    public int statsComparisons;
    public final List<String> statsMismatches = new ArrayList<>();
    public final Map<WriteMode, Samples> seconds = new EnumMap<>(WriteMode.class);
    /** CPU seconds of the whole process (local mode: executors included) and GC seconds per write. */
    public final Map<WriteMode, Samples> cpuSeconds = new EnumMap<>(WriteMode.class);
    public final Map<WriteMode, Samples> gcSeconds = new EnumMap<>(WriteMode.class);
    /** Native-path activity seen during NATIVE writes (files finished by the engine), or -1 if unknown. */
    public long nativeFilesSeen = -1;
  }

  private final Map<String, TableInfo> tables = new LinkedHashMap<>();
  /** Raw log lines: round, table, mode, seconds (warm-up included, flagged). */
  private final List<String> rawCsv = new ArrayList<>(List.of("round,warmup,table,mode,seconds,cpu_seconds,gc_seconds,files,stats_files,start_ns,end_ns"));

  public TableInfo table(String name) {
    return tables.computeIfAbsent(name, k -> new TableInfo());
  }

  public Map<String, TableInfo> tables() {
    return tables;
  }

  /**
   * One write. {@code startNanos}/{@code endNanos} are System.nanoTime (CLOCK_MONOTONIC on Linux),
   * so a profiler recording on that clock can tell which samples fall inside which write.
   */
  public void record(int round, boolean warmup, String table, WriteMode mode, long startNanos,
      long endNanos, double cpuSeconds, double gcSeconds, DeltaLogStats stats) {
    double seconds = (endNanos - startNanos) / 1e9;
    rawCsv.add(String.format(java.util.Locale.ROOT, "%d,%b,%s,%s,%.3f,%.3f,%.3f,%d,%d,%d,%d", round, warmup,
        table, mode.label(), seconds, cpuSeconds, gcSeconds, stats.files(), stats.stats().size(), startNanos,
        endNanos));
    if (!warmup) {
      TableInfo t = table(table);
      t.seconds.computeIfAbsent(mode, m -> new Samples()).add(seconds);
      if (!Double.isNaN(cpuSeconds)) {
        t.cpuSeconds.computeIfAbsent(mode, m -> new Samples()).add(cpuSeconds);
      }
      t.gcSeconds.computeIfAbsent(mode, m -> new Samples()).add(gcSeconds);
    }
  }

  public List<String> rawCsv() {
    return rawCsv;
  }
}
