package io.glutendelta.stats.bench.breakdown;

import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.batching.RowBatcher;
import io.glutendelta.stats.bench.jmh.DeltaTrackerHarness;
import io.glutendelta.stats.bench.report.Charts;
import io.glutendelta.stats.bench.report.MachineInfo;
import io.glutendelta.stats.bench.report.ResultsDir;
import io.glutendelta.stats.bench.report.Samples;
import io.glutendelta.stats.bench.tpcds.TpcdsSchemas;
import io.glutendelta.stats.delta.ColumnarStatsCollector;
import io.glutendelta.stats.engine.NativeAggregator;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.encoders.ExpressionEncoder;
import org.apache.spark.sql.catalyst.encoders.RowEncoder;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;

/**
 * Where the native row path spends its time on a TPC-DS table's rows (store_sales unless
 * {@code --table} says otherwise; UnsafeRows, as Delta's writer
 * hands them to a stats tracker): row → Arrow batching (our RowBatcher), C Data export, the JNI
 * call's fixed cost (measured with 1-row batches), native aggregation (the rest of addBatch),
 * and the per-file finish (result decode + Delta's result expression → JSON). Delta's own
 * tracker on the same rows is the reference. Phases are timed with nanoTime around each batch,
 * repeated, medians reported.
 */
public final class RowPathBreakdown {
  private RowPathBreakdown() {}

  public static void main(String[] args) throws Exception {
    int rowCount = 1 << 20;
    int distinct = 4096;
    int batchRows = io.glutendelta.stats.delta.NativeStatsConf.DEFAULT_BATCH_ROWS; // what the tracker uses
    int repeats = 7;
    Path resultsRoot = Paths.get("benchmarks", "results");
    boolean latest = true;
    Table table = Table.STORE_SALES;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rowCount = Integer.parseInt(args[++i]);
        case "--distinct-rows" -> distinct = Integer.parseInt(args[++i]);
        case "--batch-rows" -> batchRows = Integer.parseInt(args[++i]);
        case "--repeats" -> repeats = Integer.parseInt(args[++i]);
        case "--results-dir" -> resultsRoot = Paths.get(args[++i]);
        case "--no-latest" -> latest = false;
        case "--table" -> table = Table.getTable(args[++i]);
        default -> {
          System.err.println("unknown flag " + args[i] + " (--table T, --rows N, --distinct-rows N, --batch-rows N, --repeats N, --results-dir DIR, --no-latest)");
          System.exit(2);
        }
      }
    }
    List<InternalRow> rows = cycled(tableRows(table, Math.min(distinct, rowCount)), rowCount);
    System.out.printf(Locale.ROOT, "[breakdown] %d %s rows, batches of %d, %d repeats (+1 warm-up)%n",
        rows.size(), table.getName(), batchRows, repeats);
    // store_sales keeps the folder it always had; other tables get their own
    String kind = table == Table.STORE_SALES ? "breakdown" : "breakdown-" + table.getName();
    try (BufferAllocator alloc = new RootAllocator();
         DeltaTrackerHarness delta = new DeltaTrackerHarness(TpcdsSchemas.sparkSchema(table))) {
      Phases p = measure(rows, batchRows, repeats, alloc, delta);
      Path dir = ResultsDir.create(resultsRoot, kind);
      String md = report(p, table, rows.size(), Math.min(distinct, rowCount), batchRows, repeats, dir);
      Files.writeString(dir.resolve("README.md"), md, StandardCharsets.UTF_8);
      if (latest) {
        ResultsDir.publishLatest(resultsRoot, kind, dir);
      }
      System.out.println(md);
      System.out.println("[breakdown] report: " + dir.resolve("README.md"));
    }
  }

  /** ns per row for each phase (samples over repeats). */
  static final class Phases {
    final Samples batching = new Samples();
    final Samples addBatch = new Samples();
    final Samples finish = new Samples();
    final Samples vanilla = new Samples();
    double fixedCallNs;
    double arrowExportCallNs;
    double finishJsonUs;
    long calls;
  }

  static Phases measure(List<InternalRow> rows, int batchRows, int repeats, BufferAllocator alloc,
      DeltaTrackerHarness delta) throws Exception {
    Phases p = new Phases();
    try (ColumnarStatsCollector collector = ColumnarStatsCollector.create(delta.jobTracker(), alloc)) {
      InputSchema input = collector.inputSchema();
      try (RowBatcher batcher = new RowBatcher(input, alloc, batchRows);
           NativeAggregator task = NativeAggregator.create(alloc, batcher.schema());
           ArrowArray array = ArrowArray.allocateNew(alloc)) {
        double n = rows.size();
        for (int r = 0; r <= repeats; r++) {
          long tBatch = 0;
          long tAdd = 0;
          long calls = 0;
          task.beginFile(1);
          int i = 0;
          while (i < rows.size()) {
            long t0 = System.nanoTime();
            batcher.reset();
            int end = Math.min(rows.size(), i + batchRows);
            for (; i < end; i++) {
              batcher.append(rows.get(i));
            }
            VectorSchemaRoot root = batcher.seal();
            long t1 = System.nanoTime();
            task.addBatch(1, root); // C Data export (lent buffers) + JNI + native aggregation
            long t3 = System.nanoTime();
            tBatch += t1 - t0;
            tAdd += t3 - t1;
            calls++;
          }
          long t4 = System.nanoTime();
          long seen = task.finishFile(1).numRecords();
          long t5 = System.nanoTime();
          if (seen != rows.size()) {
            throw new IllegalStateException("native engine counted " + seen + " rows, expected " + rows.size());
          }
          long t6 = System.nanoTime();
          delta.statsForRows("part-0.parquet", rows);
          long t7 = System.nanoTime();
          if (r == 0) {
            continue; // warm-up
          }
          p.batching.add(tBatch / n);
          p.addBatch.add(tAdd / n);
          p.finish.add((t5 - t4) / n);
          p.vanilla.add((t7 - t6) / n);
          p.calls = calls;
          System.out.printf(Locale.ROOT, "[breakdown] repeat %d: batching %.1f, addBatch %.1f ns/row; Delta tracker %.1f ns/row%n",
              r, tBatch / n, tAdd / n, (t7 - t6) / n);
        }
        fixedCosts(p, rows.get(0), batcher, task, array, alloc);
      }
      // Per-file finish including Delta's result expression → JSON (empty file: the fixed part).
      int files = 20_000;
      for (int w = 0; w < 2; w++) {
        long t0 = System.nanoTime();
        for (int f = 0; f < files; f++) {
          collector.beginFile("f");
          collector.finishFile("f");
        }
        p.finishJsonUs = (System.nanoTime() - t0) / 1e3 / files;
      }
    }
    return p;
  }

  /**
   * Per-call cost of addBatch on a 1-row batch (export + JNI + import: the hand-off floor), and,
   * for comparison, of Arrow Java's own export of the same batch, which the hand-off used before.
   */
  private static void fixedCosts(Phases p, InternalRow row, RowBatcher batcher, NativeAggregator task,
      ArrowArray array, BufferAllocator alloc) {
    int calls = 50_000;
    batcher.reset();
    batcher.append(row);
    VectorSchemaRoot one = batcher.seal();
    task.beginFile(2);
    for (int w = 0; w < 2; w++) {
      long tExport = 0;
      long tAdd = 0;
      for (int c = 0; c < calls; c++) {
        long t0 = System.nanoTime();
        Data.exportVectorSchemaRoot(alloc, one, null, array);
        long t1 = System.nanoTime();
        array.release();
        long t2 = System.nanoTime();
        task.addBatch(2, one);
        tAdd += System.nanoTime() - t2;
        tExport += t1 - t0;
      }
      p.arrowExportCallNs = (double) tExport / calls;
      p.fixedCallNs = (double) tAdd / calls;
    }
    task.finishFile(2);
    batcher.reset();
  }

  static String report(Phases p, Table table, int rows, int distinct, int batchRows, int repeats, Path dir) {
    String name = table.getName();
    int columns = TpcdsSchemas.sparkSchema(table).fields().length;
    double batching = p.batching.median();
    double add = p.addBatch.median();
    double finish = p.finish.median();
    double jni = Math.min(add, p.fixedCallNs * p.calls / rows);
    double agg = add - jni;
    double total = batching + add + finish;
    double vanilla = p.vanilla.median();
    Map<String, Double> parts = new LinkedHashMap<>();
    parts.put("row → Arrow batching (RowBatcher)", batching);
    parts.put("C Data export + JNI call + import (fixed per batch)", jni);
    parts.put("native aggregation", agg);
    parts.put("finishFile (native result + decode)", finish);
    StringBuilder md = new StringBuilder("# Native row path: cost breakdown\n\n");
    md.append("- When: ").append(ResultsDir.utcNow()).append("\n- Machine: ").append(MachineInfo.describe())
        .append(String.format(Locale.ROOT, "%n- Input: %,d %s rows (UnsafeRow, %d columns; %,d distinct rows cycled, "
            + "so rows are in cache as a writer's just-produced row is) as one file, "
            + "batches of %d rows (%d addBatch calls); %d repeats after a warm-up, medians%n", rows, name, columns, distinct,
            batchRows, p.calls, repeats))
        .append("- How: nanoTime around each phase of every batch, mirroring NativeTaskStatsTracker "
            + "(RowBatcher.append → seal → NativeAggregator.addBatch, which exports the batch by lending its buffers). "
            + "The hand-off share is the per-call cost of addBatch on a 1-row batch × calls; native aggregation is the "
            + "rest of addBatch.\n\n");
    md.append("| phase | ns/row | share of native path |\n|---|---:|---:|\n");
    for (Map.Entry<String, Double> e : parts.entrySet()) {
      md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f %% |%n", e.getKey(), e.getValue(), 100 * e.getValue() / total));
    }
    md.append(String.format(Locale.ROOT, "| **native row path total** | **%.1f** | 100 %% |%n", total));
    md.append(String.format(Locale.ROOT, "| Delta's own tracker (vanilla), same rows | %.1f | %.2f× native |%n%n", vanilla, vanilla / total));
    md.append(String.format(Locale.ROOT, "- Fixed costs: addBatch %.2f µs per 1-row batch (export + JNI + import); Arrow Java's "
        + "Data.exportVectorSchemaRoot of the same batch alone %.2f µs (not used); finish + Delta JSON of an empty file "
        + "%.2f µs per file.%n", p.fixedCallNs / 1e3, p.arrowExportCallNs / 1e3, p.finishJsonUs));
    md.append(String.format(Locale.ROOT, "- Per million %s rows: native row path ≈ %.3f s of task time vs Delta's "
        + "tracker ≈ %.3f s (summed over tasks; divide by the cores for wall time).%n", name, total / 1e3, vanilla / 1e3));
    String biggest = parts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("?");
    md.append("- Biggest share: **").append(biggest).append("** — the next optimisation target.\n\n");
    Map<String, double[]> chart = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e : parts.entrySet()) {
      chart.put(shortLabel(e.getKey()), new double[] {e.getValue()});
    }
    chart.put("Delta tracker", new double[] {vanilla});
    Charts.groupedBars(dir.resolve("row-path-breakdown.png"), "Row path cost per row (" + name + ")", "ns per row",
        List.of("ns/row"), chart, "0.0");
    md.append("![breakdown](row-path-breakdown.png)\n");
    return md.toString();
  }

  /** Axis labels short enough not to be cut by the chart ("row → Arrow batching" → "batching"). */
  static String shortLabel(String s) {
    if (s.startsWith("row")) {
      return "batching";
    }
    if (s.startsWith("C Data")) {
      return "hand-off";
    }
    if (s.startsWith("native")) {
      return "aggregation";
    }
    return s.startsWith("finish") ? "finishFile" : s;
  }

  /**
   * {@code n} rows cycling through {@code pool}. A writer hands its stats tracker the row it just
   * produced (in cache); a million distinct row objects would instead make the first phase that
   * touches each row pay its trip from memory, for our path and Delta's tracker alike.
   */
  static List<InternalRow> cycled(List<InternalRow> pool, int n) {
    List<InternalRow> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(pool.get(i % pool.size()));
    }
    return out;
  }

  /** The first {@code n} rows of a table from the generator, as the UnsafeRows a Delta write task sees. */
  static List<InternalRow> tableRows(Table table, int n) {
    StructType schema = TpcdsSchemas.sparkSchema(table);
    ExpressionEncoder.Serializer<Row> ser = ExpressionEncoder.apply(RowEncoder.encoderFor(schema)).createSerializer();
    Column[] cols = table.getColumns();
    Session session = Session.getDefaultSession().withScale(1).withTable(table);
    List<InternalRow> out = new ArrayList<>(n);
    for (List<List<String>> r : Results.constructResults(table, session)) {
      out.add(((UnsafeRow) ser.apply(TpcdsSchemas.toRow(cols, r.get(0)))).copy());
      if (out.size() == n) {
        break;
      }
    }
    return out;
  }
}
