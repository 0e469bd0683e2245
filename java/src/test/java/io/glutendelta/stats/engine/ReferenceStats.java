package io.glutendelta.stats.engine;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The test oracle: per-file numRecords / nullCount / min / max computed row by row in plain Java
 * with Spark's semantics (NaN above everything, -0.0 equal to 0.0 with the first value kept,
 * strings by unsigned UTF-8 bytes, decimals by value, a null ancestor struct makes its leaves
 * null). Min/max are held as Long (integers, dates, timestamps), Double (floats widened),
 * BigInteger (unscaled decimals) or byte[] (UTF-8).
 */
final class ReferenceStats {
  final List<LeafColumn> leaves;
  long numRecords;
  final long[] nullCount;
  final Object[] min;
  final Object[] max;

  ReferenceStats(List<LeafColumn> leaves) {
    this.leaves = leaves;
    this.nullCount = new long[leaves.size()];
    this.min = new Object[leaves.size()];
    this.max = new Object[leaves.size()];
  }

  /** Adds rows {@code [from, from + length)} of {@code root}. */
  void add(VectorSchemaRoot root, int from, int length) {
    numRecords += length;
    int[] leaf = {0};
    for (FieldVector vector : root.getFieldVectors()) {
      walk(vector, from, length, null, leaf);
    }
    if (leaf[0] != leaves.size()) {
      throw new AssertionError("reference walked " + leaf[0] + " leaves, task has " + leaves.size());
    }
  }

  void add(VectorSchemaRoot root) {
    add(root, 0, root.getRowCount());
  }

  /** {@code nullAncestor[r - from]} is true when some enclosing struct is null at row r. */
  private void walk(FieldVector vector, int from, int length, boolean[] nullAncestor, int[] leaf) {
    if (vector instanceof StructVector) { // map entries are not walked: MapVector is a list
      StructVector struct = (StructVector) vector;
      boolean[] nulls = new boolean[length];
      for (int r = 0; r < length; r++) {
        nulls[r] = (nullAncestor != null && nullAncestor[r]) || struct.isNull(from + r);
      }
      for (FieldVector child : struct.getChildrenFromFields()) {
        walk(child, from, length, nulls, leaf);
      }
      return;
    }
    int i = leaf[0]++;
    LeafColumn column = leaves.get(i);
    for (int r = 0; r < length; r++) {
      int row = from + r;
      if ((nullAncestor != null && nullAncestor[r]) || vector.isNull(row)) {
        nullCount[i]++;
        continue;
      }
      if (!column.collectsMinMax()) {
        continue;
      }
      Object value = value(vector, column.kind(), row);
      if (min[i] == null || compare(column.kind(), value, min[i]) < 0) {
        min[i] = value;
      }
      if (max[i] == null || compare(column.kind(), value, max[i]) > 0) {
        max[i] = value;
      }
    }
  }

  private static Object value(FieldVector vector, LeafKind kind, int row) {
    switch (kind) {
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return ((BaseIntVector) vector).getValueAsLong(row);
      case DATE32:
        return (long) ((DateDayVector) vector).get(row);
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
        return ((TimeStampVector) vector).get(row);
      case FLOAT32:
        return (double) ((Float4Vector) vector).get(row);
      case FLOAT64:
        return ((Float8Vector) vector).get(row);
      case DECIMAL128:
        return ((DecimalVector) vector).getObject(row).unscaledValue();
      case STRING:
        return vector instanceof VarCharVector
            ? ((VarCharVector) vector).get(row)
            : ((LargeVarCharVector) vector).get(row);
      default:
        throw new AssertionError("no min/max for " + kind);
    }
  }

  static int compare(LeafKind kind, Object a, Object b) {
    switch (kind.encoding()) {
      case INT64:
        return Long.compare((Long) a, (Long) b);
      case FLOAT64:
        return compareSpark((Double) a, (Double) b);
      case DECIMAL128:
        return ((BigInteger) a).compareTo((BigInteger) b);
      case UTF8:
        return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      default:
        throw new AssertionError(kind);
    }
  }

  /** Spark's double ordering: NaN equals NaN and is above +Infinity; -0.0 equals 0.0. */
  static int compareSpark(double a, double b) {
    boolean aNaN = Double.isNaN(a);
    boolean bNaN = Double.isNaN(b);
    if (aNaN || bNaN) {
      return aNaN == bNaN ? 0 : (aNaN ? 1 : -1);
    }
    return a == b ? 0 : (a < b ? -1 : 1);
  }
}
