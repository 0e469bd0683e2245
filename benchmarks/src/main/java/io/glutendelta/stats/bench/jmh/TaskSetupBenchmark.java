package io.glutendelta.stats.bench.jmh;

import io.glutendelta.stats.delta.ColumnarStatsCollector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
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
 * The fixed statistics cost of one write task that writes one 1-row file: what short jobs, small
 * appends and streaming micro-batches pay per task on top of their rows. Both start from a fresh
 * copy of a real Delta table's job tracker, deserialised before each operation (not timed) as a
 * task gets its own from the task binary, so no expression state is shared between tasks.
 * (a) `nativeTask`:
 * our per-task path (analysis of Delta's stats expression, the native task, one batch, the
 * barrier, Delta's result expression → JSON); (b) `deltaTask`: Delta's own task tracker
 * (`newTaskInstance()`: its generated aggregation and result projections) on the same row.
 * Scores are µs per task.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TaskSetupBenchmark {
  private static final String FILE = "part-00000.parquet";

  @Param({"wide", "strings"})
  public String family;

  BufferAllocator allocator;
  VectorSchemaRoot batch;
  DeltaTrackerHarness delta;
  byte[] serializedJob;
  DeltaJobStatisticsTracker job;
  InternalRow row;

  @Setup(Level.Trial)
  public void open() throws Exception {
    allocator = new RootAllocator();
    BatchFixtures.Family f = BatchFixtures.family(family);
    List<VectorSchemaRoot> roots = BatchFixtures.batches(f, allocator, 1, 1, 7);
    batch = roots.get(0);
    delta = new DeltaTrackerHarness(BatchFixtures.schema(f));
    serializedJob = serialize(delta.jobTracker());
    Iterator<InternalRow> it = DeltaTrackerHarness.columnar(batch).rowIterator();
    row = it.next().copy();
  }

  /** A task's own copy of the job tracker, as Spark deserialises it from the task binary. */
  @Setup(Level.Invocation)
  public void freshJobTracker() throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serializedJob))) {
      job = (DeltaJobStatisticsTracker) in.readObject();
    }
  }

  private static byte[] serialize(Object o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  @TearDown(Level.Trial)
  public void close() {
    delta.close();
    batch.close();
    allocator.close();
  }

  @Benchmark
  public String nativeTask() throws Exception {
    try (ColumnarStatsCollector c = ColumnarStatsCollector.create(job, allocator)) {
      c.beginFile(FILE);
      c.addBatch(FILE, batch);
      return c.finishFile(FILE);
    }
  }

  @Benchmark
  public Object deltaTask() {
    DeltaTaskStatisticsTracker t = (DeltaTaskStatisticsTracker) job.newTaskInstance();
    t.newFile(FILE);
    t.newRow(FILE, row);
    t.closeFile(FILE);
    return t.getFinalStats(0L);
  }
}
