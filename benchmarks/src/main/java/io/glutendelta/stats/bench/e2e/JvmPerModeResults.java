package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.Samples;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Every measured child JVM of a JVM-per-mode run, by table and mode, in round order. */
final class JvmPerModeResults {
  static final class TableRuns {
    long sourceRows = -1;
    int filesPerWrite;
    int statsComparisons;
    final List<String> problems = new ArrayList<>();
    final Map<WriteMode, List<JvmRun>> runs = new EnumMap<>(WriteMode.class);

    /** One value per measured round of {@code mode}: {@code f} of that round's JVM. */
    Samples perRound(WriteMode mode, ToDoubleFunction<JvmRun> f) {
      Samples s = new Samples();
      for (JvmRun r : runs.getOrDefault(mode, List.of())) {
        s.add(f.applyAsDouble(r));
      }
      return s;
    }
  }

  final Map<String, TableRuns> tables = new LinkedHashMap<>();
  final List<String> rawCsv = new ArrayList<>(List.of(
      "round,warmup,table,mode,write,seconds,cpu_seconds,gc_seconds,peak_rss_bytes,peak_heap_after_gc_bytes,"
          + "files,native_files,start_ns,end_ns,launch_ns,session_ready_ns"));

  TableRuns table(String name) {
    return tables.computeIfAbsent(name, k -> new TableRuns());
  }

  void record(int round, boolean warmup, String table, WriteMode mode, JvmRun run) {
    for (int i = 0; i < run.writes.size(); i++) {
      JvmRun.Write w = run.writes.get(i);
      rawCsv.add(String.format(java.util.Locale.ROOT, "%d,%b,%s,%s,%d,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d,%d,%d,%d", round,
          warmup, table, mode.label(), i, w.seconds(), w.cpuSeconds(), w.gcSeconds(), w.peakRssBytes(),
          w.peakHeapAfterGcBytes(), w.files(), w.nativeFiles(), w.startNanos(), w.endNanos(), run.launchNanos,
          run.sessionReadyNanos));
    }
    if (!warmup) {
      table(table).runs.computeIfAbsent(mode, m -> new ArrayList<>()).add(run);
    }
  }

  /** Per measured round, the sum over tables of {@code f}: the total write time of a round. */
  Samples totalPerRound(WriteMode mode, ToDoubleFunction<JvmRun> f) {
    List<Samples> series = new ArrayList<>();
    for (TableRuns t : tables.values()) {
      series.add(t.perRound(mode, f));
    }
    return Samples.sumByIndex(series);
  }
}
