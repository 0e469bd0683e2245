package io.glutendelta.stats.batching;

import java.util.Arrays;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The top-level leaves of a batch whose Arrow layout is a plain copy of what an UnsafeRow holds
 * in its 8-byte slot (integers, floats, date, timestamps, decimals up to precision 18, strings,
 * and null-count-only leaves).
 *
 * <p>Rows are not scattered into the column buffers one value at a time. Each row's null words
 * and fixed slots are copied, in one piece, into a small staging block of {@value #BLOCK} rows;
 * when the block is full it is transposed column by column: one tight loop per column, reading
 * a strided slot and writing contiguous Arrow values, the validity word built in a register.
 * The block (a few KiB) stays in L1 while it is transposed, and each column buffer is written in
 * runs of {@value #BLOCK} values instead of 23 interleaved streams per row. String bytes live in
 * the row's variable region, which the writer reuses for the next row, so they are copied at
 * append time. Rows that are not UnsafeRows are staged through the typed getters in the same
 * layout, so both kinds of rows may share a batch.
 *
 * <p>The buffers are sized for the batch capacity once; the caller never appends past it. Only
 * string data grows (and keeps its size for later batches).
 */
final class FlatColumns {
  /** Rows per staging block: one validity word per column. */
  static final int BLOCK = 64;
  /**
   * Ordinals of one null word with a null in the block from which one bit-matrix transpose is
   * cheaper than gathering each of their bits on its own (a transpose costs about as much as
   * gathering two or three).
   */
  static final int TRANSPOSE_MIN_ORDINALS = 3;
  /** Staged rows of at most this many longs are copied slot by slot, wider ones in one copy. */
  static final int SLOT_LOOP_MAX_STRIDE = 8;
  /** UnsafeRow strings of at most this many bytes are copied word by word, longer ones in one copy. */
  static final int STRING_WORD_COPY_MAX = 64;

  // Physical kinds: how a slot becomes Arrow values (SparkLeafType says which type has which).
  static final int NOT_FLAT = -1;  // copied by a FieldWriter instead
  static final int BYTE = 0;
  static final int SHORT = 1;
  static final int WORD = 2;      // int, date, float (raw bits)
  static final int LONG = 3;      // long, timestamps, double (raw bits)
  static final int DECIMAL = 4;   // unscaled long → sign-extended decimal128
  static final int STRING = 5;
  static final int VALIDITY = 6;  // only the null count is needed
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
  /** Capacity of each string column's data buffer (read per string, so kept here). */
  private final long[] dataCapacity;
  /** Validity bits of column c at [c * wordsPerColumn, (c + 1) * wordsPerColumn). */
  private final long[] validity;
  private final int maxOrdinal;
  /** Staged row: {@code nullWords} null words (ordinals 0..maxOrdinal), then slots 0..maxOrdinal. */
  private final int nullWords;
  private final int stride;
  private final boolean hasStrings;
  /** {@value #BLOCK} staged rows, {@code stride} longs each. */
  private final long[] staging;
  /** Per ordinal (0..64 * nullWords): its null bits in the block being transposed. */
  private final long[] blockNulls;
  /** Per null word: the distinct ordinals of these columns whose null bit is in it, and their bits. */
  private final int[][] wordOrdinals;
  private final long[] wordMask;
  private final long[] nullScratch = new long[BLOCK];

  /** Whether a top-level field of a batch is one of these columns. */
  static boolean handles(InputField f) {
    return !f.isStruct() && f.leafType().flatKind() != NOT_FLAT;
  }

  /**
   * @param fields the columns, {@link #handles} is true for all
   * @param vectors allocated vectors, at least {@code capacity} values each
   */
  FlatColumns(InputField[] fields, FieldVector[] vectors, int capacity) {
    int n = fields.length;
    this.wordsPerColumn = (capacity + 63) >>> 6;
    int[] ordinals = new int[n];
    for (int c = 0; c < n; c++) {
      ordinals[c] = fields[c].sourceOrdinal();
    }
    this.ordinal = ordinals;
    this.vectors = vectors.clone();
    this.precision = new int[n];
    this.scale = new int[n];
    this.dataAddress = new long[n];
    this.offsetAddress = new long[n];
    this.dataEnd = new long[n];
    this.dataCapacity = new long[n];
    this.validity = new long[n * wordsPerColumn];
    int[] counts = new int[KINDS];
    int[] kinds = new int[n];
    this.kind = kinds;
    this.floating = new boolean[n];
    int max = -1;
    for (int c = 0; c < n; c++) {
      kinds[c] = fields[c].leafType().flatKind();
      counts[kinds[c]]++;
      max = Math.max(max, ordinals[c]);
      floating[c] = fields[c].leafType().floating();
      if (fields[c].type() instanceof DecimalType d) {
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
        dataCapacity[c] = w.getDataBuffer().capacity();
      }
      dataAddress[c] = v.getDataBufferAddress();
    }
    this.maxOrdinal = max;
    this.nullWords = (max + 64) >>> 6;
    this.stride = nullWords + max + 1;
    this.staging = new long[BLOCK * stride];
    this.blockNulls = new long[nullWords << 6];
    this.wordOrdinals = new int[nullWords][];
    this.wordMask = new long[nullWords];
    for (int w = 0; w < nullWords; w++) {
      int word = w;
      wordOrdinals[w] = Arrays.stream(ordinals).filter(o -> o >>> 6 == word).distinct().sorted().toArray();
      for (int o : wordOrdinals[w]) {
        wordMask[w] |= 1L << o; // '<< o' and '>>> o' shift by o mod 64: o's bit in word w
      }
    }
    for (int k = 0; k < KINDS; k++) {
      byKind[k] = new int[counts[k]];
    }
    this.hasStrings = counts[STRING] > 0;
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

  /**
   * Stages row {@code index} of the batch from an UnsafeRow's memory. This runs inside Spark's
   * per-row loop, so it stays small (see NativeTaskStatsTracker#newRow): C2 inlines a hot method
   * only under 325 bytes of bytecode, so wide rows, strings, the block transpose and the error
   * are out of line. Narrow rows are copied slot by slot: {@code Platform.copyMemory} is a call
   * there whenever C2 has compiled it on its own first, which costs narrow rows more than the
   * copy; wide rows copy faster through it than slot by slot.
   */
  void append(UnsafeRow row, int index) {
    int numFields = row.numFields();
    if (numFields <= maxOrdinal) {
      throw tooFewFields(numFields);
    }
    Object base = row.getBaseObject();
    long from = row.getBaseOffset();
    int at = (index & (BLOCK - 1)) * stride;
    int words = nullWords;
    // The row may have more null words than the ordinals read need: its slots follow all of them.
    long slots = from + 8L * ((numFields + 63) >>> 6);
    if (stride <= SLOT_LOOP_MAX_STRIDE) {
      long[] to = staging;
      for (int i = 0; i < words; i++) {
        to[at + i] = Platform.getLong(base, from + 8L * i);
      }
      for (int i = words; i < stride; i++) {
        to[at + i] = Platform.getLong(base, slots + 8L * (i - words));
      }
    } else {
      stageWide(base, from, slots, at);
    }
    if (hasStrings) {
      stageStrings(base, from, from + row.getSizeInBytes(), at, index);
    }
    if ((index & (BLOCK - 1)) == BLOCK - 1) {
      transpose(index - (BLOCK - 1), BLOCK);
    }
  }

  private IllegalStateException tooFewFields(int numFields) {
    return new IllegalStateException("row has " + numFields + " fields, the stats input reads field " + maxOrdinal);
  }

  /** Copies a wide row's null words and slots to staging position {@code at} (one or two copies). */
  private void stageWide(Object base, long from, long slots, int at) {
    long to = Platform.LONG_ARRAY_OFFSET + 8L * at;
    if (slots == from + 8L * nullWords) {
      Platform.copyMemory(base, from, staging, to, 8L * stride);
    } else {
      Platform.copyMemory(base, from, staging, to, 8L * nullWords);
      Platform.copyMemory(base, slots, staging, to + 8L * nullWords, 8L * (stride - nullWords));
    }
  }

  /**
   * Copies the string bytes of the row staged at {@code at} (they live in the row's variable
   * region, which ends at {@code rowEnd}). UnsafeRow pads each string to a multiple of 8 bytes, so
   * a short one is copied in whole words, inline: a copyMemory call per string costs more than
   * the copy. The words may write up to 7 bytes past the string; the next string overwrites them.
   */
  private void stageStrings(Object base, long rowStart, long rowEnd, int at, int index) {
    for (int c : byKind[STRING]) {
      int o = ordinal[c];
      if ((staging[at + (o >>> 6)] >>> o & 1L) == 0) {
        long slot = staging[at + nullWords + o]; // offset from the row start << 32 | size
        long from = rowStart + (slot >>> 32);
        int size = (int) slot;
        long words = (size + 7L) & ~7L;
        if (size <= STRING_WORD_COPY_MAX && from + words <= rowEnd) {
          long to = reserveString(c, words);
          for (long i = 0; i < words; i += 8) {
            Platform.putLong(null, to + i, Platform.getLong(base, from + i));
          }
          dataEnd[c] += size;
        } else {
          appendString(c, base, from, size);
        }
      }
      endString(c, index);
    }
  }

  /** Stages row {@code index} through the typed getters (rows that are not UnsafeRows). */
  void append(SpecializedGetters row, int index) {
    int at = (index & (BLOCK - 1)) * stride;
    Arrays.fill(staging, at, at + nullWords, 0L);
    for (int c = 0; c < vectors.length; c++) {
      int o = ordinal[c];
      int slot = at + nullWords + o;
      int kind = this.kind[c];
      if (row.isNullAt(o)) {
        staging[at + (o >>> 6)] |= 1L << o;
        staging[slot] = 0;
        if (kind == STRING) {
          endString(c, index);
        }
        continue;
      }
      switch (kind) {
        case BYTE -> staging[slot] = row.getByte(o);
        case SHORT -> staging[slot] = row.getShort(o);
        case WORD -> staging[slot] = floating[c] ? Float.floatToRawIntBits(row.getFloat(o)) : row.getInt(o);
        case LONG -> staging[slot] = floating[c] ? Double.doubleToRawLongBits(row.getDouble(o)) : row.getLong(o);
        case DECIMAL -> staging[slot] = row.getDecimal(o, precision[c], scale[c]).toUnscaledLong();
        case STRING -> {
          UTF8String s = row.getUTF8String(o);
          appendString(c, s.getBaseObject(), s.getBaseOffset(), s.numBytes());
          endString(c, index);
        }
        default -> { }
      }
    }
    if ((index & (BLOCK - 1)) == BLOCK - 1) {
      transpose(index - (BLOCK - 1), BLOCK);
    }
  }

  /**
   * Writes the {@code rows} staged rows as batch rows {@code first ..}: values of every fixed
   * width column and the validity word of every column ({@code first} is a multiple of 64).
   */
  private void transpose(int first, int rows) {
    int word = first >>> 6;
    transposeNulls(rows);
    int[] ords = kindOrdinal[WORD];
    long[] addrs = kindAddress[WORD];
    int[] vbase = kindValidity[WORD];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long to = addrs[k] + 4L * first;
      for (int r = 0, s = nullWords + o; r < rows; r++, s += stride) {
        Platform.putInt(null, to + 4L * r, (int) staging[s]);
      }
      validity[vbase[k] + word] = validWord(o, rows);
    }
    ords = kindOrdinal[LONG];
    addrs = kindAddress[LONG];
    vbase = kindValidity[LONG];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long to = addrs[k] + 8L * first;
      for (int r = 0, s = nullWords + o; r < rows; r++, s += stride) {
        Platform.putLong(null, to + 8L * r, staging[s]);
      }
      validity[vbase[k] + word] = validWord(o, rows);
    }
    ords = kindOrdinal[DECIMAL];
    addrs = kindAddress[DECIMAL];
    vbase = kindValidity[DECIMAL];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long to = addrs[k] + 16L * first;
      for (int r = 0, s = nullWords + o; r < rows; r++, s += stride) {
        long unscaled = staging[s];
        Platform.putLong(null, to + 16L * r, unscaled);
        Platform.putLong(null, to + 16L * r + 8, unscaled >> 63);
      }
      validity[vbase[k] + word] = validWord(o, rows);
    }
    ords = kindOrdinal[BYTE];
    addrs = kindAddress[BYTE];
    vbase = kindValidity[BYTE];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long to = addrs[k] + first;
      for (int r = 0, s = nullWords + o; r < rows; r++, s += stride) {
        Platform.putByte(null, to + r, (byte) staging[s]);
      }
      validity[vbase[k] + word] = validWord(o, rows);
    }
    ords = kindOrdinal[SHORT];
    addrs = kindAddress[SHORT];
    vbase = kindValidity[SHORT];
    for (int k = 0; k < ords.length; k++) {
      int o = ords[k];
      long to = addrs[k] + 2L * first;
      for (int r = 0, s = nullWords + o; r < rows; r++, s += stride) {
        Platform.putShort(null, to + 2L * r, (short) staging[s]);
      }
      validity[vbase[k] + word] = validWord(o, rows);
    }
    validityOnly(STRING, word, rows);
    validityOnly(VALIDITY, word, rows);
  }

  /** Columns whose values are not transposed (strings: copied at append; null-count-only leaves). */
  private void validityOnly(int kind, int word, int rows) {
    int[] ords = kindOrdinal[kind];
    int[] vbase = kindValidity[kind];
    for (int k = 0; k < ords.length; k++) {
      validity[vbase[k] + word] = validWord(ords[k], rows);
    }
  }

  /** Validity of ordinal {@code o} for the block just transposed (rows past its end are 0). */
  private long validWord(int o, int rows) {
    return ~blockNulls[o] & (rows == BLOCK ? -1L : (1L << rows) - 1);
  }

  /**
   * Turns the staged rows' null words into one word per ordinal ({@link #blockNulls}: bit r set
   * when row r is null there). Most blocks have nulls in few of the columns (key columns have
   * none), so the words are OR-ed first: an ordinal that is null in no row of the block gets 0,
   * the few that are have their bits gathered one ordinal at a time, and when many are, one
   * 64 × 64 bit-matrix transpose serves them all (its cost does not depend on how many).
   */
  private void transposeNulls(int rows) {
    for (int w = 0; w < nullWords; w++) {
      long any = 0;
      for (int r = 0; r < rows; r++) {
        any |= staging[r * stride + w];
      }
      if (Long.bitCount(any & wordMask[w]) < TRANSPOSE_MIN_ORDINALS) {
        for (int o : wordOrdinals[w]) {
          long bits = 0;
          if ((any >>> o & 1L) != 0) {
            for (int r = rows - 1; r >= 0; r--) {
              bits = bits << 1 | (staging[r * stride + w] >>> o & 1L);
            }
          }
          blockNulls[o] = bits;
        }
        continue;
      }
      for (int r = 0; r < rows; r++) {
        nullScratch[r] = staging[r * stride + w];
      }
      BitMatrix.transpose64(nullScratch); // rows past 'rows' are stale: masked in validWord
      System.arraycopy(nullScratch, 0, blockNulls, w << 6, 64);
    }
  }

  /** Appends {@code size} bytes at {@code base + offset} to column {@code c}'s string data. */
  private void appendString(int c, Object base, long offset, int size) {
    Platform.copyMemory(base, offset, null, reserveString(c, size), size);
    dataEnd[c] += size;
  }

  /** Address where {@code size} more bytes of column {@code c}'s string data go; grows the buffer. */
  private long reserveString(int c, long size) {
    long need = dataEnd[c] + size;
    if (need > dataCapacity[c]) {
      growStrings(c, need);
    }
    return dataAddress[c] + dataEnd[c];
  }

  private void growStrings(int c, long need) {
    BaseVariableWidthVector v = (BaseVariableWidthVector) vectors[c];
    v.reallocDataBuffer(Math.max(need, 2 * v.getDataBuffer().capacity()));
    dataAddress[c] = v.getDataBufferAddress();
    dataCapacity[c] = v.getDataBuffer().capacity();
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
    int staged = rows & (BLOCK - 1);
    if (staged != 0) {
      transpose(rows - staged, staged);
    }
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

  /** Forgets the rows; the buffers stay for the next batch (validity words are overwritten whole). */
  void reset() {
    Arrays.fill(dataEnd, 0L);
  }
}
