package io.glutendelta.stats.bench.jmh;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@value #FILES} files × {@value #ROWS} rows (apache/gluten issue #11514's shape): one task
 * reused through a barrier per file, versus a new task per file, versus the same batches as one
 * file (no barriers: the aggregation + hand-off floor). Scores are per file (µs); per-file
 * overhead = variant − oneFileNoBarriers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class BarrierReuseBenchmark {
  public static final int FILES = 10_000;
  public static final int ROWS = 100;

  @Param({"wide", "ints"})
  public String family;

  BufferAllocator allocator;
  VectorSchemaRoot batch;
  NativeAggregator task;

  @Setup(Level.Trial)
  public void open() {
    allocator = new RootAllocator();
    List<VectorSchemaRoot> roots = BatchFixtures.batches(BatchFixtures.family(family), allocator, 1, ROWS, 7);
    batch = roots.get(0);
    task = NativeAggregator.create(allocator, batch.getSchema());
  }

  @TearDown(Level.Trial)
  public void close() {
    task.close();
    batch.close();
    allocator.close();
  }

  @Benchmark
  @OperationsPerInvocation(FILES)
  public long reusedTaskWithBarriers() {
    long rows = 0;
    for (int f = 0; f < FILES; f++) {
      task.beginFile(f);
      task.addBatch(f, batch);
      rows += task.finishFile(f).numRecords();
    }
    return rows;
  }

  @Benchmark
  @OperationsPerInvocation(FILES)
  public long newTaskPerFile() {
    long rows = 0;
    for (int f = 0; f < FILES; f++) {
      try (NativeAggregator t = NativeAggregator.create(allocator, batch.getSchema())) {
        t.beginFile(f);
        t.addBatch(f, batch);
        rows += t.finishFile(f).numRecords();
      }
    }
    return rows;
  }

  @Benchmark
  @OperationsPerInvocation(FILES)
  public FileAggregates oneFileNoBarriers() {
    task.beginFile(0);
    for (int f = 0; f < FILES; f++) {
      task.addBatch(0, batch);
    }
    return task.finishFile(0);
  }

  /**
   * A task's life alone, the direct counterpart of {@link #emptyFilesBarrierOnly}: create (schema
   * export + native task), begin + finish an empty file, close. Unlike the batch variants it is not
   * a difference of two large numbers, so it stays readable on a noisy machine.
   */
  @Benchmark
  @OperationsPerInvocation(FILES)
  public long emptyFilesNewTask() {
    long rows = 0;
    for (int f = 0; f < FILES; f++) {
      try (NativeAggregator t = NativeAggregator.create(allocator, batch.getSchema())) {
        t.beginFile(f);
        rows += t.finishFile(f).numRecords();
      }
    }
    return rows;
  }

  /** The barrier alone: begin + finish of an empty file (result row decoded in Java). */
  @Benchmark
  @OperationsPerInvocation(FILES)
  public long emptyFilesBarrierOnly() {
    long rows = 0;
    for (int f = 0; f < FILES; f++) {
      task.beginFile(f);
      rows += task.finishFile(f).numRecords();
    }
    return rows;
  }
}
