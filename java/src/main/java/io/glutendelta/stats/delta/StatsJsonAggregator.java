package io.glutendelta.stats.delta;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Batches in, Delta's stats JSON out, per file: one {@link NativeAggregator} plus the plan that
 * turns its per-file {@code FileAggregates} into Delta's JSON; shared by the row tracker and the
 * columnar collector. Not thread-safe (one Spark task drives it).
 */
final class StatsJsonAggregator implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StatsJsonAggregator.class);
  /** Installed by tests only (same JVM as the tasks: local mode). */
  private static volatile NativeFailureInjector injector;

  private final StatsExpressionPlan plan;
  private final NativeAggregator task;
  private final NativeFailureInjector faults;
  private long batches;

  StatsJsonAggregator(StatsExpressionPlan plan, BufferAllocator allocator) {
    this.plan = plan;
    this.faults = injector;
    if (faults != null) {
      faults.beforeCreate();
    }
    // The engine numbers this schema's leaves depth-first, as the input schema does, with the
    // kinds the type table names (SparkLeafTypeTest checks both), so nothing is compared here.
    this.task = NativeAggregator.create(allocator, plan.inputSchema().arrowSchema());
  }

  /** Test seam: the injector native tasks created from now on use (null: none). */
  static void injectFailures(NativeFailureInjector next) {
    injector = next;
  }

  Schema arrowSchema() {
    return task.schema();
  }

  void begin(long fileId) {
    task.beginFile(fileId);
  }

  void add(long fileId, VectorSchemaRoot batch) {
    if (faults != null) {
      faults.beforeBatch(batches);
    }
    task.addBatch(fileId, batch);
    batches++;
  }

  /**
   * Finishes the file and returns Delta's JSON for it.
   *
   * @param expectedRows rows the caller fed, checked against the native count; -1 skips the check
   */
  String finish(long fileId, long expectedRows) {
    FileAggregates stats = task.finishFile(fileId);
    if (expectedRows >= 0 && stats.numRecords() != expectedRows) {
      throw new IllegalStateException("native statistics counted " + stats.numRecords()
          + " rows but " + expectedRows + " were written");
    }
    return plan.toJson(stats);
  }

  void abort(long fileId) {
    task.abortFile(fileId);
  }

  @Override
  public void close() {
    task.close();
  }

  /** Closes a task's engine (if any), then the allocator its batches came from (if any). */
  static void release(StatsJsonAggregator engine, BufferAllocator allocator) {
    if (engine != null) {
      engine.close();
    }
    if (allocator != null) {
      try {
        allocator.close();
      } catch (IllegalStateException leak) {
        LOG.error("gluten-delta-stats: Arrow memory still held at task end", leak);
      }
    }
  }
}
