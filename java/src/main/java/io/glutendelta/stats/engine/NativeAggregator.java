package io.glutendelta.stats.engine;

import io.glutendelta.stats.jni.NativeEngine;
import io.glutendelta.stats.jni.NativeLoader;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Aggregates batches of one Arrow schema natively, per file: the Java owner (RocksDB-style, of a
 * {@code long} handle) of the engine's {@code exec::Task} in {@code cpp/exec/Task.h}. Files are
 * independent: several may be open at once, each gets exactly one result ({@link FileAggregates})
 * from {@link #finishFile}, after which its native state is reset for reuse.
 *
 * <p>One Spark task drives one instance (one per task, reused across its files). Calls are serialised on the instance (an uncontended lock
 * per batch) so that a {@link #close()} from another thread, e.g. a task-completion listener, waits
 * for an in-flight native call instead of freeing the task under it. {@link #close()} is
 * idempotent; any other call after close throws {@link IllegalStateException}. Bad input surfaces as
 * {@link IllegalArgumentException} naming the column, native internal failures as
 * {@link io.glutendelta.stats.jni.NativeStatsException}.
 */
public final class NativeAggregator implements AutoCloseable {
  private final Schema schema;
  private final List<LeafColumn> leaves;
  /** C Data tree reused for every batch: lends the root's buffers for one addBatch call. */
  private final LentBatchExport export;
  private long handle;
  /** The last batch schema object that passed the layout check (roots are usually reused). */
  private Schema checkedBatchSchema;

  private NativeAggregator(Schema schema, List<LeafColumn> leaves,
      LentBatchExport export, long handle) {
    this.schema = schema;
    this.leaves = leaves;
    this.export = export;
    this.handle = handle;
  }

  /**
   * Creates a task for batches of {@code schema} (the top-level fields of a VectorSchemaRoot).
   *
   * @param allocator used for the C Data structs and export bookkeeping; must outlive the task
   * @throws IllegalArgumentException naming the column when a type is not supported
   * @throws io.glutendelta.stats.jni.NativeLibraryUnavailableException when the library cannot load
   */
  public static NativeAggregator create(BufferAllocator allocator, Schema schema) {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(schema, "schema");
    List<LeafColumn> leaves = SchemaLeaves.of(schema); // reject unsupported types before native code
    NativeLoader.load();
    LentBatchExport export = new LentBatchExport(allocator, schema, NativeEngine.borrowedReleaseFunction());
    long handle = 0;
    try (ArrowSchema cSchema = ArrowSchema.allocateNew(allocator)) {
      Data.exportSchema(allocator, schema, null, cSchema);
      try {
        handle = NativeEngine.createTask(cSchema.memoryAddress());
      } finally {
        if (cSchema.snapshot().release != 0) { // still ours: the native side failed before moving it
          cSchema.release();
        }
      }
      if (handle == 0) {
        throw new io.glutendelta.stats.jni.NativeStatsException("native createTask returned no handle");
      }
      return new NativeAggregator(schema, leaves, export, handle);
    } catch (RuntimeException | Error e) {
      export.close();
      throw e;
    }
  }

  /** The leaf columns in result order. */
  public List<LeafColumn> leaves() {
    return leaves;
  }

  public Schema schema() {
    return schema;
  }

  /** Opens per-file state for {@code fileId}. */
  public synchronized void beginFile(long fileId) {
    NativeEngine.beginFile(handle(), fileId);
  }

  /**
   * Aggregates the rows of {@code root} into {@code fileId}. The root's buffers are shared with
   * the native side for the duration of the call only; the root stays usable and owned by the
   * caller. The root must have the task schema's types (checked; names may differ).
   *
   * @throws IllegalArgumentException naming the column when the types differ or the data is malformed
   */
  public synchronized void addBatch(long fileId, VectorSchemaRoot root) {
    long h = handle();
    Objects.requireNonNull(root, "root");
    Schema batchSchema = root.getSchema();
    if (batchSchema != checkedBatchSchema) {
      SchemaLeaves.checkSameLayout(schema, batchSchema);
      checkedBatchSchema = batchSchema;
    }
    // The schema was exported once at create; the batch goes out without a schema. The engine
    // releases the lent array before returning, also on error (the JNI layer owns it first).
    NativeEngine.addBatch(h, fileId, export.export(root), 0L);
    if (!export.released()) {
      throw new io.glutendelta.stats.jni.NativeStatsException("native addBatch returned without releasing the batch");
    }
  }

  /**
   * Aggregates a batch given as C Data Interface structs (a struct array of the task's schema).
   * Ownership of both structs passes to the native side, which releases them, also on error.
   * Without a schema the caller guarantees the array has the task schema's types: the C Data
   * Interface carries no buffer sizes, so the engine cannot detect an array of another type.
   *
   * @param arrowSchemaAddress 0, or an ArrowSchema that is checked against the task's schema
   */
  public synchronized void addBatch(long fileId, long arrowArrayAddress, long arrowSchemaAddress) {
    long h = handle();
    if (arrowArrayAddress == 0) {
      throw new IllegalArgumentException("arrowArrayAddress is 0");
    }
    NativeEngine.addBatch(h, fileId, arrowArrayAddress, arrowSchemaAddress);
  }

  /** Closes {@code fileId}: returns its stats and resets its state for reuse. */
  public synchronized FileAggregates finishFile(long fileId) {
    byte[] result = NativeEngine.finishFile(handle(), fileId);
    return new FileAggregates(fileId, result, leaves);
  }

  /** Drops {@code fileId}'s state without a result (task failure or fallback). */
  public synchronized void abortFile(long fileId) {
    NativeEngine.abortFile(handle(), fileId);
  }

  public synchronized AggregatorCounters counters() {
    return AggregatorCounters.of(NativeEngine.taskCounters(handle()));
  }

  public synchronized boolean isClosed() {
    return handle == 0;
  }

  /** Frees the native task (open files included). Safe to call more than once. */
  @Override
  public synchronized void close() {
    long h = handle;
    if (h == 0) {
      return;
    }
    handle = 0;
    try {
      NativeEngine.closeTask(h);
    } finally {
      export.close();
    }
  }

  private long handle() {
    long h = handle;
    if (h == 0) {
      throw new IllegalStateException("NativeAggregator is closed");
    }
    return h;
  }
}
