package io.glutendelta.stats.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Hand-written cases for the task API: known values, semantics corners, lifecycle and errors. */
class NativeAggregatorTest {
  private BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close(); // throws on leaked buffers: release callbacks were honoured
  }

  private static Field nullable(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
  }

  private static final ArrowType INT32 = new ArrowType.Int(32, true);
  private static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  private static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

  private VectorSchemaRoot intRoot(Schema schema, Integer... values) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    IntVector v = (IntVector) root.getVector(0);
    v.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        v.setNull(i);
      } else {
        v.set(i, values[i]);
      }
    }
    root.setRowCount(values.length);
    return root;
  }

  @Test
  void knownIntegerValuesAcrossBatchesAndBoxing() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.beginFile(1);
      try (VectorSchemaRoot a = intRoot(schema, 3, null, -7);
           VectorSchemaRoot b = intRoot(schema, 12, null, null, 0)) {
        task.addBatch(1, a);
        task.addBatch(1, b);
      }
      FileAggregates stats = task.finishFile(1);
      assertEquals(7, stats.numRecords());
      assertEquals(3, stats.nullCount(0));
      assertTrue(stats.hasMinMax(0));
      assertEquals(-7, stats.minLong(0));
      assertEquals(12, stats.maxLong(0));
      assertEquals(Integer.valueOf(-7), stats.min(0));
      assertInstanceOf(Integer.class, stats.max(0));
      assertThrows(IllegalStateException.class, () -> stats.minDouble(0), "wrong accessor for the kind");
      AggregatorCounters c = task.counters();
      assertEquals(1, c.filesFinished());
      assertEquals(2, c.batches());
      assertEquals(7, c.rows());
      assertEquals(0, c.openFiles());
    }
  }

  @Test
  void rootStaysUsableAndCanBeAddedTwice() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = intRoot(schema, 5, 6)) {
      task.beginFile(9);
      task.addBatch(9, root);
      assertEquals(6, ((IntVector) root.getVector(0)).get(1), "root readable after export");
      ((IntVector) root.getVector(0)).set(1, 60);
      task.addBatch(9, root);
      FileAggregates stats = task.finishFile(9);
      assertEquals(4, stats.numRecords());
      assertEquals(60, stats.maxLong(0));
    }
  }

  @Test
  void sparkFloatingPointOrdering() {
    Schema schema = new Schema(List.of(nullable("d", FLOAT64), nullable("f", FLOAT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.beginFile(1);
      task.beginFile(2);
      try (VectorSchemaRoot first = doubles(schema, -0.0, Double.NaN, 0.0, Double.POSITIVE_INFINITY, 5.0);
           VectorSchemaRoot second = doubles(schema, 0.0, -0.0)) {
        task.addBatch(1, first);
        task.addBatch(2, second);
      }
      FileAggregates one = task.finishFile(1);
      // min: -0.0 came first and 0.0 is not strictly smaller; max: NaN is above +Infinity.
      StatsAssertions.assertSameDouble(-0.0, one.minDouble(0), "min keeps the first zero");
      assertTrue(Double.isNaN(one.maxDouble(0)));
      // f is all NaN: min is NaN too
      assertTrue(Double.isNaN(one.minDouble(1)));
      assertInstanceOf(Float.class, one.min(1));
      FileAggregates two = task.finishFile(2);
      StatsAssertions.assertSameDouble(0.0, two.minDouble(0), "min keeps the first zero");
      StatsAssertions.assertSameDouble(0.0, two.maxDouble(0), "max keeps the first zero");
    }
  }

  /** Column 0 gets the values, column 1 (float) NaN in every row. */
  private VectorSchemaRoot doubles(Schema schema, double... values) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    Float8Vector d = (Float8Vector) root.getVector(0);
    Float4Vector f = (Float4Vector) root.getVector(1);
    d.allocateNew(values.length);
    f.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      d.set(i, values[i]);
      f.set(i, Float.NaN);
    }
    root.setRowCount(values.length);
    return root;
  }

  @Test
  void stringsCompareAsUnsignedUtf8NotUtf16() {
    Schema schema = new Schema(List.of(nullable("s", new ArrowType.Utf8())));
    String bmpHigh = "\uFFFF";            // EF BF BF; as UTF-16 it sorts after the surrogate pair
    String emoji = "\uD83D\uDE00";        // F0 9F 98 80
    String accented = "\u00e9t\u00e9";
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      VarCharVector v = (VarCharVector) root.getVector(0);
      v.allocateNew();
      String[] values = {emoji, bmpHigh, accented};
      for (int i = 0; i < values.length; i++) {
        v.setSafe(i, values[i].getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(values.length);
      task.beginFile(1);
      task.addBatch(1, root);
      FileAggregates stats = task.finishFile(1);
      assertEquals(accented, stats.min(0));
      assertEquals(emoji, stats.max(0));
      assertArrayEquals(emoji.getBytes(StandardCharsets.UTF_8), stats.maxUtf8(0));
      assertEquals(emoji, new String(stats.bytes(), stats.maxUtf8Offset(0), stats.maxUtf8Length(0), StandardCharsets.UTF_8));
    }
  }

  @Test
  void wideDecimalsAndBoxedBigDecimal() {
    Schema schema = new Schema(List.of(nullable("m", new ArrowType.Decimal(38, 4, 128))));
    BigDecimal big = new BigDecimal("12345678901234567890123456789.1234");
    BigDecimal small = new BigDecimal("-99999999999999999999999999999.9999");
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DecimalVector v = (DecimalVector) root.getVector(0);
      v.allocateNew(3);
      v.set(0, new BigDecimal("1.0000"));
      v.set(1, big);
      v.set(2, small);
      root.setRowCount(3);
      task.beginFile(1);
      task.addBatch(1, root);
      FileAggregates stats = task.finishFile(1);
      assertEquals(small, stats.min(0));
      assertEquals(big, stats.max(0));
      assertFalse(stats.minUnscaledFitsLong(0));
      assertThrows(ArithmeticException.class, () -> stats.maxUnscaledLong(0));
      assertEquals(big.unscaledValue(), stats.maxUnscaled(0));
    }
  }

  @Test
  void nullParentStructMakesItsLeavesNull() {
    Schema schema = new Schema(List.of(
        nullable("s", ArrowType.Struct.INSTANCE, nullable("a", INT32), nullable("t", ArrowType.Struct.INSTANCE, nullable("b", new ArrowType.Int(64, true)))),
        nullable("z", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      assertEquals(List.of("s.a", "s.t.b", "z"), task.leaves().stream().map(LeafColumn::name).toList());
      StructVector s = (StructVector) root.getVector("s");
      IntVector a = (IntVector) s.getChild("a");
      StructVector t = (StructVector) s.getChild("t");
      BigIntVector b = (BigIntVector) t.getChild("b");
      IntVector z = (IntVector) root.getVector("z");
      root.allocateNew();
      // row 0: all defined; row 1: s null over non-null children holding extreme values; row 2: t null
      a.setSafe(0, 1); a.setSafe(1, 1000); a.setSafe(2, 2);
      b.setSafe(0, 10); b.setSafe(1, -1000); b.setSafe(2, 99);
      t.setIndexDefined(0); t.setIndexDefined(1); t.setNull(2);
      s.setIndexDefined(0); s.setNull(1); s.setIndexDefined(2);
      z.setSafe(0, 0); z.setSafe(1, 0); z.setSafe(2, 0);
      a.setValueCount(3); b.setValueCount(3); t.setValueCount(3); s.setValueCount(3); z.setValueCount(3);
      root.setRowCount(3);
      task.beginFile(1);
      task.addBatch(1, root);
      FileAggregates stats = task.finishFile(1);
      assertEquals(1, stats.nullCount(0), "s.a null under null s");
      assertEquals(1, stats.minLong(0));
      assertEquals(2, stats.maxLong(0));
      assertEquals(2, stats.nullCount(1), "s.t.b null under null s and null t");
      assertEquals(10, stats.minLong(1));
      assertEquals(10, stats.maxLong(1));
      assertEquals(0, stats.nullCount(2));
    }
  }

  @Test
  void emptyFilesAndZeroRowBatches() {
    Schema schema = new Schema(List.of(nullable("x", INT32), nullable("s", new ArrowType.Utf8())));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.beginFile(1);
      task.beginFile(2);
      try (VectorSchemaRoot empty = VectorSchemaRoot.create(schema, allocator)) {
        empty.allocateNew();
        empty.setRowCount(0);
        task.addBatch(2, empty);
        task.addBatch(2, empty);
      }
      for (long id : new long[] {1, 2}) {
        FileAggregates stats = task.finishFile(id);
        assertEquals(0, stats.numRecords(), "file " + id);
        for (int i = 0; i < stats.leafCount(); i++) {
          assertEquals(0, stats.nullCount(i));
          assertFalse(stats.hasMinMax(i));
          assertEquals(null, stats.min(i));
          int leaf = i;
          assertThrows(IllegalStateException.class, () -> stats.minLong(leaf));
        }
      }
      assertEquals(2, task.counters().batches());
    }
  }

  @Test
  void allNullFileHasNullCountsButNoMinMax() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = intRoot(schema, null, null, null)) {
      task.beginFile(4);
      task.addBatch(4, root);
      FileAggregates stats = task.finishFile(4);
      assertEquals(3, stats.numRecords());
      assertEquals(3, stats.nullCount(0));
      assertFalse(stats.hasMinMax(0));
    }
  }

  @Test
  void interleavedFilesStayIndependentAndIdsAreReusable() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.beginFile(10);
      task.beginFile(20);
      task.beginFile(30);
      for (int round = 0; round < 3; round++) {
        for (long id : new long[] {10, 20, 30}) {
          try (VectorSchemaRoot r = intRoot(schema, (int) id + round)) {
            task.addBatch(id, r);
          }
        }
      }
      assertEquals(3, task.counters().openFiles());
      FileAggregates f20 = task.finishFile(20);
      assertEquals(3, f20.numRecords());
      assertEquals(20, f20.minLong(0));
      assertEquals(22, f20.maxLong(0));
      task.abortFile(30);
      assertEquals(1, task.counters().openFiles());
      // the finished id starts from a clean state
      task.beginFile(20);
      try (VectorSchemaRoot r = intRoot(schema, -5)) {
        task.addBatch(20, r);
      }
      FileAggregates again = task.finishFile(20);
      assertEquals(1, again.numRecords());
      assertEquals(-5, again.maxLong(0));
      assertEquals(12, task.finishFile(10).maxLong(0));
    }
  }

  @Test
  void manyFilesKeepNativeStateFlat() {
    Schema schema = new Schema(List.of(nullable("x", INT32), nullable("s", new ArrowType.Utf8())));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      ((IntVector) root.getVector(0)).setSafe(0, 1);
      ((VarCharVector) root.getVector(1)).setSafe(0, "abcdef".getBytes(StandardCharsets.UTF_8));
      root.setRowCount(1);
      long retainedAfterWarmup = 0;
      for (int file = 0; file < 2000; file++) {
        task.beginFile(file);
        task.addBatch(file, root);
        assertEquals(1, task.finishFile(file).numRecords());
        if (file == 10) {
          retainedAfterWarmup = task.counters().stateBytes();
        }
      }
      AggregatorCounters c = task.counters();
      assertEquals(2000, c.filesFinished());
      assertTrue(c.stateBytes() <= retainedAfterWarmup,
          "native state grew from " + retainedAfterWarmup + " to " + c.stateBytes() + " bytes over 2000 files");
    }
  }

  @Test
  void unsupportedTypesAreRejectedNamingTheColumn() {
    Schema duration = new Schema(List.of(nullable("ok", INT32), nullable("elapsed", new ArrowType.Duration(TimeUnit.MICROSECOND))));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeAggregator.create(allocator, duration));
    assertTrue(e.getMessage().contains("elapsed"), e.getMessage());
    Schema union = new Schema(List.of(nullable("s", ArrowType.Struct.INSTANCE,
        nullable("u", new ArrowType.Union(org.apache.arrow.vector.types.UnionMode.Sparse, new int[] {0}), nullable("i", INT32)))));
    e = assertThrows(IllegalArgumentException.class, () -> NativeAggregator.create(allocator, union));
    assertTrue(e.getMessage().contains("s.u"), e.getMessage());
    Schema millis = new Schema(List.of(nullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"))));
    e = assertThrows(IllegalArgumentException.class, () -> NativeAggregator.create(allocator, millis));
    assertTrue(e.getMessage().contains("ts") && e.getMessage().contains("microsecond"), e.getMessage());
  }

  @Test
  void mismatchingBatchSchemaIsAUserErrorAndReleasesTheBatch() {
    Schema taskSchema = new Schema(List.of(nullable("x", INT32)));
    Schema other = new Schema(List.of(nullable("x", new ArrowType.Utf8())));
    try (NativeAggregator task = NativeAggregator.create(allocator, taskSchema);
         VectorSchemaRoot root = intRoot(taskSchema, 1, 2);
         ArrowArray array = ArrowArray.allocateNew(allocator);
         ArrowSchema cSchema = ArrowSchema.allocateNew(allocator)) {
      task.beginFile(1);
      Data.exportVectorSchemaRoot(allocator, root, null, array);
      Data.exportSchema(allocator, other, null, cSchema);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> task.addBatch(1, array.memoryAddress(), cSchema.memoryAddress()));
      assertTrue(e.getMessage().contains("x"), e.getMessage());
      // the task survives a rejected batch
      task.addBatch(1, root);
      assertEquals(2, task.finishFile(1).numRecords());
    }
    // allocator.close() in @AfterEach proves the rejected batch and schema were released
  }

  @Test
  void rootOfAnotherTypeIsRejectedBeforeNativeCode() {
    Schema taskSchema = new Schema(List.of(nullable("x", INT32), nullable("s", ArrowType.Struct.INSTANCE, nullable("d", FLOAT64))));
    Schema wider = new Schema(List.of(nullable("x", INT32), nullable("s", ArrowType.Struct.INSTANCE, nullable("d", new ArrowType.Int(64, true)))));
    Schema renamed = new Schema(List.of(nullable("y", INT32), nullable("t", ArrowType.Struct.INSTANCE, nullable("e", FLOAT64))));
    try (NativeAggregator task = NativeAggregator.create(allocator, taskSchema);
         VectorSchemaRoot wrong = VectorSchemaRoot.create(wider, allocator);
         VectorSchemaRoot sameLayout = VectorSchemaRoot.create(renamed, allocator)) {
      task.beginFile(1);
      wrong.allocateNew();
      wrong.setRowCount(0);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> task.addBatch(1, wrong));
      assertTrue(e.getMessage().contains("s.d") && e.getMessage().contains("Int(64, true)"), e.getMessage());
      sameLayout.allocateNew();
      ((IntVector) sameLayout.getVector(0)).setSafe(0, 4);
      ((StructVector) sameLayout.getVector(1)).setIndexDefined(0);
      ((Float8Vector) ((StructVector) sameLayout.getVector(1)).getChild("e")).setSafe(0, 2.5);
      sameLayout.setRowCount(1);
      task.addBatch(1, sameLayout);
      FileAggregates stats = task.finishFile(1);
      assertEquals(1, stats.numRecords());
      assertEquals(2.5, stats.maxDouble(1));
    }
  }

  @Test
  void closeIsIdempotentAndUseAfterCloseThrows() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    NativeAggregator task = NativeAggregator.create(allocator, schema);
    task.beginFile(1);
    assertFalse(task.isClosed());
    task.close();
    task.close();
    assertTrue(task.isClosed());
    assertThrows(IllegalStateException.class, () -> task.beginFile(2));
    assertThrows(IllegalStateException.class, () -> task.finishFile(1));
    assertThrows(IllegalStateException.class, () -> task.abortFile(1));
    assertThrows(IllegalStateException.class, task::counters);
    try (VectorSchemaRoot root = intRoot(schema, 1)) {
      assertThrows(IllegalStateException.class, () -> task.addBatch(1, root));
    }
    assertThrows(IllegalStateException.class, () -> task.addBatch(1, 1L, 0L));
  }

  @Test
  void closeFromAnotherThreadDuringAddBatchNeverCrashes() throws Exception {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (VectorSchemaRoot root = intRoot(schema, 1, 2, 3)) {
      for (int round = 0; round < 50; round++) {
        NativeAggregator task = NativeAggregator.create(allocator, schema);
        task.beginFile(1);
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
        Thread writer = new Thread(() -> {
          try {
            while (true) {
              task.addBatch(1, root);
              running.countDown();
            }
          } catch (Throwable t) {
            ended.set(t);
          }
        });
        writer.start();
        running.await();
        task.close();
        writer.join();
        assertInstanceOf(IllegalStateException.class, ended.get(), "round " + round);
      }
    }
  }

  @Test
  void unknownFileIdsAreRejected() {
    Schema schema = new Schema(List.of(nullable("x", INT32)));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = intRoot(schema, 1)) {
      assertThrows(RuntimeException.class, () -> task.finishFile(77));
      assertThrows(RuntimeException.class, () -> task.addBatch(77, root));
      task.beginFile(5);
      task.addBatch(5, root);
      assertEquals(1, task.finishFile(5).numRecords(), "task usable after rejected calls");
    }
  }

  @Test
  void decimalUnscaledAccessorsMatchBigInteger() {
    Schema schema = new Schema(List.of(nullable("m", new ArrowType.Decimal(18, 2, 128))));
    try (NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DecimalVector v = (DecimalVector) root.getVector(0);
      v.allocateNew(2);
      v.set(0, new BigDecimal("-0.05"));
      v.set(1, new BigDecimal("9999999999999999.99"));
      root.setRowCount(2);
      task.beginFile(1);
      task.addBatch(1, root);
      FileAggregates stats = task.finishFile(1);
      assertTrue(stats.minUnscaledFitsLong(0));
      assertEquals(-5L, stats.minUnscaledLong(0));
      assertEquals(BigInteger.valueOf(999999999999999999L), stats.maxUnscaled(0));
      assertEquals(new BigDecimal("-0.05"), stats.min(0));
    }
  }
}
