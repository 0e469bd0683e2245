package io.glutendelta.stats.engine;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded generator of Arrow schemas and batches for the differential test: every supported type,
 * nested structs (with null parents over non-null children), lists, large lists and maps, and
 * values chosen to hit the ordering corner cases (NaN, ±Infinity, -0.0 vs 0.0 ties, extremes,
 * multi-byte and 4-byte UTF-8, code points U+E000..U+FFFF where UTF-16 and UTF-8 order differ,
 * decimals beyond 64 bits).
 */
final class RandomBatches {
  private static final int[] DECIMAL_PRECISIONS = {1, 2, 5, 9, 10, 17, 18, 19, 20, 28, 37, 38};
  private static final double[] SPECIAL_DOUBLES = {
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
      Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0};
  private static final float[] SPECIAL_FLOATS = {
      Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
      Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.0f};
  private static final String[] STRING_PREFIXES = {"", "", "a", "ab", "\u00e9", "\u4e2d", "\uE000", "\uFFFF",
      "\uD83D\uDE00", "\uDBFF\uDFFF", "\u007f"};

  private final Random rnd;
  private int names;

  RandomBatches(Random rnd) {
    this.rnd = rnd;
  }

  Schema schema() {
    int n = 1 + rnd.nextInt(6);
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fields.add(field(0));
    }
    return new Schema(fields);
  }

  /** A random field; structs, lists and maps below depth 3. */
  Field field(int depth) {
    String name = "c" + (names++);
    boolean nullable = rnd.nextInt(8) != 0;
    int choice = rnd.nextInt(depth < 3 ? 22 : 17);
    if (choice < 17) {
      return new Field(name, new FieldType(nullable, primitive(choice), null), null);
    }
    switch (choice) {
      case 17:
      case 18: {
        int n = 1 + rnd.nextInt(3);
        List<Field> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          children.add(field(depth + 1));
        }
        return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
      }
      case 19:
        return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(element(depth)));
      case 20:
        return new Field(name, new FieldType(nullable, ArrowType.LargeList.INSTANCE, null), List.of(element(depth)));
      default: {
        Field key = new Field("key", FieldType.notNullable(rnd.nextBoolean() ? new ArrowType.Utf8() : new ArrowType.Int(32, true)), null);
        Field value = new Field("value", FieldType.nullable(primitive(rnd.nextInt(17))), null);
        Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
        return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
      }
    }
  }

  private Field element(int depth) {
    Field inner = field(depth + 1);
    return new Field("item", inner.getFieldType(), inner.getChildren());
  }

  private ArrowType primitive(int choice) {
    switch (choice) {
      case 0: return new ArrowType.Int(8, true);
      case 1: return new ArrowType.Int(16, true);
      case 2: return new ArrowType.Int(32, true);
      case 3: return new ArrowType.Int(64, true);
      case 4: return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case 5: return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case 6: {
        int precision = DECIMAL_PRECISIONS[rnd.nextInt(DECIMAL_PRECISIONS.length)];
        return new ArrowType.Decimal(precision, rnd.nextInt(Math.min(precision, 12) + 1), 128);
      }
      case 7: return new ArrowType.Date(DateUnit.DAY);
      case 8: return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      case 9: return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/Los_Angeles");
      case 10: return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
      case 11: return new ArrowType.Utf8();
      case 12: return new ArrowType.LargeUtf8();
      case 13: return new ArrowType.Binary();
      case 14: return new ArrowType.LargeBinary();
      case 15: return ArrowType.Bool.INSTANCE;
      default: return new ArrowType.Utf8();
    }
  }

  /** A batch of {@code rows} rows; the caller closes it. */
  VectorSchemaRoot batch(Schema schema, BufferAllocator allocator, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    root.allocateNew();
    double nullProbability = pick(0.0, 0.05, 0.3, 0.9, 1.0);
    for (FieldVector vector : root.getFieldVectors()) {
      fill(vector, rows, nullProbability);
    }
    root.setRowCount(rows);
    return root;
  }

  private double pick(double... options) {
    return options[rnd.nextInt(options.length)];
  }

  private boolean isNull(FieldVector vector, double nullProbability) {
    return vector.getField().isNullable() && rnd.nextDouble() < nullProbability;
  }

  /** Fills {@code count} values; the value mode is chosen per call so ties and extremes recur. */
  void fill(FieldVector vector, int count, double nullProbability) {
    if (vector instanceof StructVector) {
      StructVector struct = (StructVector) vector;
      for (FieldVector child : struct.getChildrenFromFields()) {
        fill(child, count, nullProbability * rnd.nextDouble()); // children under null parents stay mostly non-null
      }
      for (int i = 0; i < count; i++) {
        if (isNull(vector, nullProbability)) {
          struct.setNull(i);
        } else {
          struct.setIndexDefined(i);
        }
      }
      struct.setValueCount(count);
      return;
    }
    if (vector instanceof MapVector) {
      MapVector map = (MapVector) vector;
      int[] sizes = sizes(count);
      int total = sum(sizes);
      StructVector entries = (StructVector) map.getDataVector();
      List<FieldVector> kv = entries.getChildrenFromFields();
      fill(kv.get(0), total, 0.0);
      fill(kv.get(1), total, nullProbability);
      for (int i = 0; i < total; i++) {
        entries.setIndexDefined(i);
      }
      entries.setValueCount(total);
      for (int i = 0; i < count; i++) {
        map.startNewValue(i);
        map.endValue(i, sizes[i]);
        if (sizes[i] == 0 && isNull(vector, nullProbability)) {
          BitVectorHelper.unsetBit(map.getValidityBuffer(), i);
        }
      }
      map.setValueCount(count);
      return;
    }
    if (vector instanceof ListVector) {
      ListVector list = (ListVector) vector;
      int[] sizes = sizes(count);
      fill((FieldVector) list.getDataVector(), sum(sizes), nullProbability);
      for (int i = 0; i < count; i++) {
        list.startNewValue(i);
        list.endValue(i, sizes[i]);
        if (isNull(vector, nullProbability)) { // a null list may still span elements
          BitVectorHelper.unsetBit(list.getValidityBuffer(), i);
        }
      }
      list.setValueCount(count);
      return;
    }
    if (vector instanceof LargeListVector) {
      LargeListVector list = (LargeListVector) vector;
      int[] sizes = sizes(count);
      fill((FieldVector) list.getDataVector(), sum(sizes), nullProbability);
      for (int i = 0; i < count; i++) {
        list.startNewValue(i);
        list.endValue(i, sizes[i]);
        if (isNull(vector, nullProbability)) {
          BitVectorHelper.unsetBit(list.getValidityBuffer(), i);
        }
      }
      list.setValueCount(count);
      return;
    }
    int mode = rnd.nextInt(4); // 0: wide random, 1: few distinct values (ties), 2: extremes-heavy, 3: mixed
    for (int i = 0; i < count; i++) {
      if (isNull(vector, nullProbability)) {
        setNull(vector, i);
      } else {
        setValue(vector, i, mode);
      }
    }
    vector.setValueCount(count);
  }

  private int[] sizes(int count) {
    int[] sizes = new int[count];
    for (int i = 0; i < count; i++) {
      sizes[i] = rnd.nextInt(4);
    }
    return sizes;
  }

  private static int sum(int[] values) {
    int s = 0;
    for (int v : values) {
      s += v;
    }
    return s;
  }

  private static void setNull(FieldVector vector, int i) {
    if (vector instanceof org.apache.arrow.vector.BaseFixedWidthVector) {
      ((org.apache.arrow.vector.BaseFixedWidthVector) vector).setNull(i);
    } else if (vector instanceof org.apache.arrow.vector.BaseVariableWidthVector) {
      ((org.apache.arrow.vector.BaseVariableWidthVector) vector).setNull(i);
    } else if (vector instanceof org.apache.arrow.vector.BaseLargeVariableWidthVector) {
      ((org.apache.arrow.vector.BaseLargeVariableWidthVector) vector).setNull(i);
    } else {
      throw new AssertionError("cannot null " + vector.getClass());
    }
  }

  private void setValue(FieldVector vector, int i, int mode) {
    if (vector instanceof TinyIntVector) {
      ((TinyIntVector) vector).setSafe(i, (byte) integer(mode, Byte.MIN_VALUE, Byte.MAX_VALUE));
    } else if (vector instanceof SmallIntVector) {
      ((SmallIntVector) vector).setSafe(i, (short) integer(mode, Short.MIN_VALUE, Short.MAX_VALUE));
    } else if (vector instanceof IntVector) {
      ((IntVector) vector).setSafe(i, (int) integer(mode, Integer.MIN_VALUE, Integer.MAX_VALUE));
    } else if (vector instanceof BigIntVector) {
      ((BigIntVector) vector).setSafe(i, integer(mode, Long.MIN_VALUE, Long.MAX_VALUE));
    } else if (vector instanceof DateDayVector) {
      ((DateDayVector) vector).setSafe(i, (int) integer(mode, -719_162, 2_932_896)); // years 1..9999
    } else if (vector instanceof TimeStampVector) {
      ((TimeStampVector) vector).setSafe(i, integer(mode, -62_135_596_800_000_000L, 253_402_300_799_999_999L));
    } else if (vector instanceof Float4Vector) {
      ((Float4Vector) vector).setSafe(i, randomFloat(mode));
    } else if (vector instanceof Float8Vector) {
      ((Float8Vector) vector).setSafe(i, randomDouble(mode));
    } else if (vector instanceof DecimalVector) {
      DecimalVector decimal = (DecimalVector) vector;
      decimal.setSafe(i, new BigDecimal(unscaled(mode, decimal.getPrecision()), decimal.getScale()));
    } else if (vector instanceof VarCharVector) {
      ((VarCharVector) vector).setSafe(i, utf8(mode));
    } else if (vector instanceof LargeVarCharVector) {
      ((LargeVarCharVector) vector).setSafe(i, utf8(mode));
    } else if (vector instanceof VarBinaryVector) {
      ((VarBinaryVector) vector).setSafe(i, bytes());
    } else if (vector instanceof LargeVarBinaryVector) {
      ((LargeVarBinaryVector) vector).setSafe(i, bytes());
    } else if (vector instanceof BitVector) {
      ((BitVector) vector).setSafe(i, rnd.nextInt(2));
    } else {
      throw new AssertionError("no generator for " + vector.getClass());
    }
  }

  private long integer(int mode, long min, long max) {
    if (mode == 1) {
      return Math.max(min, Math.min(max, rnd.nextInt(5) - 2));
    }
    if (mode == 2 || (mode == 3 && rnd.nextInt(4) == 0)) {
      long[] extremes = {min, max, 0, -1, 1, min + 1, max - 1};
      return extremes[rnd.nextInt(extremes.length)];
    }
    long span = max - min; // may overflow for long: then use the raw random value
    if (span <= 0) {
      return rnd.nextLong();
    }
    return min + Math.floorMod(rnd.nextLong(), span + 1);
  }

  private double randomDouble(int mode) {
    if (mode == 1) {
      double[] ties = {0.0, -0.0, Double.NaN, 1.0};
      return ties[rnd.nextInt(ties.length)];
    }
    if (mode == 2 || (mode == 3 && rnd.nextInt(3) == 0)) {
      return SPECIAL_DOUBLES[rnd.nextInt(SPECIAL_DOUBLES.length)];
    }
    return rnd.nextBoolean() ? rnd.nextGaussian() * 1e6 : Double.longBitsToDouble(rnd.nextLong());
  }

  private float randomFloat(int mode) {
    if (mode == 1) {
      float[] ties = {0.0f, -0.0f, Float.NaN, 1.0f};
      return ties[rnd.nextInt(ties.length)];
    }
    if (mode == 2 || (mode == 3 && rnd.nextInt(3) == 0)) {
      return SPECIAL_FLOATS[rnd.nextInt(SPECIAL_FLOATS.length)];
    }
    return rnd.nextBoolean() ? (float) (rnd.nextGaussian() * 1e3) : Float.intBitsToFloat(rnd.nextInt());
  }

  private BigInteger unscaled(int mode, int precision) {
    BigInteger limit = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    if (mode == 1) {
      return BigInteger.valueOf(rnd.nextInt(5) - 2);
    }
    if (mode == 2 || (mode == 3 && rnd.nextInt(4) == 0)) {
      BigInteger[] extremes = {limit, limit.negate(), BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()};
      return extremes[rnd.nextInt(extremes.length)];
    }
    int digits = 1 + rnd.nextInt(precision);
    BigInteger v = new BigInteger(digits * 4, rnd).mod(BigInteger.TEN.pow(digits));
    return rnd.nextBoolean() ? v : v.negate();
  }

  private byte[] utf8(int mode) {
    StringBuilder sb = new StringBuilder(STRING_PREFIXES[rnd.nextInt(STRING_PREFIXES.length)]);
    int length = mode == 1 ? rnd.nextInt(2) : rnd.nextInt(mode == 2 ? 40 : 8);
    for (int k = 0; k < length; k++) {
      int cls = mode == 1 ? 0 : rnd.nextInt(6);
      switch (cls) {
        case 0: sb.appendCodePoint(mode == 1 ? 'a' + rnd.nextInt(2) : rnd.nextInt(0x80)); break;
        case 1: sb.appendCodePoint(0x80 + rnd.nextInt(0x800 - 0x80)); break;
        case 2: sb.appendCodePoint(0x800 + rnd.nextInt(0xD800 - 0x800)); break;
        case 3: sb.appendCodePoint(0xE000 + rnd.nextInt(0x10000 - 0xE000)); break;
        case 4: sb.appendCodePoint(0x10000 + rnd.nextInt(0x110000 - 0x10000)); break;
        default: sb.appendCodePoint('a' + rnd.nextInt(26));
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private byte[] bytes() {
    byte[] b = new byte[rnd.nextInt(12)];
    rnd.nextBytes(b);
    return b;
  }
}
