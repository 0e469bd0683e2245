package io.glutendelta.stats.batching;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/** The writer for each Spark type ({@link SparkLeafType} says which), and the factory for a field. */
final class FieldWriters {
  private FieldWriters() {}

  static FieldWriter create(InputField field, FieldVector vector) {
    int ordinal = field.sourceOrdinal();
    if (field.isStruct()) {
      StructVector sv = (StructVector) vector;
      List<FieldWriter> children = new ArrayList<>();
      for (int i = 0; i < field.children().size(); i++) {
        children.add(create(field.children().get(i), (FieldVector) sv.getChildByOrdinal(i)));
      }
      return new StructWriter(ordinal, field.sourceFields(), sv, children.toArray(new FieldWriter[0]));
    }
    return field.leafType().newWriter(ordinal, vector, field.type());
  }

  /**
   * Leaves that only need a null count (boolean, binary, array, map, ...): one validity bit, the
   * value itself is never read.
   */
  static final class ValidityWriter extends FieldWriter {
    private final BitVector v;

    ValidityWriter(int ordinal, BitVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, 1);
    }
  }

  static final class ByteWriter extends FieldWriter {
    private final TinyIntVector v;

    ByteWriter(int ordinal, TinyIntVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getByte(ordinal));
    }
  }

  static final class ShortWriter extends FieldWriter {
    private final SmallIntVector v;

    ShortWriter(int ordinal, SmallIntVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getShort(ordinal));
    }
  }

  static final class IntWriter extends FieldWriter {
    private final IntVector v;

    IntWriter(int ordinal, IntVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getInt(ordinal));
    }
  }

  static final class LongWriter extends FieldWriter {
    private final BigIntVector v;

    LongWriter(int ordinal, BigIntVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getLong(ordinal));
    }
  }

  static final class FloatWriter extends FieldWriter {
    private final Float4Vector v;

    FloatWriter(int ordinal, Float4Vector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getFloat(ordinal));
    }
  }

  static final class DoubleWriter extends FieldWriter {
    private final Float8Vector v;

    DoubleWriter(int ordinal, Float8Vector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getDouble(ordinal));
    }
  }

  /** Precision up to 18: an UnsafeRow stores the unscaled long inline, read it without a Decimal. */
  static final class CompactDecimalWriter extends FieldWriter {
    private final DecimalVector v;
    private final int precision;
    private final int scale;

    CompactDecimalWriter(int ordinal, DecimalType t, DecimalVector v) {
      super(ordinal, v);
      this.v = v;
      this.precision = t.precision();
      this.scale = t.scale();
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      long unscaled = src instanceof UnsafeRow
          ? src.getLong(ordinal)
          : src.getDecimal(ordinal, precision, scale).toUnscaledLong();
      v.setSafe(index, unscaled);
    }
  }

  static final class WideDecimalWriter extends FieldWriter {
    private final DecimalVector v;
    private final int precision;
    private final int scale;

    WideDecimalWriter(int ordinal, DecimalType t, DecimalVector v) {
      super(ordinal, v);
      this.v = v;
      this.precision = t.precision();
      this.scale = t.scale();
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getDecimal(ordinal, precision, scale).toJavaBigDecimal());
    }
  }

  static final class DateWriter extends FieldWriter {
    private final DateDayVector v;

    DateWriter(int ordinal, DateDayVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getInt(ordinal));
    }
  }

  static final class TimestampWriter extends FieldWriter {
    private final TimeStampMicroTZVector v;

    TimestampWriter(int ordinal, TimeStampMicroTZVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getLong(ordinal));
    }
  }

  static final class TimestampNtzWriter extends FieldWriter {
    private final TimeStampMicroVector v;

    TimestampNtzWriter(int ordinal, TimeStampMicroVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setSafe(index, src.getLong(ordinal));
    }
  }

  /** Copies the UTF-8 bytes straight from the row's memory into the vector's data buffer. */
  static final class StringWriter extends FieldWriter {
    private final VarCharVector v;

    StringWriter(int ordinal, VarCharVector v) {
      super(ordinal, v);
      this.v = v;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      UTF8String s = src.getUTF8String(ordinal);
      Object base = s.getBaseObject();
      int len = s.numBytes();
      if (base instanceof byte[] bytes) {
        v.setSafe(index, bytes, (int) (s.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), len);
      } else {
        v.setSafe(index, s.getBytes(), 0, len);
      }
    }
  }

  /** A null struct nulls every referenced leaf below it, as Spark's GetStructField would. */
  static final class StructWriter extends FieldWriter {
    private final StructVector v;
    private final int numFields;
    private final FieldWriter[] children;

    StructWriter(int ordinal, int numFields, StructVector v, FieldWriter[] children) {
      super(ordinal, v);
      this.v = v;
      this.numFields = numFields;
      this.children = children;
    }

    @Override
    void writeValue(SpecializedGetters src, int index) {
      v.setIndexDefined(index);
      SpecializedGetters struct = src.getStruct(ordinal, numFields);
      for (FieldWriter c : children) {
        c.write(struct, index);
      }
    }

    @Override
    void writeNull(int index) {
      v.setNull(index);
      for (FieldWriter c : children) {
        c.writeNull(index);
      }
    }
  }
}
