package io.glutendelta.stats.batching;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Spark types of the stats input schema to Arrow types the native engine reads. Timestamps are
 * microseconds, TIMESTAMP carries a zone (any: the value is an instant) and TIMESTAMP_NTZ none,
 * which is how the engine tells them apart. Every field is nullable.
 */
public final class ArrowSchemas {
  private ArrowSchemas() {}

  static ArrowType leafType(DataType t, String path) {
    if (t instanceof BooleanType) {
      return ArrowType.Bool.INSTANCE;
    } else if (t instanceof ByteType) {
      return new ArrowType.Int(8, true);
    } else if (t instanceof ShortType) {
      return new ArrowType.Int(16, true);
    } else if (t instanceof IntegerType) {
      return new ArrowType.Int(32, true);
    } else if (t instanceof LongType) {
      return new ArrowType.Int(64, true);
    } else if (t instanceof FloatType) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    } else if (t instanceof DoubleType) {
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    } else if (t instanceof DecimalType d) {
      return new ArrowType.Decimal(d.precision(), d.scale(), 128);
    } else if (t instanceof DateType) {
      return new ArrowType.Date(DateUnit.DAY);
    } else if (t instanceof TimestampType) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
    } else if (t instanceof TimestampNTZType) {
      return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
    } else if (t instanceof StringType) {
      return ArrowType.Utf8.INSTANCE;
    }
    throw new IllegalArgumentException("column " + path + ": type " + t.simpleString()
        + " cannot be batched for native statistics");
  }
}
