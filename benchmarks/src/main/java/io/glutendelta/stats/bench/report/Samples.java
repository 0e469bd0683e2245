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

  private void requireNonEmpty() {
    if (values.isEmpty()) {
      throw new IllegalStateException("no samples recorded");
    }
  }
}
