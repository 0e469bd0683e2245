package io.glutendelta.stats.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Repeated measurements of one quantity; summarised by median and range, never by mean. */
public final class Samples {
  private final List<Double> values = new ArrayList<>();

  public void add(double v) {
    values.add(v);
  }

  public int count() {
    return values.size();
  }

  public List<Double> values() {
    return Collections.unmodifiableList(values);
  }

  public double median() {
    requireNonEmpty();
    List<Double> s = new ArrayList<>(values);
    Collections.sort(s);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  public double min() {
    requireNonEmpty();
    return Collections.min(values);
  }

  public double max() {
    requireNonEmpty();
    return Collections.max(values);
  }

  /**
   * Element-wise sums of samples recorded in the same order (e.g. one value per round for each
   * table): the i-th result is the sum of every series' i-th value, so a total per round can be
   * summarised like any other quantity.
   */
  public static Samples sumByIndex(List<Samples> series) {
    if (series.isEmpty()) {
      throw new IllegalArgumentException("nothing to sum");
    }
    int n = series.get(0).count();
    Samples out = new Samples();
    for (Samples s : series) {
      if (s.count() != n) {
        throw new IllegalArgumentException("series of different lengths: " + n + " vs " + s.count());
      }
    }
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (Samples s : series) {
        sum += s.values.get(i);
      }
      out.add(sum);
    }
    return out;
  }

  private void requireNonEmpty() {
    if (values.isEmpty()) {
      throw new IllegalStateException("no samples recorded");
    }
  }
}
