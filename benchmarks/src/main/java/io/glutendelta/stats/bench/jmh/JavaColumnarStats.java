package io.glutendelta.stats.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The "straightforward Java columnar loop" baseline: per leaf column, nullCount / min / max over
 * Arrow vectors with one loop per type, values read in place (no boxing, no row objects).
 * Decimals compare their 128-bit unscaled values, strings compare bytes unsigned in the data
 * buffer. A null ancestor struct makes the leaf null.
 */
public final class JavaColumnarStats {
  /** Running state of one leaf; min/max kept as long, double, two longs or bytes by type. */
  public static final class Leaf {
    final List<String> path;
    long nulls;
    boolean seen;
    long minL = Long.MAX_VALUE;
    long maxL = Long.MIN_VALUE;
    double minD = Double.POSITIVE_INFINITY;
    double maxD = Double.NEGATIVE_INFINITY;
    long minHi;
    long minLo;
    long maxHi;
    long maxLo;
    byte[] minB;
    byte[] maxB;

    Leaf(List<String> path) {
      this.path = path;
    }

    public long nullCount() {
      return nulls;
    }

    void reset() {
      nulls = 0;
      seen = false;
      minL = Long.MAX_VALUE;
      maxL = Long.MIN_VALUE;
      minD = Double.POSITIVE_INFINITY;
      maxD = Double.NEGATIVE_INFINITY;
      minB = maxB = null;
    }
  }

  private final List<Leaf> leaves = new ArrayList<>();

  /** Leaves in depth-first order of the given root's schema. */
  public List<Leaf> leaves() {
    return leaves;
  }

  public void reset() {
    for (Leaf l : leaves) {
      l.reset();
    }
  }

  public void add(VectorSchemaRoot root) {
    int rows = root.getRowCount();
    int[] idx = {0};
    for (FieldVector v : root.getFieldVectors()) {
      walk(v, new ArrayList<>(), rows, idx, List.of());
    }
  }

  private void walk(FieldVector v, List<String> parentPath, int rows, int[] idx, List<FieldVector> ancestors) {
    List<String> path = new ArrayList<>(parentPath);
    path.add(v.getName());
    if (v instanceof StructVector s) {
      List<FieldVector> anc = new ArrayList<>(ancestors);
      anc.add(s);
      for (FieldVector c : s.getChildrenFromFields()) {
        walk(c, path, rows, idx, anc);
      }
      return;
    }
    if (idx[0] == leaves.size()) {
      leaves.add(new Leaf(path));
    }
    Leaf leaf = leaves.get(idx[0]++);
    FieldVector[] anc = ancestors.toArray(new FieldVector[0]);
    if (v instanceof VarCharVector s) {
      strings(leaf, s, rows, anc);
    } else if (v instanceof DecimalVector d) {
      decimals(leaf, d, rows, anc);
    } else if (v instanceof Float8Vector f) {
      doubles(leaf, f, rows, anc);
    } else if (v instanceof TinyIntVector || v instanceof SmallIntVector || v instanceof IntVector
        || v instanceof BigIntVector || v instanceof DateDayVector || v instanceof TimeStampVector) {
      longs(leaf, (BaseFixedWidthVector) v, rows, anc);
    } else {
      for (int i = 0; i < rows; i++) {
        if (isNull(v, anc, i)) {
          leaf.nulls++;
        }
      }
    }
  }

  private static boolean isNull(FieldVector v, FieldVector[] anc, int i) {
    for (FieldVector a : anc) {
      if (a.isNull(i)) {
        return true;
      }
    }
    return v.isNull(i);
  }

  private static void longs(Leaf l, BaseFixedWidthVector v, int rows, FieldVector[] anc) {
    int width = v.getTypeWidth();
    ArrowBuf data = v.getDataBuffer();
    long min = l.minL;
    long max = l.maxL;
    long nulls = 0;
    for (int i = 0; i < rows; i++) {
      if (isNull(v, anc, i)) {
        nulls++;
        continue;
      }
      long x = switch (width) {
        case 1 -> data.getByte(i);
        case 2 -> data.getShort(2L * i);
        case 4 -> data.getInt(4L * i);
        default -> data.getLong(8L * i);
      };
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    l.seen |= nulls < rows;
    l.minL = min;
    l.maxL = max;
    l.nulls += nulls;
  }

  private static void doubles(Leaf l, Float8Vector v, int rows, FieldVector[] anc) {
    ArrowBuf data = v.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      if (isNull(v, anc, i)) {
        l.nulls++;
        continue;
      }
      double x = data.getDouble(8L * i);
      l.seen = true;
      if (Double.isNaN(x)) { // Spark order: NaN above everything, +Inf included
        l.maxD = x;
        continue;
      }
      if (!Double.isNaN(l.maxD) && x > l.maxD) {
        l.maxD = x;
      }
      if (x < l.minD) {
        l.minD = x;
      }
    }
  }

  private static void decimals(Leaf l, DecimalVector v, int rows, FieldVector[] anc) {
    ArrowBuf data = v.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      if (isNull(v, anc, i)) {
        l.nulls++;
        continue;
      }
      long lo = data.getLong(16L * i);
      long hi = data.getLong(16L * i + 8);
      if (!l.seen || cmp128(hi, lo, l.minHi, l.minLo) < 0) {
        l.minHi = hi;
        l.minLo = lo;
      }
      if (!l.seen || cmp128(hi, lo, l.maxHi, l.maxLo) > 0) {
        l.maxHi = hi;
        l.maxLo = lo;
      }
      l.seen = true;
    }
  }

  private static int cmp128(long hiA, long loA, long hiB, long loB) {
    int c = Long.compare(hiA, hiB);
    return c != 0 ? c : Long.compareUnsigned(loA, loB);
  }

  private static void strings(Leaf l, VarCharVector v, int rows, FieldVector[] anc) {
    ArrowBuf offsets = v.getOffsetBuffer();
    ArrowBuf data = v.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      if (isNull(v, anc, i)) {
        l.nulls++;
        continue;
      }
      int start = offsets.getInt(4L * i);
      int end = offsets.getInt(4L * i + 4);
      if (l.minB == null || cmpBytes(data, start, end, l.minB) < 0) {
        l.minB = copy(data, start, end);
      }
      if (l.maxB == null || cmpBytes(data, start, end, l.maxB) > 0) {
        l.maxB = copy(data, start, end);
      }
      l.seen = true;
    }
  }

  private static int cmpBytes(ArrowBuf data, int start, int end, byte[] other) {
    int n = Math.min(end - start, other.length);
    for (int k = 0; k < n; k++) {
      int c = Integer.compare(data.getByte(start + k) & 0xff, other[k] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(end - start, other.length);
  }

  private static byte[] copy(ArrowBuf data, int start, int end) {
    byte[] b = new byte[end - start];
    data.getBytes(start, b);
    return b;
  }
}
