package io.glutendelta.stats.batching;

import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
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
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The top-level leaves of a batch whose Arrow layout is a plain copy of what an UnsafeRow holds
 * in its 8-byte slot (integers, floats, date, timestamps, decimals up to precision 18, strings,
 * and null-count-only leaves). Instead of one virtual {@code setSafe} per value, rows are copied
 * straight from the row's memory into the vectors' buffers, one tight loop per physical width,
 * and validity bits are gathered in Java words and stored once when the batch is sealed. That is
 * where the row path spent most of its time (see benchmarks/results/latest/breakdown).
 *
 * <p>The buffers are sized for the batch capacity once; the caller never appends past it. Only
 * string data grows (and keeps its size for later batches). Rows that are not UnsafeRows take
 * the same buffers through the typed getters.
 */
final class FlatColumns {
  // Physical kinds: how a slot becomes Arrow values.
  private static final int BYTE = 0;
  private static final int SHORT = 1;
  private static final int WORD = 2;      // int, date, float (raw bits)
  private static final int LONG = 3;      // long, timestamps, double (raw bits)
  private static final int DECIMAL = 4;   // unscaled long → sign-extended decimal128
  private static final int STRING = 5;
  private static final int VALIDITY = 6;  // only the null count is needed
  private static final int KINDS = 7;

  private final int wordsPerColumn;
  /** Per kind: the columns of that kind (indexes into the arrays below). */
  private final int[][] byKind = new int[KINDS][];
  /** Per kind, per column of that kind: source ordinal, data address, first validity word. */
  private final int[][] kindOrdinal = new int[KINDS][];
  private final long[][] kindAddress = new long[KINDS][];
  private final int[][] kindValidity = new int[KINDS][];
  private final int[] ordinal;
  private final int[] kind;
  /** float/double: the slot holds raw IEEE bits, the typed getter path must keep them. */
  private final boolean[] floating;
  private final int[] precision;
  private final int[] scale;
  private final FieldVector[] vectors;
  private final long[] dataAddress;
  private final long[] offsetAddress;
  /** Bytes of string data written in this batch, per column. */
  private final long[] dataEnd;
  /** Validity bits of column c at [c * wordsPerColumn, (c + 1) * wordsPerColumn). */
  private final long[] validity;
  private final int maxOrdinal;

  static boolean handles(DataType t) {
    return kindOf(t) >= 0;
  }

  private static int kindOf(DataType t) {
    if (t instanceof ByteType) {
      return BYTE;
    } else if (t instanceof ShortType) {
      return SHORT;
    } else if (t instanceof IntegerType || t instanceof DateType || t instanceof FloatType) {
      return WORD;
    } else if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType
        || t instanceof DoubleType) {
      return LONG;
    } else if (t instanceof DecimalType d) {
      return d.precision() <= 18 ? DECIMAL : -1;
    } else if (t instanceof StringType) {
      return STRING;
    } else if (t instanceof BooleanType) {
      return VALIDITY;
    }
    return -1;
  }

  /**
   * @param types Spark type of each column, {@link #handles} is true for all
   * @param ordinals position of each column in the source row
   * @param vectors allocated vectors, at least {@code capacity} values each
   */
  FlatColumns(DataType[] types, int[] ordinals, FieldVector[] vectors, int capacity) {
    int n = types.length;
    this.wordsPerColumn = (capacity + 63) >>> 6;
    this.ordinal = ordinals.clone();
    this.vectors = vectors.clone();
    this.precision = new int[n];
    this.scale = new int[n];
    this.dataAddress = new long[n];
    this.offsetAddress = new long[n];
    this.dataEnd = new long[n];
    this.validity = new long[n * wordsPerColumn];
    int[] counts = new int[KINDS];
    int[] kinds = new int[n];
    this.kind = kinds;
    this.floating = new boolean[n];
    int max = -1;
    for (int c = 0; c < n; c++) {
      kinds[c] = kindOf(types[c]);
      counts[kinds[c]]++;
      max = Math.max(max, ordinals[c]);
      floating[c] = types[c] instanceof FloatType || types[c] instanceof DoubleType;
      if (types[c] instanceof DecimalType d) {
        precision[c] = d.precision();
        scale[c] = d.scale();
      }
      FieldVector v = vectors[c];
      if (v instanceof BaseFixedWidthVector f && f.getValueCapacity() < capacity
          || v instanceof BaseVariableWidthVector w && w.getValueCapacity() < capacity) {
        throw new IllegalStateException("vector " + v.getName() + " holds fewer than " + capacity + " values");
      }
      if (v instanceof BaseVariableWidthVector w) {
        Platform.putInt(null, w.getOffsetBufferAddress(), 0);
        offsetAddress[c] = w.getOffsetBufferAddress();
      }
      dataAddress[c] = v.getDataBufferAddress();
    }
    this.maxOrdinal = max;
    for (int k = 0; k < KINDS; k++) {
      byKind[k] = new int[counts[k]];
    }
    int[] fill = new int[KINDS];
    for (int c = 0; c < n; c++) {
      byKind[kinds[c]][fill[kinds[c]]++] = c;
    }
    // Fixed-width data buffers never move (the batch never outgrows its capacity).
    for (int k = 0; k < KINDS; k++) {
      int[] cols = byKind[k];
      kindOrdinal[k] = new int[cols.length];
      kindAddress[k] = new long[cols.length];
      kindValidity[k] = new int[cols.length];
      for (int i = 0; i < cols.length; i++) {
        kindOrdinal[k][i] = ordinals[cols[i]];
        kindAddress[k][i] = dataAddress[cols[i]];
        kindValidity[k][i] = cols[i] * wordsPerColumn;
      }
    }
  }

  /** Copies row {@code index} of the batch from an UnsafeRow's memory. */
  void append(UnsafeRow row, int index) {
    int numFields = row.numFields();
    if (numFields <= maxOrdinal) {
      throw new IllegalStateException("row has " + numFields + " fields, the stats input reads field "
          + maxOrdinal);
    }
    Object base = row.getBaseObject();
    long start = row.getBaseOffset();
    long slots = start + ((long) ((numFields + 63) >>> 6) << 3);
    long firstNulls = Platform.getLong(base, start);
    int word = index >>> 6;
    int bit = index & 63;

    int[] ords = kindOrdinal[WORD];
    long[] addrs = kindAddress[WORD];
    int[] vbase = kindValidity[WORD];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      Platform.putInt(null, addrs[k] + 4L * index, Platform.getInt(base, slots + 8L * o));
      validity[vbase[k] + word] |= valid(base, start, firstNulls, o) << bit;
    }
    ords = kindOrdinal[LONG];
    addrs = kindAddress[LONG];
    vbase = kindValidity[LONG];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      Platform.putLong(null, addrs[k] + 8L * index, Platform.getLong(base, slots + 8L * o));
      validity[vbase[k] + word] |= valid(base, start, firstNulls, o) << bit;
    }
    ords = kindOrdinal[DECIMAL];
    addrs = kindAddress[DECIMAL];
    vbase = kindValidity[DECIMAL];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long unscaled = Platform.getLong(base, slots + 8L * o);
      long at = addrs[k] + 16L * index;
      Platform.putLong(null, at, unscaled);
      Platform.putLong(null, at + 8, unscaled >> 63);
      validity[vbase[k] + word] |= valid(base, start, firstNulls, o) << bit;
    }
    for (int c : byKind[STRING]) {
      int o = ordinal[c];
      if (valid(base, start, firstNulls, o) == 0) {
        endString(c, index);
        continue;
      }
      long slot = Platform.getLong(base, slots + 8L * o);
      int size = (int) slot;
      long at = reserveString(c, size);
      Platform.copyMemory(base, start + (slot >>> 32), null, at, size);
      dataEnd[c] += size;
      endString(c, index);
      validity[c * wordsPerColumn + word] |= 1L << bit;
    }
    ords = kindOrdinal[BYTE];
    addrs = kindAddress[BYTE];
    vbase = kindValidity[BYTE];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      Platform.putByte(null, addrs[k] + index, Platform.getByte(base, slots + 8L * o));
      validity[vbase[k] + word] |= valid(base, start, firstNulls, o) << bit;
    }
    ords = kindOrdinal[SHORT];
    addrs = kindAddress[SHORT];
    vbase = kindValidity[SHORT];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      Platform.putShort(null, addrs[k] + 2L * index, Platform.getShort(base, slots + 8L * o));
      validity[vbase[k] + word] |= valid(base, start, firstNulls, o) << bit;
    }
    ords = kindOrdinal[VALIDITY];
    vbase = kindValidity[VALIDITY];
    for (int k = 0; k < ords.length; k++) {
      validity[vbase[k] + word] |= valid(base, start, firstNulls, ords[k]) << bit;
    }
  }

  /**
   * 1 when field {@code o} is not null, else 0 (branch-free; null slots hold zeros, never read).
   * The first null word is loaded once per row: most rows have at most 64 fields.
   */
  private static long valid(Object base, long start, long firstNulls, int o) {
    long nulls = o < 64 ? firstNulls : Platform.getLong(base, start + ((long) (o >>> 6) << 3));
    return ~(nulls >>> o) & 1L; // a long shift uses the low 6 bits of o
  }

  /** Copies row {@code index} through the typed getters (rows that are not UnsafeRows). */
  void append(SpecializedGetters row, int index) {
    int word = index >>> 6;
    long bit = 1L << (index & 63);
    for (int c = 0; c < vectors.length; c++) {
      int o = ordinal[c];
      int kind = this.kind[c];
      if (row.isNullAt(o)) {
        if (kind == STRING) {
          endString(c, index);
        }
        continue;
      }
      long at = dataAddress[c];
      switch (kind) {
        case BYTE -> Platform.putByte(null, at + index, row.getByte(o));
        case SHORT -> Platform.putShort(null, at + 2L * index, row.getShort(o));
        case WORD -> Platform.putInt(null, at + 4L * index, floating[c]
            ? Float.floatToRawIntBits(row.getFloat(o)) : row.getInt(o));
        case LONG -> Platform.putLong(null, at + 8L * index, floating[c]
            ? Double.doubleToRawLongBits(row.getDouble(o)) : row.getLong(o));
        case DECIMAL -> {
          long unscaled = row.getDecimal(o, precision[c], scale[c]).toUnscaledLong();
          Platform.putLong(null, at + 16L * index, unscaled);
          Platform.putLong(null, at + 16L * index + 8, unscaled >> 63);
        }
        case STRING -> {
          UTF8String s = row.getUTF8String(o);
          int size = s.numBytes();
          long to = reserveString(c, size);
          Platform.copyMemory(s.getBaseObject(), s.getBaseOffset(), null, to, size);
          dataEnd[c] += size;
          endString(c, index);
        }
        default -> { }
      }
      validity[c * wordsPerColumn + word] |= bit;
    }
  }

  /** Address where {@code size} more bytes of column {@code c}'s string data go; grows the buffer. */
  private long reserveString(int c, int size) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) vectors[c];
    long need = dataEnd[c] + size;
    if (need > v.getDataBuffer().capacity()) {
      v.reallocDataBuffer(Math.max(need, 2 * v.getDataBuffer().capacity()));
      dataAddress[c] = v.getDataBufferAddress();
    }
    return dataAddress[c] + dataEnd[c];
  }

  private void endString(int c, int index) {
    if (dataEnd[c] > Integer.MAX_VALUE) {
      throw new IllegalStateException("string column " + vectors[c].getName()
          + ": more than 2 GiB of data in one batch; lower spark.glutendelta.stats.native.batchRows");
    }
    Platform.putInt(null, offsetAddress[c] + 4L * (index + 1), (int) dataEnd[c]);
  }

  /** Stores the gathered validity and the value counts: the vectors then hold {@code rows} rows. */
  void seal(int rows) {
    long bytes = (rows + 7) >>> 3;
    for (int c = 0; c < vectors.length; c++) {
      FieldVector v = vectors[c];
      long from = Platform.LONG_ARRAY_OFFSET + 8L * c * wordsPerColumn;
      Platform.copyMemory(validity, from, null, v.getValidityBufferAddress(), bytes);
      if (v instanceof BitVector) {
        // null-count-only leaf: the value is never read, give valid rows a defined 'true'
        Platform.copyMemory(validity, from, null, v.getDataBufferAddress(), bytes);
      } else if (v instanceof BaseVariableWidthVector w) {
        w.setLastSet(rows - 1); // offsets are already written: setValueCount must not fill holes
      }
    }
  }

  /** Forgets the rows; the buffers stay for the next batch. */
  void reset(int rows) {
    int used = (rows + 63) >>> 6;
    for (int c = 0; c < vectors.length; c++) {
      Arrays.fill(validity, c * wordsPerColumn, c * wordsPerColumn + used, 0L);
      dataEnd[c] = 0;
    }
  }
}
