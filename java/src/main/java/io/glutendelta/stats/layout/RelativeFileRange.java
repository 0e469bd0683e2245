package io.glutendelta.stats.layout;

import io.glutendelta.stats.tablestats.ColumnStats;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * The lightweight tier's {@code relativeFileRange}: the average per-file span measured on
 * ranks of the pooled, de-duplicated file bounds, divided by the number of rank steps.
 * 0 means every file holds one distinct value, 1 that every file spans the whole range.
 * Undefined (empty) with fewer than two files with both bounds, or fewer than two distinct
 * bounds. Ranks make it independent of the type and of value skew.
 */
public final class RelativeFileRange {
  private RelativeFileRange() {}

  public static OptionalDouble of(ColumnStats c) {
    FileBounds b = FileBounds.of(c);
    return of(b.mins(), b.maxs());
  }

  /** On order-preserving keys of the files' min and max (same index = same file). */
  public static OptionalDouble of(long[] mins, long[] maxs) {
    int n = mins.length;
    if (n < 2) {
      return OptionalDouble.empty();
    }
    long[] pooled = new long[2 * n];
    System.arraycopy(mins, 0, pooled, 0, n);
    System.arraycopy(maxs, 0, pooled, n, n);
    long[] distinct = Ranks.sortedDistinct(pooled);
    int m = distinct.length;
    if (m < 2) {
      return OptionalDouble.empty();
    }
    double spanSum = 0;
    for (int i = 0; i < n; i++) {
      spanSum += Arrays.binarySearch(distinct, maxs[i]) - Arrays.binarySearch(distinct, mins[i]);
    }
    return OptionalDouble.of(spanSum / n / (m - 1));
  }
}
