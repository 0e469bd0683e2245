package io.glutendelta.stats.bench.report;

import java.util.Locale;

/**
 * Progress of a long run in weighted units of work (e.g. source bytes per write, so that
 * store_sales counts for more than reason), with an ETA extrapolated from the rate so far.
 */
public final class Progress {
  private final String tag;
  private final double totalWeight;
  private final long startNanos;
  private double doneWeight;
  private int doneSteps;
  private final int totalSteps;

  public Progress(String tag, int totalSteps, double totalWeight, long startNanos) {
    if (totalSteps < 1 || !(totalWeight > 0)) {
      throw new IllegalArgumentException("progress needs >= 1 step and a positive weight, got "
          + totalSteps + " steps, weight " + totalWeight);
    }
    this.tag = tag;
    this.totalSteps = totalSteps;
    this.totalWeight = totalWeight;
    this.startNanos = startNanos;
  }

  /** Marks one step of {@code weight} done. */
  public void advance(double weight) {
    doneWeight += weight;
    doneSteps++;
  }

  /** Seconds still to go at the rate so far; NaN before the first step. */
  public double etaSeconds(long nowNanos) {
    if (doneWeight <= 0) {
      return Double.NaN;
    }
    double elapsed = (nowNanos - startNanos) / 1e9;
    return elapsed * Math.max(0, totalWeight - doneWeight) / doneWeight;
  }

  /** "[tag 123s] 5/24 (21 %) ETA 7m05s: what". */
  public String line(long nowNanos, String what) {
    double eta = etaSeconds(nowNanos);
    return String.format(Locale.ROOT, "[%s %5.0fs] %d/%d (%.0f %%) ETA %s: %s", tag, (nowNanos - startNanos) / 1e9,
        doneSteps, totalSteps, 100 * doneWeight / totalWeight, duration(eta), what);
  }

  /** 65 → "1m05s", 3700 → "1h01m", NaN → "?". */
  public static String duration(double seconds) {
    if (Double.isNaN(seconds)) {
      return "?";
    }
    long s = Math.round(seconds);
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
