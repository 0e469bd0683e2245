package io.glutendelta.stats.engine;

import io.glutendelta.stats.jni.NativeStatsException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * What the engine computed for one finished file (numRecords, per leaf the null count and the
 * untruncated min/max), decoded lazily from the bytes {@code finishFile} returned (layout
 * in {@link io.glutendelta.stats.jni.NativeEngine}). The only work at construction is one pass that
 * records where each leaf's entry starts; accessors read the wrapped array without boxing.
 *
 * <p>Raw accessors by leaf kind:
 * <ul>
 *   <li>{@link #minLong}/{@link #maxLong}: INT8..INT64, DATE32 (days), TIMESTAMP*_MICROS (micros);
 *   <li>{@link #minDouble}/{@link #maxDouble}: FLOAT32 (widened exactly) and FLOAT64;
 *   <li>{@link #minUnscaled}/{@link #maxUnscaled} (BigInteger) and {@link #minUnscaledLong}/
 *       {@link #maxUnscaledLong} when {@link #minUnscaledFitsLong}: DECIMAL128;
 *   <li>{@link #minUtf8}/{@link #maxUtf8} (a copy) or the zero-copy {@link #bytes()} +
 *       {@link #minUtf8Offset}/{@link #minUtf8Length}: STRING (untruncated).
 * </ul>
 * {@link #min}/{@link #max} box the value as Spark's internal row would hold it, except decimals
 * (BigDecimal with the column's scale) and strings (String): Byte/Short/Integer/Long for integers,
 * Integer days for dates, Long micros for timestamps, Float/Double for floating point; null when the
 * leaf has no min/max.
 */
public final class FileAggregates {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle DOUBLE_LE =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

  private final long fileId;
  private final byte[] bytes;
  private final List<LeafColumn> leaves;
  private final long numRecords;
  /** Per leaf: [2i] = offset of its entry (nullCount), [2i+1] = offset of max or -1 without min/max. */
  private final int[] offsets;

  FileAggregates(long fileId, byte[] bytes, List<LeafColumn> leaves) {
    this.fileId = fileId;
    this.bytes = bytes;
    this.leaves = leaves;
    if (bytes == null || bytes.length < 12) {
      throw malformed("result shorter than its 12-byte header");
    }
    this.numRecords = (long) LONG_LE.get(bytes, 0);
    int numLeaves = (int) INT_LE.get(bytes, 8);
    if (numLeaves != leaves.size()) {
      throw malformed("result has " + numLeaves + " leaves, the task's schema has " + leaves.size());
    }
    this.offsets = new int[2 * numLeaves];
    int pos = 12;
    for (int i = 0; i < numLeaves; i++) {
      offsets[2 * i] = pos;
      need(pos, 9, i);
      boolean has = bytes[pos + 8] != 0;
      pos += 9;
      if (!has) {
        offsets[2 * i + 1] = -1;
        continue;
      }
      LeafColumn leaf = leaves.get(i);
      if (!leaf.collectsMinMax()) {
        throw malformed("leaf " + leaf.name() + " (" + leaf.kind() + ") has min/max but its kind collects none");
      }
      pos = skipValue(pos, i, leaf.kind().encoding()); // min
      offsets[2 * i + 1] = pos;
      pos = skipValue(pos, i, leaf.kind().encoding()); // max
    }
    if (pos != bytes.length) {
      throw malformed((bytes.length - pos) + " trailing bytes after the last leaf");
    }
  }

  public long fileId() {
    return fileId;
  }

  public long numRecords() {
    return numRecords;
  }

  public int leafCount() {
    return leaves.size();
  }

  public LeafColumn leaf(int i) {
    return leaves.get(i);
  }

  /** Rows where the leaf is null or lies under a null struct. */
  public long nullCount(int i) {
    return (long) LONG_LE.get(bytes, offsets[2 * i]);
  }

  /** Whether min/max exist: the kind collects them and a non-null value was seen. */
  public boolean hasMinMax(int i) {
    return offsets[2 * i + 1] >= 0;
  }

  public long minLong(int i) {
    return (long) LONG_LE.get(bytes, valueOffset(i, LeafKind.Encoding.INT64, false));
  }

  public long maxLong(int i) {
    return (long) LONG_LE.get(bytes, valueOffset(i, LeafKind.Encoding.INT64, true));
  }

  public double minDouble(int i) {
    return (double) DOUBLE_LE.get(bytes, valueOffset(i, LeafKind.Encoding.FLOAT64, false));
  }

  public double maxDouble(int i) {
    return (double) DOUBLE_LE.get(bytes, valueOffset(i, LeafKind.Encoding.FLOAT64, true));
  }

  public boolean minUnscaledFitsLong(int i) {
    return fitsLong(valueOffset(i, LeafKind.Encoding.DECIMAL128, false));
  }

  public boolean maxUnscaledFitsLong(int i) {
    return fitsLong(valueOffset(i, LeafKind.Encoding.DECIMAL128, true));
  }

  /** The decimal min's unscaled value; {@link ArithmeticException} unless it fits a long. */
  public long minUnscaledLong(int i) {
    return unscaledLong(valueOffset(i, LeafKind.Encoding.DECIMAL128, false), i);
  }

  public long maxUnscaledLong(int i) {
    return unscaledLong(valueOffset(i, LeafKind.Encoding.DECIMAL128, true), i);
  }

  public BigInteger minUnscaled(int i) {
    return unscaled(valueOffset(i, LeafKind.Encoding.DECIMAL128, false));
  }

  public BigInteger maxUnscaled(int i) {
    return unscaled(valueOffset(i, LeafKind.Encoding.DECIMAL128, true));
  }

  /** A copy of the min string's UTF-8 bytes. */
  public byte[] minUtf8(int i) {
    int at = valueOffset(i, LeafKind.Encoding.UTF8, false);
    return Arrays.copyOfRange(bytes, at + 4, at + 4 + (int) INT_LE.get(bytes, at));
  }

  public byte[] maxUtf8(int i) {
    int at = valueOffset(i, LeafKind.Encoding.UTF8, true);
    return Arrays.copyOfRange(bytes, at + 4, at + 4 + (int) INT_LE.get(bytes, at));
  }

  /** Where the min string's bytes start in {@link #bytes()} (zero-copy access). */
  public int minUtf8Offset(int i) {
    return valueOffset(i, LeafKind.Encoding.UTF8, false) + 4;
  }

  public int minUtf8Length(int i) {
    return (int) INT_LE.get(bytes, valueOffset(i, LeafKind.Encoding.UTF8, false));
  }

  public int maxUtf8Offset(int i) {
    return valueOffset(i, LeafKind.Encoding.UTF8, true) + 4;
  }

  public int maxUtf8Length(int i) {
    return (int) INT_LE.get(bytes, valueOffset(i, LeafKind.Encoding.UTF8, true));
  }

  /** The wrapped result bytes (not copied; do not modify). */
  public byte[] bytes() {
    return bytes;
  }

  /** The boxed min (see the class comment for the Java types), or null without min/max. */
  public Object min(int i) {
    return boxed(i, false);
  }

  public Object max(int i) {
    return boxed(i, true);
  }

  private Object boxed(int i, boolean max) {
    if (!hasMinMax(i)) {
      return null;
    }
    return leaves.get(i).kind().box(this, i, max);
  }

  private int valueOffset(int i, LeafKind.Encoding expected, boolean max) {
    LeafColumn leaf = leaves.get(i);
    if (leaf.kind().encoding() != expected) {
      throw new IllegalStateException("column " + leaf.name() + " is " + leaf.kind()
          + ": its min/max are not encoded as " + expected);
    }
    int maxAt = offsets[2 * i + 1];
    if (maxAt < 0) {
      throw new IllegalStateException("column " + leaf.name() + " has no min/max in file " + fileId
          + " (check hasMinMax first)");
    }
    return max ? maxAt : offsets[2 * i] + 9;
  }

  private boolean fitsLong(int at) {
    long low = (long) LONG_LE.get(bytes, at);
    long high = (long) LONG_LE.get(bytes, at + 8);
    return high == (low >> 63);
  }

  private long unscaledLong(int at, int i) {
    if (!fitsLong(at)) {
      throw new ArithmeticException("column " + leaves.get(i).name() + ": unscaled decimal does not fit a long");
    }
    return (long) LONG_LE.get(bytes, at);
  }

  private BigInteger unscaled(int at) {
    byte[] bigEndian = new byte[16];
    for (int k = 0; k < 16; k++) {
      bigEndian[k] = bytes[at + 15 - k];
    }
    return new BigInteger(bigEndian);
  }

  private int skipValue(int pos, int leaf, LeafKind.Encoding encoding) {
    switch (encoding) {
      case INT64:
      case FLOAT64:
        need(pos, 8, leaf);
        return pos + 8;
      case DECIMAL128:
        need(pos, 16, leaf);
        return pos + 16;
      case UTF8: {
        need(pos, 4, leaf);
        int length = (int) INT_LE.get(bytes, pos);
        if (length < 0) {
          throw malformed("negative string length for leaf " + leaves.get(leaf).name());
        }
        need(pos + 4, length, leaf);
        return pos + 4 + length;
      }
      default:
        throw malformed("leaf " + leaves.get(leaf).name() + " has no min/max encoding");
    }
  }

  private void need(int pos, int length, int leaf) {
    if (pos + (long) length > bytes.length) {
      throw malformed("truncated entry of leaf " + leaves.get(leaf).name());
    }
  }

  private NativeStatsException malformed(String reason) {
    return new NativeStatsException("malformed finishFile result for file " + fileId + ": " + reason);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("FileAggregates{file=").append(fileId).append(", numRecords=").append(numRecords);
    for (int i = 0; i < leaves.size(); i++) {
      sb.append(", ").append(leaves.get(i).name()).append(": nulls=").append(nullCount(i));
      if (hasMinMax(i)) {
        sb.append(" min=").append(min(i)).append(" max=").append(max(i));
      }
    }
    return sb.append('}').toString();
  }
}
