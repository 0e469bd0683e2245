package io.glutendelta.stats.jni;

/**
 * Every native entry point of the engine, in one class (Arrow Java {@code c/} style). Handles are
 * opaque {@code long}s owned by {@link io.glutendelta.stats.engine.NativeAggregator}; nothing else
 * should call these methods. The C++ side wraps each entry so that no C++ exception crosses JNI:
 * user errors (malformed Arrow input, unsupported type) surface as
 * {@link IllegalArgumentException} naming the column, internal errors as
 * {@link NativeStatsException}.
 *
 * <p>Arrow ownership: {@code createTask} and {@code addBatch} take ownership of the C Data
 * Interface structs at the given addresses (they move them and call {@code release} exactly
 * once, also on error). An address of 0 means "not given".
 *
 * <p>Result layout of {@link #finishFile} (little-endian), one entry per leaf column in
 * depth-first schema order (struct children are walked; list, map, binary and boolean are
 * leaves):
 * <pre>
 *   int64 numRecords
 *   int32 numLeaves
 *   per leaf: int64 nullCount            (null itself or under a null ancestor struct)
 *             uint8 hasMinMax            (1 when min/max were collected and a non-null value was seen)
 *             if hasMinMax: min, max     (encoded by leaf kind)
 *                 int8..int64, date32 (days), timestamp (micros): int64
 *                 float32 / float64: float64 (float widened exactly; NaN stays NaN)
 *                 decimal128: 16 bytes two's complement unscaled value (low word first)
 *                 utf8 / large_utf8: int32 byte length + UTF-8 bytes (untruncated)
 * </pre>
 */
public final class NativeEngine {
  private NativeEngine() {}

  /** Builds a reusable stats task for batches of the given Arrow schema (a struct, format "+s"). */
  public static native long createTask(long arrowSchemaAddress);

  /** Opens per-file state for {@code fileId}; several files may be open at once. */
  public static native void beginFile(long task, long fileId);

  /**
   * Aggregates one batch (a struct array of the task's schema) into {@code fileId}'s state.
   * {@code arrowSchemaAddress} may be 0; when given it is checked against the task's schema.
   */
  public static native void addBatch(long task, long fileId, long arrowArrayAddress, long arrowSchemaAddress);

  /** Barrier for {@code fileId}: returns its stats (layout above) and resets the state for reuse. */
  public static native byte[] finishFile(long task, long fileId);

  /** Drops {@code fileId}'s state without producing a result (task failure, fallback). */
  public static native void abortFile(long task, long fileId);

  /** Counters: {files finished, batches, rows, open files, state bytes retained}. */
  public static native long[] taskCounters(long task);

  /** Frees the task. The Java owner guarantees it is called at most once. */
  public static native void closeTask(long task);

  /**
   * Address of the C release callback for lent arrays ({@code ArrowArray.release}): it releases
   * the live children and marks the struct released, freeing nothing. For producers that keep
   * their buffers alive until {@link #addBatch} returns (the engine releases before returning).
   */
  public static native long borrowedReleaseFunction();
}
