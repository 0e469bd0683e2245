package io.glutendelta.stats.tablestats;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
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
 * Per-file min / max / nullCount of one column, stored column-wise in primitive arrays.
 *
 * <p>Every value is mapped to an order-preserving long key (see {@link Kind}), so skipping and
 * quality measures compare longs whatever the column type. A file's min or max may be absent
 * (all-null column in that file, a string max Delta dropped, or no stats at all): that is
 * tracked in {@link #hasMin}/{@link #hasMax}; a missing null count is -1.
 */
public final class ColumnStats {

  /** How values become keys. */
  public enum Kind {
    /** byte, short, int, long: the value itself. */
    INTEGRAL,
    /** date: days since epoch. */
    DATE,
    /** timestamp: microseconds since epoch (stats hold milliseconds; Delta widens max). */
    TIMESTAMP,
    /** timestamp_ntz: local microseconds. */
    TIMESTAMP_NTZ,
    /** float, double: sortable bits in Spark's order (NaN greatest, -0.0 == 0.0). */
    FLOATING,
    /** string, decimal: ranks in an {@link OrderedDictionary}. */
    DICTIONARY
  }

  private final String name;
  private final DataType type;
  private final Kind kind;
  private final boolean hasMinMaxStats;
  private final boolean hasNullCountStats;
  private final long[] min;
  private final long[] max;
  private final BitSet hasMin;
  private final BitSet hasMax;
  private final long[] nullCount;
  private final OrderedDictionary dictionary;

  private ColumnStats(Builder b, long[] min, long[] max, OrderedDictionary dict) {
    this.name = b.name;
    this.type = b.type;
    this.kind = b.kind;
    this.hasMinMaxStats = b.hasMinMaxStats;
    this.hasNullCountStats = b.hasNullCountStats;
    this.min = min;
    this.max = max;
    this.hasMin = b.hasMin;
    this.hasMax = b.hasMax;
    this.nullCount = Arrays.copyOf(b.nullCount, b.count);
    this.dictionary = dict;
  }

  /** Logical column name (dotted path for nested fields). */
  public String name() {
    return name;
  }

  public DataType type() {
    return type;
  }

  public Kind kind() {
    return kind;
  }

  /** False when the table's stats schema has no min/max for this column at all. */
  public boolean hasMinMaxStats() {
    return hasMinMaxStats;
  }

  /** False when the table's stats schema has no null count for this column. */
  public boolean hasNullCountStats() {
    return hasNullCountStats;
  }

  public int numFiles() {
    return min.length;
  }

  public boolean hasMin(int file) {
    return hasMin.get(file);
  }

  public boolean hasMax(int file) {
    return hasMax.get(file);
  }

  /** Key of the file's min; only meaningful when {@link #hasMin(int)}. */
  public long minKey(int file) {
    return min[file];
  }

  public long maxKey(int file) {
    return max[file];
  }

  /** Null count of the file, or -1 when unknown. */
  public long nullCount(int file) {
    return nullCount[file];
  }

  /** The dictionary for {@link Kind#DICTIONARY} columns, else null. */
  public OrderedDictionary dictionary() {
    return dictionary;
  }

  /** Approximate heap bytes of the arrays (for the memory note). */
  long retainedBytes() {
    return 24L * min.length + (hasMin.size() + hasMax.size()) / 8 + 64;
  }

  /**
   * Key of a literal for comparisons against this column. Accepts external Java values
   * (String, BigDecimal, LocalDate, Instant, java.sql types, boxed numbers) and Catalyst's
   * internal ones (UTF8String, Decimal, int days, long micros).
   *
   * @throws IllegalArgumentException naming the column when the value does not fit its type
   */
  public long keyOf(Object value) {
    return keyOf(name, type, kind, dictionary, value);
  }

  private static long keyOf(String name, DataType type, Kind kind, OrderedDictionary dictionary,
      Object value) {
    if (value == null) {
      throw new IllegalArgumentException("column " + name + ": null literal has no key");
    }
    switch (kind) {
      case INTEGRAL:
        if (value instanceof Long || value instanceof Integer || value instanceof Short
            || value instanceof Byte) {
          return ((Number) value).longValue();
        }
        throw mismatch(name, type, value);
      case DATE:
        if (value instanceof Integer i) {
          return i;
        }
        if (value instanceof LocalDate d) {
          return d.toEpochDay();
        }
        if (value instanceof java.sql.Date d) {
          return DateTimeUtils.fromJavaDate(d);
        }
        throw mismatch(name, type, value);
      case TIMESTAMP:
        if (value instanceof Long l) {
          return l;
        }
        if (value instanceof Instant t) {
          return DateTimeUtils.instantToMicros(t);
        }
        if (value instanceof java.sql.Timestamp t) {
          return DateTimeUtils.fromJavaTimestamp(t);
        }
        throw mismatch(name, type, value);
      case TIMESTAMP_NTZ:
        if (value instanceof Long l) {
          return l;
        }
        if (value instanceof LocalDateTime t) {
          return DateTimeUtils.localDateTimeToMicros(t);
        }
        throw mismatch(name, type, value);
      case FLOATING:
        if (value instanceof Double || value instanceof Float) {
          return sortableDouble(((Number) value).doubleValue());
        }
        throw mismatch(name, type, value);
      case DICTIONARY:
        return dictionary.keyOf(normalizeDictionaryValue(name, type, value));
      default:
        throw new IllegalStateException("unknown kind " + kind);
    }
  }

  /** The value a file's min/max key stands for, as a Java object (for reports). */
  public Object valueOfKey(long key) {
    switch (kind) {
      case DICTIONARY:
        return dictionary.valueOfKey(key);
      case DATE:
        return LocalDate.ofEpochDay(key);
      case TIMESTAMP:
        return DateTimeUtils.microsToInstant(key);
      case TIMESTAMP_NTZ:
        return DateTimeUtils.microsToLocalDateTime(key);
      case FLOATING:
        return unsortableDouble(key);
      default:
        return key;
    }
  }

  private static Object normalizeDictionaryValue(String name, DataType type, Object value) {
    if (type instanceof StringType) {
      if (value instanceof String || value instanceof UTF8String) {
        return value.toString();
      }
    } else if (value instanceof BigDecimal bd) {
      return bd;
    } else if (value instanceof Decimal d) {
      return d.toJavaBigDecimal();
    } else if (value instanceof Long || value instanceof Integer) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    throw mismatch(name, type, value);
  }

  private static IllegalArgumentException mismatch(String name, DataType type, Object value) {
    return new IllegalArgumentException("column " + name + " (" + type.simpleString()
        + "): literal " + value + " of " + value.getClass().getSimpleName()
        + " does not match the column type");
  }

  /** Maps a double to a long whose signed order is Spark's double order. */
  static long sortableDouble(double d) {
    if (Double.isNaN(d)) {
      return Long.MAX_VALUE;
    }
    if (d == 0.0d) {
      d = 0.0d; // -0.0 and 0.0 are equal in Spark
    }
    long bits = Double.doubleToRawLongBits(d);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  static double unsortableDouble(long key) {
    if (key == Long.MAX_VALUE) {
      return Double.NaN;
    }
    long bits = key ^ ((key >> 63) & Long.MAX_VALUE);
    return Double.longBitsToDouble(bits);
  }

  static Kind kindOf(String column, DataType t) {
    if (t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof LongType) {
      return Kind.INTEGRAL;
    }
    if (t instanceof DateType) {
      return Kind.DATE;
    }
    if (t instanceof TimestampType) {
      return Kind.TIMESTAMP;
    }
    if (t instanceof TimestampNTZType) {
      return Kind.TIMESTAMP_NTZ;
    }
    if (t instanceof FloatType || t instanceof DoubleType) {
      return Kind.FLOATING;
    }
    if (t instanceof StringType || t instanceof DecimalType) {
      return Kind.DICTIONARY;
    }
    throw new IllegalArgumentException("column " + column + ": type " + t.simpleString()
        + " has no min/max statistics in Delta, so it cannot be used for skipping or clustering");
  }

  /** Accumulates one column while files are read, then freezes into a {@link ColumnStats}. */
  public static final class Builder {
    private final String name;
    private final DataType type;
    private final Kind kind;
    private final boolean hasMinMaxStats;
    private final boolean hasNullCountStats;
    private int count;
    private long[] min = new long[16];
    private long[] max = new long[16];
    private long[] nullCount = new long[16];
    private final BitSet hasMin = new BitSet();
    private final BitSet hasMax = new BitSet();
    // Only for dictionary columns: raw values until the dictionary is known.
    private List<Object> rawMin;
    private List<Object> rawMax;

    public Builder(String name, DataType type, boolean hasMinMaxStats, boolean hasNullCountStats) {
      this.name = name;
      this.type = type;
      this.kind = kindOf(name, type);
      this.hasMinMaxStats = hasMinMaxStats;
      this.hasNullCountStats = hasNullCountStats;
      if (kind == Kind.DICTIONARY) {
        rawMin = new ArrayList<>();
        rawMax = new ArrayList<>();
      }
    }

    /** Adds the next file; null arguments mean "not present in the stats". */
    public void add(Object minValue, Object maxValue, Long nulls) {
      if (count == min.length) {
        int n = Math.max(16, count + (count >> 1));
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        nullCount = Arrays.copyOf(nullCount, n);
      }
      int i = count++;
      nullCount[i] = nulls == null ? -1 : nulls;
      if (kind == Kind.DICTIONARY) {
        // keys need the finished dictionary: keep the values until build()
        rawMin.add(minValue == null ? null : normalize(minValue));
        rawMax.add(maxValue == null ? null : normalize(maxValue));
      } else {
        if (minValue != null) {
          min[i] = encode(minValue);
        }
        if (maxValue != null) {
          max[i] = encode(maxValue);
        }
      }
      if (minValue != null) {
        hasMin.set(i);
      }
      if (maxValue != null) {
        hasMax.set(i);
      }
    }

    /** Adds the next file with already-encoded keys (synthetic models, tests). */
    public void addKeys(boolean withMin, long minKey, boolean withMax, long maxKey, long nulls) {
      if (kind == Kind.DICTIONARY) {
        throw new IllegalStateException("column " + name + ": dictionary columns take values");
      }
      add(null, null, nulls < 0 ? null : nulls);
      int i = count - 1;
      if (withMin) {
        min[i] = minKey;
        hasMin.set(i);
      }
      if (withMax) {
        max[i] = maxKey;
        hasMax.set(i);
      }
    }

    private Object normalize(Object v) {
      if (v instanceof UTF8String u) {
        return u.toString();
      }
      if (v instanceof Decimal d) {
        return d.toJavaBigDecimal();
      }
      if (type instanceof DecimalType && !(v instanceof BigDecimal)) {
        throw new IllegalArgumentException("column " + name + ": expected a decimal, got " + v);
      }
      if (type instanceof StringType && !(v instanceof String)) {
        throw new IllegalArgumentException("column " + name + ": expected a string, got " + v);
      }
      return v;
    }

    private long encode(Object v) {
      return keyOf(name, type, kind, null, v);
    }

    public ColumnStats build() {
      if (kind != Kind.DICTIONARY) {
        return new ColumnStats(this, Arrays.copyOf(min, count), Arrays.copyOf(max, count), null);
      }
      List<Object> all = new ArrayList<>(rawMin.size() * 2);
      all.addAll(rawMin);
      all.addAll(rawMax);
      OrderedDictionary dict = OrderedDictionary.of(all);
      long[] mn = new long[count];
      long[] mx = new long[count];
      for (int i = 0; i < count; i++) {
        if (rawMin.get(i) != null) {
          mn[i] = dict.keyOf(rawMin.get(i));
        }
        if (rawMax.get(i) != null) {
          mx[i] = dict.keyOf(rawMax.get(i));
        }
      }
      rawMin = null;
      rawMax = null;
      return new ColumnStats(this, mn, mx, dict);
    }
  }
}
