package io.glutendelta.stats.tablestats;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Sorted distinct values of one non-primitive column (strings, decimals), so that per-file
 * min/max can be stored as ints ranks. Strings compare as unsigned UTF-8 bytes (Spark's and
 * Delta's order), which differs from {@link String#compareTo} for supplementary characters.
 *
 * <p>Keys: a member at rank r has key 2r; a value that is not a member and would be inserted
 * before rank r gets 2r-1. Comparing keys is then exact for members and for probes, which lets
 * the skipping evaluator work on longs only.
 */
public final class OrderedDictionary {
  /** Orders strings by UTF-8 bytes and decimals numerically. */
  public static final Comparator<Object> ORDER = OrderedDictionary::compareValues;

  private final Object[] values;

  private OrderedDictionary(Object[] sortedDistinct) {
    this.values = sortedDistinct;
  }

  /** Builds the dictionary from any values (nulls ignored, duplicates removed). */
  static OrderedDictionary of(List<Object> raw) {
    List<Object> nonNull = new ArrayList<>(raw.size());
    for (Object o : raw) {
      if (o != null) {
        nonNull.add(o);
      }
    }
    Object[] arr = nonNull.toArray();
    Arrays.sort(arr, ORDER);
    int n = 0;
    for (int i = 0; i < arr.length; i++) {
      if (n == 0 || ORDER.compare(arr[n - 1], arr[i]) != 0) {
        arr[n++] = arr[i];
      }
    }
    return new OrderedDictionary(Arrays.copyOf(arr, n));
  }

  public int size() {
    return values.length;
  }

  public Object valueAt(int rank) {
    return values[rank];
  }

  /** Key of a value (member or probe), see the class comment. */
  long keyOf(Object value) {
    int pos = Arrays.binarySearch(values, value, ORDER);
    return pos >= 0 ? 2L * pos : 2L * (-pos - 1) - 1;
  }

  /** The value a member key stands for. */
  Object valueOfKey(long key) {
    if ((key & 1) != 0) {
      throw new IllegalArgumentException("key " + key + " is a probe, not a dictionary member");
    }
    return values[(int) (key / 2)];
  }

  static int compareValues(Object a, Object b) {
    if (a instanceof String sa && b instanceof String sb) {
      // Delta's string order: unsigned UTF-8 bytes (UTF8String.binaryCompare, absent in Spark 3.5).
      return Arrays.compareUnsigned(sa.getBytes(StandardCharsets.UTF_8), sb.getBytes(StandardCharsets.UTF_8));
    }
    if (a instanceof BigDecimal da && b instanceof BigDecimal db) {
      return da.compareTo(db);
    }
    throw new IllegalArgumentException("cannot compare " + describe(a) + " with " + describe(b));
  }

  private static String describe(Object o) {
    return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
  }
}
