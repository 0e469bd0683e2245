package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Row-to-Arrow batching: values, nulls under null parents, source ordinals, buffer reuse. */
class RowBatcherTest {
  /** Source rows: (skip INT, dec DECIMAL(10,2), wide DECIMAL(30,5), s STRING, ts TIMESTAMP, st STRUCT<x INT, y STRING>, arr ARRAY<INT>) */
  private static final StructType SOURCE = StructType.fromDDL(
      "skip INT, dec DECIMAL(10,2), wide DECIMAL(30,5), s STRING, ts TIMESTAMP, st STRUCT<x: INT, y: STRING>, arr ARRAY<INT>");

  /** Batch schema: everything but 'skip', struct pruned to 'y', the array reduced to validity. */
  private static final InputSchema INPUT = InputSchema.of(
      InputField.leaf("dec", 1, DataTypes.createDecimalType(10, 2)),
      InputField.leaf("wide", 2, DataTypes.createDecimalType(30, 5)),
      InputField.leaf("s", 3, DataTypes.StringType),
      InputField.leaf("ts", 4, DataTypes.TimestampType),
      InputField.struct("st", 5, 2, java.util.List.of(InputField.leaf("y", 1, DataTypes.StringType))),
      InputField.nullCountOnly("arr", 6));

  /** Every field of {@code source}, in place. */
  private static InputSchema all(StructType source) {
    java.util.List<InputField> fields = new java.util.ArrayList<>();
    for (int i = 0; i < source.fields().length; i++) {
      fields.add(InputField.leaf(source.fields()[i].name(), i, source.fields()[i].dataType()));
    }
    return new InputSchema(fields);
  }

  private static InternalRow row(int i, boolean unsafe) {
    Object[] v = {
        i,
        i % 4 == 0 ? null : Decimal.apply(new BigDecimal("-12345678.9" + (i % 10))),
        i % 5 == 0 ? null : Decimal.apply(new BigDecimal("1234567890123456789012345.0000" + (i % 10))),
        i % 3 == 0 ? null : UTF8String.fromString("s" + i + "😀é"),
        (long) -i,
        i % 6 == 0 ? null : new GenericInternalRow(new Object[] {i, i % 2 == 0 ? null : UTF8String.fromString("y" + i)}),
        i % 7 == 0 ? null : new org.apache.spark.sql.catalyst.util.GenericArrayData(new Object[] {1, 2})};
    InternalRow r = new GenericInternalRow(v);
    return unsafe ? UnsafeProjection.create(SOURCE).apply(r).copy() : r;
  }

  @ParameterizedTest(name = "unsafeRows={0}")
  @ValueSource(booleans = {true, false})
  void copiesValuesNullsAndNestedStructs(boolean unsafe) {
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(INPUT, alloc, 64)) {
      for (int i = 0; i < 20; i++) {
        b.append(row(i, unsafe));
      }
      VectorSchemaRoot root = b.seal();
      assertEquals(20, root.getRowCount());
      DecimalVector dec = (DecimalVector) root.getVector("dec");
      DecimalVector wide = (DecimalVector) root.getVector("wide");
      VarCharVector s = (VarCharVector) root.getVector("s");
      TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector("ts");
      StructVector st = (StructVector) root.getVector("st");
      VarCharVector y = (VarCharVector) st.getChild("y");
      BitVector arr = (BitVector) root.getVector("arr");
      for (int i = 0; i < 20; i++) {
        assertEquals(i % 4 == 0, dec.isNull(i));
        if (i % 4 != 0) {
          assertEquals(new BigDecimal("-12345678.9" + (i % 10)), dec.getObject(i));
        }
        assertEquals(i % 5 == 0, wide.isNull(i));
        if (i % 5 != 0) {
          assertEquals(new BigDecimal("1234567890123456789012345.0000" + (i % 10)), wide.getObject(i));
        }
        assertEquals(i % 3 == 0, s.isNull(i));
        if (i % 3 != 0) {
          assertEquals("s" + i + "😀é", new String(s.get(i), StandardCharsets.UTF_8));
        }
        assertEquals(-i, ts.get(i));
        assertEquals(i % 6 == 0, st.isNull(i));
        // a null parent nulls the leaf too
        assertEquals(i % 6 == 0 || i % 2 == 0, y.isNull(i));
        assertEquals(i % 7 == 0, arr.isNull(i));
      }
    }
  }

  /** Every flat type, UnsafeRows and generic rows: the same Arrow values, nulls and string bytes. */
  private static final StructType FLAT = StructType.fromDDL(
      "b TINYINT, sh SMALLINT, i INT, l BIGINT, f FLOAT, d DOUBLE, dec DECIMAL(18,3), small DECIMAL(5,0), "
          + "dt DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ, s STRING, flag BOOLEAN");

  private static Object flatValue(int col, java.util.SplittableRandom rnd) {
    if (rnd.nextInt(5) == 0) {
      return null;
    }
    return switch (col) {
      case 0 -> (byte) rnd.nextInt();
      case 1 -> (short) rnd.nextInt();
      case 2 -> rnd.nextBoolean() ? Integer.MIN_VALUE + rnd.nextInt(3) : rnd.nextInt();
      case 3 -> rnd.nextBoolean() ? Long.MAX_VALUE - rnd.nextInt(3) : rnd.nextLong();
      case 4 -> new float[] {Float.NaN, -0.0f, 0.0f, Float.NEGATIVE_INFINITY, rnd.nextFloat()}[rnd.nextInt(5)];
      case 5 -> new double[] {Double.NaN, -0.0, Double.MAX_VALUE, -Double.MIN_VALUE, rnd.nextDouble()}[rnd.nextInt(5)];
      case 6 -> Decimal.apply(new BigDecimal(java.math.BigInteger.valueOf(rnd.nextLong() % 999_999_999_999_999_999L), 3));
      case 7 -> Decimal.apply(new BigDecimal(rnd.nextInt(199_999) - 99_999));
      case 8, 9 -> col == 8 ? (Object) (rnd.nextInt(200_000) - 100_000) : (Object) rnd.nextLong();
      case 10 -> rnd.nextLong();
      // 0-66 bytes, or long enough to outgrow the string buffer of a 64-row batch
      case 11 -> UTF8String.fromString("é😀".repeat(rnd.nextInt(8) == 0 ? 3000 : rnd.nextInt(12)));
      case 12 -> rnd.nextBoolean();
      default -> throw new IllegalArgumentException();
    };
  }

  private static boolean sameValue(int col, Object want, org.apache.arrow.vector.FieldVector v, int r) {
    return switch (col) {
      case 4 -> Float.floatToRawIntBits((Float) want) == Float.floatToRawIntBits(((org.apache.arrow.vector.Float4Vector) v).get(r));
      case 5 -> Double.doubleToRawLongBits((Double) want) == Double.doubleToRawLongBits(((org.apache.arrow.vector.Float8Vector) v).get(r));
      case 6, 7 -> ((Decimal) want).toJavaBigDecimal().equals(v.getObject(r));
      case 9 -> want.equals(((TimeStampMicroTZVector) v).get(r));
      case 10 -> want.equals(((org.apache.arrow.vector.TimeStampMicroVector) v).get(r));
      case 11 -> want.toString().equals(v.getObject(r).toString());
      case 12 -> ((BitVector) v).get(r) == 1; // null-count-only leaf: valid rows read as true
      default -> want.equals(v.getObject(r));
    };
  }

  /**
   * Rows: UnsafeRows, generic rows, or both alternating in one batch. Capacities: one staging
   * block exactly, and several blocks with a partial one at the end.
   */
  @ParameterizedTest(name = "rows={0} capacity={1}")
  @org.junit.jupiter.params.provider.CsvSource({"unsafe,64", "generic,64", "mixed,64", "unsafe,200",
      "generic,200", "mixed,200"})
  void flatTypesCopyExactlyAcrossReusedBatches(String rows, int capacity) {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
    UnsafeProjection toUnsafe = UnsafeProjection.create(FLAT);
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(all(FLAT), alloc, capacity)) {
      for (int batch = 0; batch < 4; batch++) {
        // the last batch partial: stale bits and staged rows past it must not matter
        int n = batch == 3 ? capacity * 3 / 4 - 31 : capacity;
        Object[][] expected = new Object[n][];
        for (int r = 0; r < n; r++) {
          expected[r] = new Object[FLAT.fields().length];
          for (int c = 0; c < expected[r].length; c++) {
            expected[r][c] = flatValue(c, rnd);
          }
          InternalRow row = new GenericInternalRow(expected[r].clone());
          boolean unsafe = rows.equals("unsafe") || rows.equals("mixed") && (r + batch) % 2 == 0;
          b.append(unsafe ? toUnsafe.apply(row) : row);
        }
        if (n == capacity) {
          assertThrows(IllegalStateException.class, () -> b.append(new GenericInternalRow(new Object[13])));
        }
        VectorSchemaRoot root = b.seal();
        assertEquals(n, root.getRowCount());
        for (int c = 0; c < FLAT.fields().length; c++) {
          org.apache.arrow.vector.FieldVector v = root.getVector(c);
          int nulls = 0;
          for (int r = 0; r < n; r++) {
            Object want = expected[r][c];
            String where = FLAT.fields()[c].name() + " row " + r + " batch " + batch;
            assertEquals(want == null, v.isNull(r), where);
            if (want == null) {
              nulls++;
              continue;
            }
            assertTrue(sameValue(c, want, v, r), where + ": " + v.getObject(r) + " vs " + want);
          }
          assertEquals(nulls, v.getNullCount(), FLAT.fields()[c].name());
        }
        b.reset();
      }
    }
  }

  /**
   * Several string columns side by side, every length from 0 to past the word-copy limit: short
   * UnsafeRow strings are copied in whole words that run up to 7 bytes past each string, which
   * the next string must overwrite, never a neighbour's bytes or the offsets.
   */
  @ParameterizedTest(name = "unsafeRows={0}")
  @ValueSource(booleans = {true, false})
  void shortAndLongStringsOfSeveralColumns(boolean unsafe) {
    StructType schema = StructType.fromDDL("a STRING, n INT, b STRING, c STRING");
    UnsafeProjection toUnsafe = UnsafeProjection.create(schema);
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    int capacity = 150;
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(all(schema), alloc, capacity)) {
      for (int batch = 0; batch < 3; batch++) {
        String[][] expected = new String[capacity][3];
        for (int r = 0; r < capacity; r++) {
          Object[] values = new Object[4];
          for (int k = 0; k < 3; k++) {
            int len = (r + 7 * k + batch) % (FlatColumns.STRING_WORD_COPY_MAX + 10);
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < len; i++) {
              s.append((char) ('a' + rnd.nextInt(26)));
            }
            expected[r][k] = rnd.nextInt(9) == 0 ? null : s.toString();
            values[k == 0 ? 0 : k + 1] = expected[r][k] == null ? null : UTF8String.fromString(expected[r][k]);
          }
          values[1] = r;
          InternalRow row = new GenericInternalRow(values);
          b.append(unsafe ? toUnsafe.apply(row) : row);
        }
        VectorSchemaRoot root = b.seal();
        for (int k = 0; k < 3; k++) {
          VarCharVector v = (VarCharVector) root.getVector(k == 0 ? 0 : k + 1);
          for (int r = 0; r < capacity; r++) {
            String where = v.getName() + " row " + r + " batch " + batch;
            assertEquals(expected[r][k] == null, v.isNull(r), where);
            if (expected[r][k] != null) {
              assertEquals(expected[r][k], new String(v.get(r), StandardCharsets.UTF_8), where);
            }
          }
        }
        b.reset();
      }
    }
  }

  /**
   * Rows of more than 64 fields keep their null bits in several words: ordinals 63, 64, 69 (both
   * null words staged), and 0, 3, 20 or 0, 3, 6 of the same rows (one null word staged of the
   * row's two, so the slots are copied from past the second). Staged rows of up to
   * {@link FlatColumns#SLOT_LOOP_MAX_STRIDE} longs are copied slot by slot, wider ones in one
   * piece: 0, 3, 6 of 70 fields and 0, 2, 5 of 6 are narrow, the others wide.
   */
  @ParameterizedTest(name = "unsafeRows={0} ordinals={1} fields={2}")
  @org.junit.jupiter.params.provider.CsvSource({"true,0 63 64 69,70", "false,0 63 64 69,70", "true,0 3 20,70",
      "false,0 3 20,70", "true,0 3 6,70", "false,0 3 6,70", "true,0 2 5,6", "false,0 2 5,6"})
  void nullBitsBeyondTheFirstWord(boolean unsafe, String ordinals, int fields) {
    StructField[] wide = new StructField[fields];
    for (int i = 0; i < wide.length; i++) {
      wide[i] = new StructField("c" + i, DataTypes.LongType, true, Metadata.empty());
    }
    StructType source = new StructType(wide);
    int[] picked = java.util.Arrays.stream(ordinals.split(" ")).mapToInt(Integer::parseInt).toArray();
    InputField[] in = new InputField[picked.length];
    for (int i = 0; i < picked.length; i++) {
      in[i] = InputField.leaf("c" + picked[i], picked[i], DataTypes.LongType);
    }
    UnsafeProjection toUnsafe = UnsafeProjection.create(source);
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(InputSchema.of(in), alloc, 16)) {
      for (int r = 0; r < 16; r++) {
        Object[] v = new Object[fields];
        for (int c = 0; c < fields; c++) {
          v[c] = (r + c) % 3 == 0 ? null : (long) (r * 100 + c);
        }
        InternalRow row = new GenericInternalRow(v);
        b.append(unsafe ? toUnsafe.apply(row) : row);
      }
      VectorSchemaRoot root = b.seal();
      for (int i = 0; i < picked.length; i++) {
        org.apache.arrow.vector.BigIntVector vec = (org.apache.arrow.vector.BigIntVector) root.getVector(i);
        for (int r = 0; r < 16; r++) {
          boolean isNull = (r + picked[i]) % 3 == 0;
          assertEquals(isNull, vec.isNull(r), "c" + picked[i] + " row " + r);
          if (!isNull) {
            assertEquals(r * 100L + picked[i], vec.get(r));
          }
        }
      }
    }
  }

  /**
   * A block's null bits are gathered per column when few columns have a null in it and
   * transposed as a bit matrix when many do: blocks here have nulls in 0, 1, 7, 8 (the
   * threshold), 9 and all 20 of the columns read (ordinals 2, 4, .. of a 41-field row, so the
   * read columns are not the row's first), the last block partial.
   */
  @ParameterizedTest(name = "unsafeRows={0}")
  @ValueSource(booleans = {true, false})
  void nullBitsOfBlocksWithFewAndManyNullableColumns(boolean unsafe) {
    int fields = 41;
    int[] read = java.util.stream.IntStream.range(0, 20).map(i -> 2 + 2 * i).toArray();
    int[] nullableColumns = {0, 1, FlatColumns.TRANSPOSE_MIN_ORDINALS - 1, FlatColumns.TRANSPOSE_MIN_ORDINALS,
        FlatColumns.TRANSPOSE_MIN_ORDINALS + 1, read.length};
    int blocks = nullableColumns.length;
    int rows = blocks * FlatColumns.BLOCK - 23;
    StructField[] source = new StructField[fields];
    for (int i = 0; i < fields; i++) {
      source[i] = new StructField("c" + i, DataTypes.LongType, true, Metadata.empty());
    }
    InputField[] in = new InputField[read.length];
    for (int i = 0; i < read.length; i++) {
      in[i] = InputField.leaf("c" + read[i], read[i], DataTypes.LongType);
    }
    UnsafeProjection toUnsafe = UnsafeProjection.create(new StructType(source));
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    Long[][] expected = new Long[rows][read.length];
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(InputSchema.of(in), alloc, rows)) {
      for (int r = 0; r < rows; r++) {
        int block = r / FlatColumns.BLOCK;
        Object[] v = new Object[fields];
        for (int c = 0; c < fields; c++) {
          v[c] = rnd.nextLong(); // the columns not read are never null: their bits must not count
        }
        for (int i = 0; i < read.length; i++) {
          // column i of this block is nullable when i < nullableColumns[block]; it has a null in
          // its block's row i at least, more at random
          boolean isNull = i < nullableColumns[block] && (r % FlatColumns.BLOCK == i || rnd.nextInt(4) == 0);
          expected[r][i] = isNull ? null : (Long) v[read[i]];
          v[read[i]] = expected[r][i];
        }
        InternalRow row = new GenericInternalRow(v);
        b.append(unsafe ? toUnsafe.apply(row) : row);
      }
      VectorSchemaRoot root = b.seal();
      for (int i = 0; i < read.length; i++) {
        org.apache.arrow.vector.BigIntVector vec = (org.apache.arrow.vector.BigIntVector) root.getVector(i);
        int nulls = 0;
        for (int r = 0; r < rows; r++) {
          String where = "c" + read[i] + " row " + r;
          assertEquals(expected[r][i] == null, vec.isNull(r), where);
          if (expected[r][i] == null) {
            nulls++;
          } else {
            assertEquals(expected[r][i].longValue(), vec.get(r), where);
          }
        }
        assertEquals(nulls, vec.getNullCount(), "c" + read[i]);
      }
    }
  }

  @Test
  void reuseKeepsBuffers() {
    try (BufferAllocator alloc = new RootAllocator(); RowBatcher b = new RowBatcher(INPUT, alloc, 100)) {
      long afterFirst = 0;
      for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 100; i++) {
          b.append(row(i, true));
        }
        assertTrue(b.isFull());
        assertEquals(100, b.seal().getRowCount());
        if (round == 0) {
          afterFirst = alloc.getAllocatedMemory();
        } else {
          assertEquals(afterFirst, alloc.getAllocatedMemory(), "round " + round + " reallocated");
        }
        b.reset();
        assertEquals(0, b.rowCount());
        assertFalse(b.isFull());
      }
    }
  }

  @Test
  void unsupportedTypeNamesTheColumn() {
    DataType cal = DataTypes.CalendarIntervalType;
    try (BufferAllocator alloc = new RootAllocator()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new RowBatcher(InputSchema.of(InputField.leaf("iv", 0, cal)), alloc, 8));
      assertTrue(e.getMessage().contains("iv"), e.getMessage());
      assertEquals(0, alloc.getAllocatedMemory());
    }
  }
}
