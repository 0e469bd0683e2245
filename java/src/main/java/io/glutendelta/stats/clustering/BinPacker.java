package io.glutendelta.stats.clustering;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Greedy sequential bin packing, as Delta's OPTIMIZE does it: items are taken in the given
 * order and a new bin starts when the next item would push the current one over capacity. An
 * item larger than the capacity gets a bin of its own. Every tier packs with this one.
 */
final class BinPacker {
  private BinPacker() {}

  static <T> List<List<T>> pack(List<T> items, ToLongFunction<T> size, long capacity) {
    List<List<T>> bins = new ArrayList<>();
    List<T> cur = new ArrayList<>();
    long curBytes = 0;
    for (T item : items) {
      long s = size.applyAsLong(item);
      if (!cur.isEmpty() && curBytes + s > capacity) {
        bins.add(cur);
        cur = new ArrayList<>();
        curBytes = 0;
      }
      cur.add(item);
      curBytes += s;
    }
    if (!cur.isEmpty()) {
      bins.add(cur);
    }
    return bins;
  }
}
