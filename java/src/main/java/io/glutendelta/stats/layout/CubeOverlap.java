package io.glutendelta.stats.layout;

import io.glutendelta.stats.tablestats.ColumnStats;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * How much two groups of files (ZCubes) overlap on the clustering columns: the product over
 * the columns of the Jaccard index of their value intervals,
 * {@code |A ∩ B| / |A ∪ B|}, where a group's interval on a column runs from the smallest file
 * min to the largest file max. 1 means the two groups span the same box, 0 that they are
 * disjoint on some column. Two groups that are the same single point on a column count 1 on
 * it; a group without bounds on a column counts 0 (nothing is known to overlap).
 *
 * <p>Intervals are measured on values, not ranks (numbers as themselves, dates and timestamps
 * as days and microseconds, strings by their first seven bytes as a base-256 fraction), so the
 * overlap of two groups does not depend on the other files of the table: merging two groups
 * gives the union box, and re-measuring after a rewrite gives the same numbers. That is what
 * lets re-clustering converge.
 */
public final class CubeOverlap {
  private CubeOverlap() {}

  /** A group's bounding box: per clustering column {lo, hi}, or null without bounds. */
  public record Box(double[][] bounds) {
    public static Box of(List<ColumnStats> columns, List<Integer> files) {
      double[][] b = new double[columns.size()][];
      for (int c = 0; c < columns.size(); c++) {
        ColumnStats col = columns.get(c);
        for (int f : files) {
          if (!col.hasMin(f) || !col.hasMax(f)) {
            continue;
          }
          double lo = position(col, col.minKey(f));
          double hi = position(col, col.maxKey(f));
          if (b[c] == null) {
            b[c] = new double[] {lo, hi};
          } else {
            b[c][0] = Math.min(b[c][0], lo);
            b[c][1] = Math.max(b[c][1], hi);
          }
        }
      }
      return new Box(b);
    }

    public Box union(Box o) {
      double[][] b = new double[bounds.length][];
      for (int c = 0; c < bounds.length; c++) {
        if (bounds[c] == null || o.bounds[c] == null) {
          b[c] = bounds[c] != null ? bounds[c].clone()
              : o.bounds[c] != null ? o.bounds[c].clone() : null;
        } else {
          b[c] = new double[] {Math.min(bounds[c][0], o.bounds[c][0]),
              Math.max(bounds[c][1], o.bounds[c][1])};
        }
      }
      return new Box(b);
    }
  }

  /** The overlap of two boxes, in [0, 1]. */
  public static double of(Box a, Box b) {
    double product = 1;
    for (int c = 0; c < a.bounds().length; c++) {
      product *= jaccard(a.bounds()[c], b.bounds()[c]);
    }
    return product;
  }

  static double jaccard(double[] a, double[] b) {
    if (a == null || b == null) {
      return 0;
    }
    double inter = Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
    if (inter < 0) {
      return 0;
    }
    double union = Math.max(a[1], b[1]) - Math.min(a[0], b[0]);
    return union == 0 ? 1 : inter / union;
  }

  /** A value's position on a line whose order is the column's order. */
  static double position(ColumnStats c, long key) {
    double p = switch (c.kind()) {
      case INTEGRAL, DATE, TIMESTAMP, TIMESTAMP_NTZ -> key;
      case FLOATING -> (Double) c.valueOfKey(key);
      case DICTIONARY -> c.valueOfKey(key) instanceof String s ? stringPosition(s)
          : ((BigDecimal) c.valueOfKey(key)).doubleValue();
    };
    // NaN sorts greatest in Spark; keep every position finite so spans stay finite.
    return Double.isNaN(p) ? LIMIT : Math.max(-LIMIT, Math.min(LIMIT, p));
  }

  private static final double LIMIT = 1e300;

  /** The first seven UTF-8 bytes as a fraction in [0, 1): order-preserving, exact in a double. */
  static double stringPosition(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    long v = 0;
    for (int i = 0; i < 7; i++) {
      v = (v << 8) | (i < bytes.length ? bytes[i] & 0xff : 0);
    }
    return v / 72057594037927936.0; // 2^56
  }
}
