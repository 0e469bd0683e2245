package io.glutendelta.stats.layout;

import java.util.Arrays;

/** Small helpers for rank-based measures. */
public final class Ranks {
  private Ranks() {}

  public static long[] sortedDistinct(long[] values) {
    long[] s = values.clone();
    Arrays.sort(s);
    int m = 0;
    for (int i = 0; i < s.length; i++) {
      if (m == 0 || s[m - 1] != s[i]) {
        s[m++] = s[i];
      }
    }
    return Arrays.copyOf(s, m);
  }
}
