package io.glutendelta.stats.engine;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The engine's half of the type table: per leaf kind, the Arrow types it accepts
 * ({@link #of}), how {@link FileAggregates} encodes its min/max, and the Java value
 * {@link FileAggregates#min}/{@link FileAggregates#max} box it as. Every kind gets a null count; only kinds
 * Delta uses for data skipping get min/max (booleans, binaries, lists and maps do not). The
 * Arrow width variants (large_utf8, large_binary, large_list) share the kind of their
 * 32-bit-offset sibling. The Spark half (which Spark type becomes which kind) is
 * {@code batching/SparkLeafType}: the engine takes Arrow from any producer and knows no Spark.
 */
public enum LeafKind {
  INT8(Encoding.INT64, (s, i, max) -> (byte) (max ? s.maxLong(i) : s.minLong(i))),
  INT16(Encoding.INT64, (s, i, max) -> (short) (max ? s.maxLong(i) : s.minLong(i))),
  INT32(Encoding.INT64, (s, i, max) -> (int) (max ? s.maxLong(i) : s.minLong(i))),
  INT64(Encoding.INT64, (s, i, max) -> max ? s.maxLong(i) : s.minLong(i)),
  FLOAT32(Encoding.FLOAT64, (s, i, max) -> (float) (max ? s.maxDouble(i) : s.minDouble(i))),
  FLOAT64(Encoding.FLOAT64, (s, i, max) -> max ? s.maxDouble(i) : s.minDouble(i)),
  /** decimal128(p, s): min/max as unscaled values; boxed as BigDecimal with the column's scale. */
  DECIMAL128(Encoding.DECIMAL128,
      (s, i, max) -> new BigDecimal(max ? s.maxUnscaled(i) : s.minUnscaled(i), s.leaf(i).decimalScale())),
  /** date32: days since the epoch (boxed as Integer). */
  DATE32(Encoding.INT64, (s, i, max) -> (int) (max ? s.maxLong(i) : s.minLong(i))),
  /** timestamp[us, tz]: microseconds since the epoch (Spark TIMESTAMP). */
  TIMESTAMP_MICROS(Encoding.INT64, (s, i, max) -> max ? s.maxLong(i) : s.minLong(i)),
  /** timestamp[us] without zone: microseconds (Spark TIMESTAMP_NTZ). */
  TIMESTAMP_NTZ_MICROS(Encoding.INT64, (s, i, max) -> max ? s.maxLong(i) : s.minLong(i)),
  /** utf8 / large_utf8: unsigned UTF-8 byte order, values untruncated (boxed as String). */
  STRING(Encoding.UTF8, (s, i, max) -> new String(s.bytes(), max ? s.maxUtf8Offset(i) : s.minUtf8Offset(i),
      max ? s.maxUtf8Length(i) : s.minUtf8Length(i), StandardCharsets.UTF_8)),
  BINARY(Encoding.NONE, null),
  BOOLEAN(Encoding.NONE, null),
  LIST(Encoding.NONE, null),
  MAP(Encoding.NONE, null);

  /** How min/max are laid out in the finishFile result (see NativeEngine). */
  enum Encoding {
    NONE,
    INT64,
    FLOAT64,
    DECIMAL128,
    UTF8
  }

  /** Reads leaf {@code i}'s min or max out of a result as a Java value. */
  @FunctionalInterface
  interface Boxing {
    Object box(FileAggregates stats, int leaf, boolean max);
  }

  private final Encoding encoding;
  private final Boxing boxing;

  LeafKind(Encoding encoding, Boxing boxing) {
    this.encoding = encoding;
    this.boxing = boxing;
  }

  /** Whether the engine collects min/max for this kind. */
  public boolean collectsMinMax() {
    return encoding != Encoding.NONE;
  }

  Encoding encoding() {
    return encoding;
  }

  Object box(FileAggregates stats, int leaf, boolean max) {
    return boxing.box(stats, leaf, max);
  }

  /**
   * The kind of a non-struct Arrow type.
   *
   * @param column the column's path, for the message
   * @throws IllegalArgumentException naming the column when the engine does not take the type
   */
  public static LeafKind of(ArrowType type, String column) {
    switch (type.getTypeID()) {
      case Int: {
        ArrowType.Int t = (ArrowType.Int) type;
        if (!t.getIsSigned()) {
          throw unsupported(column, type, "unsigned integers have no Spark type");
        }
        switch (t.getBitWidth()) {
          case 8: return INT8;
          case 16: return INT16;
          case 32: return INT32;
          case 64: return INT64;
          default: throw unsupported(column, type, "unexpected integer width");
        }
      }
      case FloatingPoint: {
        FloatingPointPrecision p = ((ArrowType.FloatingPoint) type).getPrecision();
        if (p == FloatingPointPrecision.SINGLE) {
          return FLOAT32;
        }
        if (p == FloatingPointPrecision.DOUBLE) {
          return FLOAT64;
        }
        throw unsupported(column, type, "half floats are not supported");
      }
      case Decimal:
        if (((ArrowType.Decimal) type).getBitWidth() != 128) {
          throw unsupported(column, type, "only decimal128 is supported");
        }
        return DECIMAL128;
      case Date:
        if (((ArrowType.Date) type).getUnit() != DateUnit.DAY) {
          throw unsupported(column, type, "only date32 (days) is supported");
        }
        return DATE32;
      case Timestamp: {
        ArrowType.Timestamp t = (ArrowType.Timestamp) type;
        if (t.getUnit() != TimeUnit.MICROSECOND) {
          throw unsupported(column, type, "only microsecond timestamps are supported (Spark's unit)");
        }
        return t.getTimezone() == null ? TIMESTAMP_NTZ_MICROS : TIMESTAMP_MICROS;
      }
      case Utf8:
      case LargeUtf8:
        return STRING;
      case Binary:
      case LargeBinary:
        return BINARY;
      case Bool:
        return BOOLEAN;
      case List:
      case LargeList:
        return LIST;
      case Map:
        return MAP;
      default:
        throw unsupported(column, type, "the native stats engine does not support this type");
    }
  }

  private static IllegalArgumentException unsupported(String column, ArrowType type, String reason) {
    return new IllegalArgumentException("column " + column + ": unsupported Arrow type " + type + " (" + reason + ")");
  }
}
