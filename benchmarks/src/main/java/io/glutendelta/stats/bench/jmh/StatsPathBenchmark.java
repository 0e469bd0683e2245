package io.glutendelta.stats.bench.jmh;

import io.glutendelta.stats.delta.ColumnarStatsCollector;
import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One "file" of {@value #BATCHES} × {@value #ROWS} rows per operation, through three statistics
 * paths on the SAME Arrow batches: (a) the native engine, (a') the native engine behind our
 * columnar entry point, producing Delta's stats JSON, (b) Delta's own tracker behind a
 * columnar-to-row transition (JSON too), (c) a straightforward Java columnar loop. Values/s = rows × leaf
 * columns / time (computed by {@link JmhSuite}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StatsPathBenchmark {
  public static final int BATCHES = 64;
  public static final int ROWS = 4096;
  public static final String STREAMED = "streamed";
  public static final String CACHED = "cached";
  /**
   * One root per fork: exported buffers must share a root with the exporting allocator, and JMH
   * does not order tear-downs, so each state closes only its own child allocator.
   */
  static final RootAllocator ROOT = new RootAllocator();

  /** The batches, shared by all three paths. */
  @State(Scope.Benchmark)
  public static class Batches {
    @Param({"ints", "decimals", "strings", "timestamps", "nested", "wide"})
    public String family;

    /**
     * {@code streamed}: {@value #BATCHES} distinct batches (tens of MB: every batch comes from
     * memory); {@code cached}: one batch {@value #BATCHES} times, in cache as the batch a
     * columnar writer has just produced is. Both are worth knowing: the native engine is
     * memory-bound on the first, compute-bound like the other paths on the second.
     */
    @Param({STREAMED})
    public String batchSet;

    BufferAllocator allocator;
    /** The batches of one operation, in order (may repeat one batch). */
    List<VectorSchemaRoot> roots;
    private List<VectorSchemaRoot> owned;

    @Setup(Level.Trial)
    public void build() {
      allocator = ROOT.newChildAllocator("batches", 0, Long.MAX_VALUE);
      int distinct = switch (batchSet) {
        case STREAMED -> BATCHES;
        case CACHED -> 1;
        default -> throw new IllegalArgumentException("batchSet must be streamed or cached, got " + batchSet);
      };
      List<VectorSchemaRoot> built = BatchFixtures.batches(BatchFixtures.family(family), allocator, distinct, ROWS, 42);
      roots = new ArrayList<>(BATCHES);
      for (int i = 0; i < BATCHES; i++) {
        roots.add(built.get(i % distinct));
      }
      owned = built;
    }

    @TearDown(Level.Trial)
    public void free() {
      owned.forEach(VectorSchemaRoot::close);
      allocator.close();
    }
  }

  @State(Scope.Benchmark)
  public static class Native {
    BufferAllocator allocator;
    NativeAggregator task;

    @Setup(Level.Trial)
    public void open(Batches b) {
      allocator = ROOT.newChildAllocator("native", 0, Long.MAX_VALUE);
      task = NativeAggregator.create(allocator, b.roots.get(0).getSchema());
    }

    @TearDown(Level.Trial)
    public void close() {
      task.close();
      allocator.close();
    }
  }

  @State(Scope.Benchmark)
  public static class Delta {
    DeltaTrackerHarness harness;
    List<ColumnarBatch> columnar;

    @Setup(Level.Trial)
    public void open(Batches b) throws Exception {
      harness = new DeltaTrackerHarness(b.roots.get(0).getSchema());
      columnar = new ArrayList<>();
      for (VectorSchemaRoot r : b.roots) {
        columnar.add(DeltaTrackerHarness.columnar(r));
      }
    }

    @TearDown(Level.Trial)
    public void close() {
      harness.close();
    }
  }

  /** Our columnar entry point: native engine + Delta's own result expression → the same JSON as (b). */
  @State(Scope.Benchmark)
  public static class NativeJson {
    BufferAllocator allocator;
    DeltaTrackerHarness harness;
    ColumnarStatsCollector collector;

    @Setup(Level.Trial)
    public void open(Batches b) throws Exception {
      allocator = ROOT.newChildAllocator("collector", 0, Long.MAX_VALUE);
      harness = new DeltaTrackerHarness(b.roots.get(0).getSchema());
      collector = ColumnarStatsCollector.create(harness.jobTracker(), allocator);
    }

    @TearDown(Level.Trial)
    public void close() {
      collector.close();
      harness.close();
      allocator.close();
    }
  }

  @State(Scope.Benchmark)
  public static class JavaLoop {
    final JavaColumnarStats stats = new JavaColumnarStats();
  }

  @Benchmark
  public FileAggregates nativeEngine(Batches b, Native n) {
    n.task.beginFile(1);
    for (VectorSchemaRoot r : b.roots) {
      n.task.addBatch(1, r);
    }
    return n.task.finishFile(1);
  }

  @Benchmark
  public String nativeDeltaJson(Batches b, NativeJson n) {
    n.collector.beginFile("part-0.parquet");
    for (VectorSchemaRoot r : b.roots) {
      n.collector.addBatch("part-0.parquet", r);
    }
    return n.collector.finishFile("part-0.parquet");
  }

  @Benchmark
  public String deltaTrackerC2R(Delta d) {
    return d.harness.statsForFile("part-0.parquet", d.columnar);
  }

  @Benchmark
  public Object javaColumnarLoop(Batches b, JavaLoop j) {
    j.stats.reset();
    for (VectorSchemaRoot r : b.roots) {
      j.stats.add(r);
    }
    return j.stats.leaves();
  }
}
