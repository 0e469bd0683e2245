package io.glutendelta.stats.batching;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.Platform;

/**
 * Copies Spark columnar batches (a scan's, before any row exists) into a reused Arrow batch of an
 * {@link InputSchema}. Fixed-width top-level leaves are copied a column at a time: one tight loop
 * per column, the validity in 64-row words. Every other field (strings,
 * wide decimals, structs) goes through the row path's {@link FieldWriter} over the batch's row
 * view. The vectors are sized for the largest batch seen and reused.
 */
public final class ColumnBatcher implements AutoCloseable {
  private final InputSchema schema;
  private final BufferAllocator allocator;
  private VectorSchemaRoot root;
  private int capacity;
  /** Per top-level field: copied by column (true) or by a FieldWriter (false). */
  private final boolean[] bulk;
  private FieldWriter[] writers;
  private FieldVector[] writerVectors;

  public ColumnBatcher(InputSchema schema, BufferAllocator allocator) {
    this.schema = schema;
    this.allocator = allocator;
    List<InputField> fields = schema.fields();
    this.bulk = new boolean[fields.size()];
    for (int i = 0; i < bulk.length; i++) {
      bulk[i] = copiesByColumn(fields.get(i));
    }
  }

  static boolean copiesByColumn(InputField f) {
    if (f.isStruct()) {
      return false;
    }
    return switch (f.leafType()) {
      case NULL_COUNT_ONLY, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, DECIMAL, DATE, TIMESTAMP, TIMESTAMP_NTZ -> true;
      case WIDE_DECIMAL, STRING -> false;
    };
  }

  /**
   * The batch's rows as Arrow (valid until the next call).
   *
   * @param columns the source columns, indexed by the fields' source ordinals
   */
  public VectorSchemaRoot copy(ColumnVector[] columns, int rows) {
    ensureCapacity(rows);
    List<InputField> fields = schema.fields();
    for (int i = 0; i < bulk.length; i++) {
      if (bulk[i]) {
        InputField f = fields.get(i);
        copyColumn(f, columns[f.sourceOrdinal()], root.getVector(i), rows);
      }
    }
    if (writers.length > 0) {
      for (FieldVector v : writerVectors) {
        v.reset();
      }
      ColumnarBatch view = new ColumnarBatch(columns, rows);
      for (int r = 0; r < rows; r++) {
        org.apache.spark.sql.catalyst.InternalRow row = view.getRow(r);
        for (FieldWriter w : writers) {
          w.write(row, r);
        }
      }
    }
    root.setRowCount(rows);
    return root;
  }

  private void ensureCapacity(int rows) {
    if (root != null && rows <= capacity) {
      return;
    }
    close();
    // Whole validity words: copyValidity writes 64 rows at a time.
    capacity = Math.max(64, (rows + 63) & ~63);
    root = VectorSchemaRoot.create(schema.arrowSchema(), allocator);
    try {
      for (FieldVector v : root.getFieldVectors()) {
        v.setInitialCapacity(capacity);
      }
      root.allocateNew();
      List<FieldWriter> ws = new ArrayList<>();
      List<FieldVector> vs = new ArrayList<>();
      for (int i = 0; i < bulk.length; i++) {
        if (!bulk[i]) {
          ws.add(FieldWriters.create(schema.fields().get(i), root.getVector(i)));
          vs.add(root.getVector(i));
        }
      }
      writers = ws.toArray(new FieldWriter[0]);
      writerVectors = vs.toArray(new FieldVector[0]);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * One loop per type writing Arrow memory straight from the typed getter: no array per batch
   * (the bulk getters allocate one and copy twice), and the getter of Spark's on-heap vectors is a
   * plain array read once inlined.
   */
  private static void copyColumn(InputField f, ColumnVector src, FieldVector dst, int rows) {
    copyValidity(src, dst.getValidityBufferAddress(), rows);
    if (f.leafType() == SparkLeafType.NULL_COUNT_ONLY) {
      return;
    }
    long data = ((BaseFixedWidthVector) dst).getDataBufferAddress();
    // A null slot is not read: a dictionary-encoded vector may hold a stale id there.
    boolean nulls = src.hasNull();
    switch (f.leafType()) {
      case BYTE -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putByte(null, data + r, src.getByte(r));
        }
      }
      case SHORT -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putShort(null, data + 2L * r, src.getShort(r));
        }
      }
      case INT, DATE -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putInt(null, data + 4L * r, src.getInt(r));
        }
      }
      case FLOAT -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putFloat(null, data + 4L * r, src.getFloat(r));
        }
      }
      case LONG, TIMESTAMP, TIMESTAMP_NTZ -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putLong(null, data + 8L * r, src.getLong(r));
        }
      }
      case DOUBLE -> {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          Platform.putDouble(null, data + 8L * r, src.getDouble(r));
        }
      }
      case DECIMAL -> copyCompactDecimals((DecimalType) f.type(), src, nulls, data, rows);
      default -> throw new IllegalStateException("not copied by column: " + f);
    }
  }

  /**
   * Unscaled values (precision up to 18) sign-extended into decimal128 slots. Spark's writable
   * vectors hold them as ints up to precision 9 and longs above, what their getDecimal reads.
   */
  private static void copyCompactDecimals(DecimalType t, ColumnVector src, boolean nulls, long data, int rows) {
    int p = t.precision();
    if (src instanceof WritableColumnVector) {
      if (p <= Decimal.MAX_INT_DIGITS()) {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          putDecimal(data, r, src.getInt(r));
        }
      } else {
        for (int r = 0; r < rows; r++) {
          if (nulls && src.isNullAt(r)) {
            continue;
          }
          putDecimal(data, r, src.getLong(r));
        }
      }
      return;
    }
    for (int r = 0; r < rows; r++) {
      putDecimal(data, r, src.isNullAt(r) ? 0 : src.getDecimal(r, p, t.scale()).toUnscaledLong());
    }
  }

  private static void putDecimal(long data, int row, long unscaled) {
    long at = data + 16L * row;
    Platform.putLong(null, at, unscaled);
    Platform.putLong(null, at + 8, unscaled >> 63);
  }

  /** Arrow validity (1 = value) from Spark's nulls, a 64-bit word at a time. */
  private static void copyValidity(ColumnVector src, long validity, int rows) {
    if (!src.hasNull()) {
      Platform.setMemory(validity, (byte) 0xFF, ((rows + 63) >>> 6) * 8L);
      return;
    }
    for (int base = 0; base < rows; base += 64) {
      int end = Math.min(64, rows - base);
      long word = 0;
      for (int j = 0; j < end; j++) {
        if (!src.isNullAt(base + j)) {
          word |= 1L << j;
        }
      }
      Platform.putLong(null, validity + (base >>> 3), word);
    }
  }

  @Override
  public void close() {
    if (root != null) {
      root.close();
      root = null;
    }
  }
}
