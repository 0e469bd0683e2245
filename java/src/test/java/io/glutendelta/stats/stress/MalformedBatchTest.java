package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.engine.NativeAggregator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.unsafe.Platform;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed batches through the public columnar API: a corrupted ArrowArray (lengths, offsets,
 * null counts of a nested column) or corrupt string offsets inside a VectorSchemaRoot must each
 * surface as an IllegalArgumentException naming the column, release the batch (allocator back to
 * zero) and leave the task usable. The C-level variety is fuzzed in cpp/fuzz; this pins the Java
 * contract end to end.
 */
class MalformedBatchTest {
  /** Offsets of fields in the C ABI struct ArrowArray. */
  private static final long LENGTH = 0;
  private static final long NULL_COUNT = 8;
  private static final long OFFSET = 16;
  private static final long CHILDREN = 48;

  private BufferAllocator allocator;
  private Schema schema;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
    schema = new Schema(List.of(
        new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
        new Field("rec", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
            new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)))));
  }

  @AfterEach
  void close() {
    allocator.close(); // throws when a rejected batch was not released
  }

  private VectorSchemaRoot root(int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector(0);
    StructVector rec = (StructVector) root.getVector(1);
    VarCharVector name = (VarCharVector) rec.getChild("name");
    for (int r = 0; r < rows; r++) {
      id.setSafe(r, r);
      rec.setIndexDefined(r);
      name.setSafe(r, ("n" + r).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(rows);
    return root;
  }

  /** Address of child {@code i} of the C struct at {@code array}. */
  private static long child(long array, int i) {
    return Platform.getLong(null, Platform.getLong(null, array + CHILDREN) + 8L * i);
  }

  /** Exports a good batch, corrupts it with {@code corrupt}, expects a rejection naming {@code column}. */
  private void expectRejected(String column, String what, LongConsumer corrupt) {
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = root(10)) {
      task.beginFile(1);
      ArrowArray array = ArrowArray.allocateNew(allocator);
      try {
        Data.exportVectorSchemaRoot(allocator, root, null, array);
        corrupt.accept(array.memoryAddress());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> task.addBatch(1, array.memoryAddress(), 0L), what);
        assertTrue(e.getMessage().contains(column), what + ": message must name " + column + ": " + e.getMessage());
      } finally {
        array.close();
      }
      // the task survives, the file still takes good batches
      task.addBatch(1, root);
      assertEquals(10, task.finishFile(1).numRecords());
      assertEquals(0, task.counters().openFiles());
    }
  }

  @Test
  void negativeChildLengthNamesTheColumn() {
    expectRejected("id", "negative length", a -> Platform.putLong(null, child(a, 0) + LENGTH, -5));
  }

  @Test
  void nestedNullCountAboveLengthNamesTheNestedColumn() {
    expectRejected("rec.name", "null count > length",
        a -> Platform.putLong(null, child(child(a, 1), 0) + NULL_COUNT, 1_000));
  }

  @Test
  void childShorterThanTheBatchNamesTheColumn() {
    expectRejected("rec", "offset + length beyond the child", a -> Platform.putLong(null, child(a, 1) + OFFSET, 7));
  }

  @Test
  void decreasingStringOffsetsInARootNameTheColumn() {
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = root(10)) {
      task.beginFile(1);
      VarCharVector name = (VarCharVector) ((StructVector) root.getVector(1)).getChild("name");
      // offsets[5] above offsets[6]: a row with a negative length
      name.getOffsetBuffer().setInt(5L * 4, name.getOffsetBuffer().getInt(6L * 4) + 3);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> task.addBatch(1, root));
      assertTrue(e.getMessage().contains("rec.name"), e.getMessage());
      task.abortFile(1);
      assertEquals(0, task.counters().openFiles());
    }
  }
}
