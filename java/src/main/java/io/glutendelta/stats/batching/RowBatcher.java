package io.glutendelta.stats.batching;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;

/**
 * Buffers Spark rows of one open file into a reused Arrow batch. Only the fields of the
 * {@link InputSchema} are copied (each names where it lives in the source row); after
 * {@link #reset()} the same vectors and buffers are written again, so steady state allocates
 * nothing. Flat leaves go through {@link FlatColumns} (rows staged whole, transposed per column);
 * structs and wide decimals through a {@link FieldWriter} each.
 */
public final class RowBatcher implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final FlatColumns flat;
  private final FieldWriter[] writers;
  private final FieldVector[] writerVectors;
  private final int capacity;
  private int rows;

  public RowBatcher(InputSchema inputSchema, BufferAllocator allocator, int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("batch capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
    this.root = VectorSchemaRoot.create(inputSchema.arrowSchema(), allocator);
    try {
      List<InputField> fields = inputSchema.fields();
      List<FieldWriter> slow = new ArrayList<>();
      List<FieldVector> slowVectors = new ArrayList<>();
      List<InputField> flatFields = new ArrayList<>();
      List<FieldVector> flatVectors = new ArrayList<>();
      for (FieldVector v : root.getFieldVectors()) {
        v.setInitialCapacity(capacity);
      }
      root.allocateNew();
      for (int i = 0; i < fields.size(); i++) {
        InputField f = fields.get(i);
        FieldVector v = root.getVector(i);
        if (FlatColumns.handles(f)) {
          flatFields.add(f);
          flatVectors.add(v);
        } else {
          slow.add(FieldWriters.create(f, v));
          slowVectors.add(v);
        }
      }
      this.flat = new FlatColumns(flatFields.toArray(new InputField[0]),
          flatVectors.toArray(new FieldVector[0]), capacity);
      this.writers = slow.toArray(new FieldWriter[0]);
      this.writerVectors = slowVectors.toArray(new FieldVector[0]);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  public Schema schema() {
    return root.getSchema();
  }

  /**
   * Appends one row (in the layout the field ordinals refer to).
   *
   * @throws IllegalStateException when the batch is full (seal and reset it first)
   */
  public void append(InternalRow row) {
    int index = rows;
    if (index >= capacity) {
      throw new IllegalStateException("batch is full (" + capacity + " rows): seal and reset it first");
    }
    if (row instanceof UnsafeRow u) {
      flat.append(u, index);
    } else {
      flat.append((SpecializedGetters) row, index);
    }
    for (FieldWriter w : writers) {
      w.write(row, index);
    }
    rows = index + 1;
  }

  public int rowCount() {
    return rows;
  }

  public boolean isFull() {
    return rows >= capacity;
  }

  /** The buffered rows as a batch (valid until the next {@link #append} or {@link #reset}). */
  public VectorSchemaRoot seal() {
    flat.seal(rows);
    root.setRowCount(rows);
    return root;
  }

  /** Empties the batch, keeping its buffers for the next rows. */
  public void reset() {
    flat.reset();
    for (FieldVector v : writerVectors) {
      v.reset();
    }
    rows = 0;
  }

  @Override
  public void close() {
    root.close();
  }
}
