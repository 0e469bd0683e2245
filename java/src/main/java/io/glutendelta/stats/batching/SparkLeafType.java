package io.glutendelta.stats.batching;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.LeafKind;
import io.glutendelta.stats.line.TypeShim;
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
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.Decimal$;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The write path's type table: per Spark type of a stats leaf, its Arrow type, the engine's leaf
 * kind, how rows are copied (a {@link FlatColumns} kind, or a {@link FieldWriter}), whether it
 * gets a native min/max, and how that min/max is read back into a Spark row. Adding a type means
 * adding a row here (and, for a new Arrow layout, a {@link LeafKind}).
 *
 * <p>It lives in {@code batching} because that is the lowest package that knows all four: Spark
 * types, Arrow vectors, its own writers and the engine's kinds ({@code engine} knows only
 * Arrow; {@code delta} reads eligibility and read-back from here). Nothing here runs per row:
 * writers and flat kinds are chosen once per batch layout.
 */
public enum SparkLeafType {
  /** Leaves whose null count is all Delta needs (boolean, binary, array, map, ...): validity only. */
  NULL_COUNT_ONLY(LeafKind.BOOLEAN, FlatColumns.VALIDITY, false,
      t -> ArrowType.Bool.INSTANCE,
      (o, v, t) -> new FieldWriters.ValidityWriter(o, (BitVector) v), null),
  BYTE(LeafKind.INT8, FlatColumns.BYTE, true,
      t -> new ArrowType.Int(8, true),
      (o, v, t) -> new FieldWriters.ByteWriter(o, (TinyIntVector) v),
      (row, slot, s, leaf, min, t) -> row.setByte(slot, (byte) (min ? s.minLong(leaf) : s.maxLong(leaf)))),
  SHORT(LeafKind.INT16, FlatColumns.SHORT, true,
      t -> new ArrowType.Int(16, true),
      (o, v, t) -> new FieldWriters.ShortWriter(o, (SmallIntVector) v),
      (row, slot, s, leaf, min, t) -> row.setShort(slot, (short) (min ? s.minLong(leaf) : s.maxLong(leaf)))),
  INT(LeafKind.INT32, FlatColumns.WORD, true,
      t -> new ArrowType.Int(32, true),
      (o, v, t) -> new FieldWriters.IntWriter(o, (IntVector) v),
      SparkLeafType::readInt),
  LONG(LeafKind.INT64, FlatColumns.LONG, true,
      t -> new ArrowType.Int(64, true),
      (o, v, t) -> new FieldWriters.LongWriter(o, (BigIntVector) v),
      SparkLeafType::readLong),
  /** The staging slot holds the raw IEEE bits. */
  FLOAT(LeafKind.FLOAT32, FlatColumns.WORD, true,
      t -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
      (o, v, t) -> new FieldWriters.FloatWriter(o, (Float4Vector) v),
      (row, slot, s, leaf, min, t) -> row.setFloat(slot, (float) (min ? s.minDouble(leaf) : s.maxDouble(leaf)))),
  DOUBLE(LeafKind.FLOAT64, FlatColumns.LONG, true,
      t -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
      (o, v, t) -> new FieldWriters.DoubleWriter(o, (Float8Vector) v),
      (row, slot, s, leaf, min, t) -> row.setDouble(slot, min ? s.minDouble(leaf) : s.maxDouble(leaf))),
  /** Precision up to 18: an UnsafeRow holds the unscaled long inline. */
  DECIMAL(LeafKind.DECIMAL128, FlatColumns.DECIMAL, true,
      SparkLeafType::decimal128,
      (o, v, t) -> new FieldWriters.CompactDecimalWriter(o, (DecimalType) t, (DecimalVector) v),
      SparkLeafType::readDecimal),
  /** Precision above 18: the row holds a variable-length value, so a typed writer copies it. */
  WIDE_DECIMAL(LeafKind.DECIMAL128, FlatColumns.NOT_FLAT, true,
      SparkLeafType::decimal128,
      (o, v, t) -> new FieldWriters.WideDecimalWriter(o, (DecimalType) t, (DecimalVector) v),
      SparkLeafType::readDecimal),
  DATE(LeafKind.DATE32, FlatColumns.WORD, true,
      t -> new ArrowType.Date(DateUnit.DAY),
      (o, v, t) -> new FieldWriters.DateWriter(o, (DateDayVector) v),
      SparkLeafType::readInt),
  /** Microseconds; the zone (any: the value is an instant) tells the engine it is not NTZ. */
  TIMESTAMP(LeafKind.TIMESTAMP_MICROS, FlatColumns.LONG, true,
      t -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
      (o, v, t) -> new FieldWriters.TimestampWriter(o, (TimeStampMicroTZVector) v),
      SparkLeafType::readLong),
  TIMESTAMP_NTZ(LeafKind.TIMESTAMP_NTZ_MICROS, FlatColumns.LONG, true,
      t -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
      (o, v, t) -> new FieldWriters.TimestampNtzWriter(o, (TimeStampMicroVector) v),
      SparkLeafType::readLong),
  /** UTF-8 bytes compared unsigned, untruncated (Delta truncates in its own expression). */
  STRING(LeafKind.STRING, FlatColumns.STRING, true,
      t -> ArrowType.Utf8.INSTANCE,
      (o, v, t) -> new FieldWriters.StringWriter(o, (VarCharVector) v),
      (row, slot, s, leaf, min, t) -> row.update(slot, UTF8String.fromBytes(s.bytes(),
          min ? s.minUtf8Offset(leaf) : s.maxUtf8Offset(leaf), min ? s.minUtf8Length(leaf) : s.maxUtf8Length(leaf))));

  @FunctionalInterface
  interface ArrowTypeOf {
    ArrowType of(DataType sparkType);
  }

  @FunctionalInterface
  interface WriterFactory {
    FieldWriter create(int ordinal, FieldVector vector, DataType sparkType);
  }

  /** Stores leaf {@code leaf}'s min or max from a native result into a Spark row's slot. */
  @FunctionalInterface
  interface ReadBack {
    void set(InternalRow row, int slot, FileAggregates stats, int leaf, boolean min, DataType sparkType);
  }

  private final LeafKind engineKind;
  private final int flatKind;
  private final boolean minMax;
  private final ArrowTypeOf arrowType;
  private final WriterFactory writer;
  private final ReadBack readBack;

  SparkLeafType(LeafKind engineKind, int flatKind, boolean minMax, ArrowTypeOf arrowType,
      WriterFactory writer, ReadBack readBack) {
    this.engineKind = engineKind;
    this.flatKind = flatKind;
    this.minMax = minMax;
    this.arrowType = arrowType;
    this.writer = writer;
    this.readBack = readBack;
  }

  /**
   * The entry for a leaf of Spark type {@code t}, or null when the type cannot be batched with
   * its values (then only a null count is possible, through {@link #NULL_COUNT_ONLY}).
   */
  public static SparkLeafType of(DataType t) {
    if (t instanceof BooleanType) {
      return NULL_COUNT_ONLY;
    } else if (t instanceof ByteType) {
      return BYTE;
    } else if (t instanceof ShortType) {
      return SHORT;
    } else if (t instanceof IntegerType) {
      return INT;
    } else if (t instanceof LongType) {
      return LONG;
    } else if (t instanceof FloatType) {
      return FLOAT;
    } else if (t instanceof DoubleType) {
      return DOUBLE;
    } else if (t instanceof DecimalType d) {
      return d.precision() <= 18 ? DECIMAL : WIDE_DECIMAL;
    } else if (t instanceof DateType) {
      return DATE;
    } else if (t instanceof TimestampType) {
      return TIMESTAMP;
    } else if (t instanceof TimestampNTZType) {
      return TIMESTAMP_NTZ;
    } else if (t instanceof StringType st && TypeShim.isBinaryCollation(st)) {
      // Collated strings would need collation-aware ordering; Delta rejects them in tables.
      return STRING;
    }
    return null;
  }

  /** Whether a min/max of a column of Spark type {@code t} can be computed natively. */
  public static boolean minMaxEligible(DataType t) {
    SparkLeafType e = of(t);
    return e != null && e.minMax;
  }

  /** The kind the engine reads the Arrow type as. */
  public LeafKind engineKind() {
    return engineKind;
  }

  /** Whether the engine computes min/max for this entry. */
  public boolean collectsMinMax() {
    return minMax;
  }

  /** The Arrow type of the batch column ({@code sparkType} gives decimal precision and scale). */
  public ArrowType arrowType(DataType sparkType) {
    return arrowType.of(sparkType);
  }

  /**
   * Writes leaf {@code leaf}'s min ({@code min}) or max from {@code stats} into {@code row}'s
   * {@code slot}, as Spark holds a value of {@code sparkType}.
   */
  public void readBack(InternalRow row, int slot, FileAggregates stats, int leaf, boolean min, DataType sparkType) {
    if (readBack == null) {
      throw new IllegalStateException(this + " has no min/max (leaf " + stats.leaf(leaf).name() + ")");
    }
    readBack.set(row, slot, stats, leaf, min, sparkType);
  }

  /** The {@link FlatColumns} kind, or {@link FlatColumns#NOT_FLAT}. */
  int flatKind() {
    return flatKind;
  }

  /** The staging slot holds raw IEEE bits, which the typed-getter path must produce too. */
  boolean floating() {
    return this == FLOAT || this == DOUBLE;
  }

  FieldWriter newWriter(int ordinal, FieldVector vector, DataType sparkType) {
    return writer.create(ordinal, vector, sparkType);
  }

  private static ArrowType decimal128(DataType t) {
    DecimalType d = (DecimalType) t;
    return new ArrowType.Decimal(d.precision(), d.scale(), 128);
  }

  private static void readInt(InternalRow row, int slot, FileAggregates s, int leaf, boolean min, DataType t) {
    row.setInt(slot, (int) (min ? s.minLong(leaf) : s.maxLong(leaf)));
  }

  private static void readLong(InternalRow row, int slot, FileAggregates s, int leaf, boolean min, DataType t) {
    row.setLong(slot, min ? s.minLong(leaf) : s.maxLong(leaf));
  }

  private static void readDecimal(InternalRow row, int slot, FileAggregates s, int leaf, boolean min, DataType t) {
    DecimalType d = (DecimalType) t;
    Decimal v;
    if (min ? s.minUnscaledFitsLong(leaf) : s.maxUnscaledFitsLong(leaf)) {
      v = Decimal$.MODULE$.apply(min ? s.minUnscaledLong(leaf) : s.maxUnscaledLong(leaf), d.precision(), d.scale());
    } else {
      v = Decimal$.MODULE$.apply(new java.math.BigDecimal(min ? s.minUnscaled(leaf) : s.maxUnscaled(leaf),
          d.scale()), d.precision(), d.scale());
    }
    row.update(slot, v);
  }
}
