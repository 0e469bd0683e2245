package io.glutendelta.stats.layout;

import io.glutendelta.stats.tablestats.ColumnStats;
import java.util.Arrays;

/**
 * How many files cover a value of a column, from the files' [min, max] ranges. Measured at
 * every distinct file bound (the points where the depth can change): the average over those
 * points and the maximum. A perfectly clustered column has depth 1 (or 2 where neighbours
 * share a boundary value); a random layout approaches the file count.
 */
public record OverlapDepth(double average, int max, int points) {

  public static OverlapDepth of(ColumnStats c) {
    FileBounds b = FileBounds.of(c);
    return of(b.mins(), b.maxs());
  }

  public static OverlapDepth of(long[] mins, long[] maxs) {
    int n = mins.length;
    if (n == 0) {
      return new OverlapDepth(0, 0, 0);
    }
    long[] pooled = new long[2 * n];
    System.arraycopy(mins, 0, pooled, 0, n);
    System.arraycopy(maxs, 0, pooled, n, n);
    long[] points = Ranks.sortedDistinct(pooled);
    // depth(p) = #files with min <= p minus #files with max < p; sweep both sorted arrays
    long[] sMin = mins.clone();
    long[] sMax = maxs.clone();
    Arrays.sort(sMin);
    Arrays.sort(sMax);
    int i = 0;
    int j = 0;
    long total = 0;
    int max = 0;
    for (long p : points) {
      while (i < n && sMin[i] <= p) {
        i++;
      }
      while (j < n && sMax[j] < p) {
        j++;
      }
      int depth = i - j;
      total += depth;
      max = Math.max(max, depth);
    }
    return new OverlapDepth((double) total / points.length, max, points.length);
  }
}
