package io.glutendelta.stats.layout;

import io.glutendelta.stats.tablestats.ColumnStats;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The order-preserving keys of one column's per-file min and max, for the files that have both
 * (same index = same file): the input of the range-based measures.
 */
public record FileBounds(long[] mins, long[] maxs) {

  /** Over every file of the column. */
  public static FileBounds of(ColumnStats c) {
    return collect(c, c.numFiles(), f -> f);
  }

  /** Over the given file indexes only. */
  public static FileBounds of(ColumnStats c, List<Integer> files) {
    return collect(c, files.size(), files::get);
  }

  private static FileBounds collect(ColumnStats c, int count, IntUnaryOperator fileAt) {
    long[] mins = new long[count];
    long[] maxs = new long[count];
    int n = 0;
    for (int i = 0; i < count; i++) {
      int f = fileAt.applyAsInt(i);
      if (c.hasMin(f) && c.hasMax(f)) {
        mins[n] = c.minKey(f);
        maxs[n] = c.maxKey(f);
        n++;
      }
    }
    return new FileBounds(Arrays.copyOf(mins, n), Arrays.copyOf(maxs, n));
  }
}
