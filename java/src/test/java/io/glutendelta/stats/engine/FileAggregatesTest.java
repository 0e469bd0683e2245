package io.glutendelta.stats.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.jni.NativeStatsException;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** Decoding of the finishFile layout, independent of the native library. */
class FileAggregatesTest {
  private static final List<LeafColumn> LEAVES = SchemaLeaves.of(new Schema(List.of(
      new Field("i8", FieldType.nullable(new ArrowType.Int(8, true)), null),
      new Field("f", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null),
      new Field("dec", FieldType.nullable(new ArrowType.Decimal(38, 2, 128)), null),
      new Field("s", FieldType.nullable(new ArrowType.Utf8()), null),
      new Field("b", FieldType.nullable(ArrowType.Bool.INSTANCE), null),
      new Field("day", FieldType.nullable(new ArrowType.Date(DateUnit.DAY)), null))));

  /** Little-endian writer for hand-made results. */
  private static final class Out {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    Out i64(long v) {
      bytes.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
      return this;
    }

    Out i32(int v) {
      bytes.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
      return this;
    }

    Out u8(int v) {
      bytes.write(v);
      return this;
    }

    Out f64(double v) {
      return i64(Double.doubleToRawLongBits(v));
    }

    Out dec(BigInteger v) {
      return i64(v.longValue()).i64(v.shiftRight(64).longValue());
    }

    Out str(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      i32(b.length);
      bytes.writeBytes(b);
      return this;
    }
  }

  private static final BigInteger WIDE = new BigInteger("-123456789012345678901234567890");

  private static Out valid() {
    return new Out().i64(42).i32(6)
        .i64(1).u8(1).i64(-128).i64(127)
        .i64(0).u8(1).f64(-0.0).f64(Double.NaN)
        .i64(5).u8(1).dec(WIDE).dec(BigInteger.valueOf(-1))
        .i64(2).u8(1).str("\u00e9").str("\uD83D\uDE00z")
        .i64(3).u8(0)
        .i64(0).u8(1).i64(-1).i64(19_000);
  }

  @Test
  void decodesEveryEncoding() {
    FileAggregates s = new FileAggregates(7, valid().bytes.toByteArray(), LEAVES);
    assertEquals(7, s.fileId());
    assertEquals(42, s.numRecords());
    assertEquals(6, s.leafCount());
    assertEquals((byte) -128, s.min(0));
    assertEquals((byte) 127, s.max(0));
    StatsAssertions.assertSameDouble(-0.0, s.minDouble(1), "float min");
    assertEquals(-0.0f, (Float) s.min(1));
    assertTrue(Float.isNaN((Float) s.max(1)));
    assertEquals(5, s.nullCount(2));
    assertEquals(WIDE, s.minUnscaled(2));
    assertFalse(s.minUnscaledFitsLong(2));
    assertTrue(s.maxUnscaledFitsLong(2));
    assertEquals(-1, s.maxUnscaledLong(2));
    assertEquals(new BigDecimal(WIDE, 2), s.min(2));
    assertEquals("\u00e9", s.min(3));
    assertArrayEquals("\uD83D\uDE00z".getBytes(StandardCharsets.UTF_8), s.maxUtf8(3));
    assertEquals(2, s.minUtf8Length(3));
    assertEquals(3, s.nullCount(4));
    assertFalse(s.hasMinMax(4));
    assertNull(s.max(4));
    assertEquals(-1, s.min(5));
    assertEquals(LocalDate.of(2022, 1, 8), LocalDate.ofEpochDay((Integer) s.max(5)));
    assertTrue(s.toString().contains("s: nulls=2"), s.toString());
  }

  @Test
  void wrongAccessorOrMissingMinMaxThrowsIllegalState() {
    FileAggregates s = new FileAggregates(1, valid().bytes.toByteArray(), LEAVES);
    assertThrows(IllegalStateException.class, () -> s.minLong(1));
    assertThrows(IllegalStateException.class, () -> s.minUtf8(0));
    assertThrows(IllegalStateException.class, () -> s.minLong(4));
    assertThrows(ArithmeticException.class, () -> s.minUnscaledLong(2));
  }

  @Test
  void malformedResultsAreInternalErrors() {
    byte[] ok = valid().bytes.toByteArray();
    assertThrows(NativeStatsException.class, () -> new FileAggregates(1, new byte[5], LEAVES));
    assertThrows(NativeStatsException.class, () -> new FileAggregates(1, java.util.Arrays.copyOf(ok, ok.length - 1), LEAVES));
    assertThrows(NativeStatsException.class, () -> new FileAggregates(1, java.util.Arrays.copyOf(ok, ok.length + 1), LEAVES));
    byte[] wrongCount = ok.clone();
    wrongCount[8] = 5;
    assertThrows(NativeStatsException.class, () -> new FileAggregates(1, wrongCount, LEAVES));
    byte[] minMaxOnBoolean = new Out().i64(1).i32(6)
        .i64(0).u8(0).i64(0).u8(0).i64(0).u8(0).i64(0).u8(0)
        .i64(0).u8(1).i64(0).i64(0)
        .i64(0).u8(0).bytes.toByteArray();
    NativeStatsException e = assertThrows(NativeStatsException.class, () -> new FileAggregates(1, minMaxOnBoolean, LEAVES));
    assertTrue(e.getMessage().contains("b"), e.getMessage());
    byte[] negativeLength = new Out().i64(1).i32(6)
        .i64(0).u8(0).i64(0).u8(0).i64(0).u8(0)
        .i64(0).u8(1).i32(-3).bytes.toByteArray();
    assertThrows(NativeStatsException.class, () -> new FileAggregates(1, negativeLength, LEAVES));
  }
}
