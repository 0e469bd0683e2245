package io.glutendelta.stats.bench.writeamp;

import io.glutendelta.stats.bench.report.Samples;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runs (append + OPTIMIZE) of one variant, with per-run and cumulative arithmetic. */
final class AmplificationSeries {
  /**
   * One append followed by OPTIMIZE.
   *
   * @param appendedBytes bytes the append wrote (its commit's numOutputBytes)
   * @param rewrittenBytes bytes OPTIMIZE removed, i.e. rewrote (numRemovedBytes; 0 if it committed nothing)
   * @param rewrittenClusteredBytes the part of them that was in files a clustering had written
   * @param filesRead probe name → files the scan read for that predicate after this OPTIMIZE (empty: not probed)
   */
  record Run(long appendedBytes, long rewrittenBytes, long rewrittenClusteredBytes, long addedBytes,
      long filesRemoved, long filesAdded, double optimizeSeconds, String operation, long filesAfter,
      long tableBytesAfter, Map<String, Long> filesRead) {
    double ratio() {
      return AmplificationSeries.ratio(rewrittenBytes, appendedBytes);
    }
  }

  private final List<Run> runs = new ArrayList<>();
  /** The {@code OPTIMIZE FULL} after the series (no append), or null if none ran. */
  private Run finalFull;

  void finalFull(Run r) {
    finalFull = r;
  }

  Run finalFull() {
    return finalFull;
  }

  void add(Run r) {
    runs.add(r);
  }

  List<Run> runs() {
    return Collections.unmodifiableList(runs);
  }

  /** Bytes rewritten ÷ bytes appended over runs 0..k (inclusive). */
  double cumulativeRatio(int k) {
    return ratio(sum(k, Run::rewrittenBytes), sum(k, Run::appendedBytes));
  }

  /** The same for bytes of clustered files only: what re-clustering costs beyond new data. */
  double cumulativeClusteredRatio(int k) {
    return ratio(sum(k, Run::rewrittenClusteredBytes), sum(k, Run::appendedBytes));
  }

  double[] cumulativeRatios() {
    double[] out = new double[runs.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = cumulativeRatio(k);
    }
    return out;
  }

  /** Bytes rewritten over runs 0..k (inclusive). */
  long rewrittenThrough(int k) {
    return sum(k, Run::rewrittenBytes);
  }

  long totalRewritten() {
    return sum(runs.size() - 1, Run::rewrittenBytes);
  }

  long totalRewrittenClustered() {
    return sum(runs.size() - 1, Run::rewrittenClusteredBytes);
  }

  long totalAppended() {
    return sum(runs.size() - 1, Run::appendedBytes);
  }

  Samples optimizeSeconds() {
    Samples s = new Samples();
    runs.forEach(r -> s.add(r.optimizeSeconds()));
    return s;
  }

  /** Files read per probe after the last probed run. */
  Map<String, Long> lastFilesRead() {
    for (int i = runs.size() - 1; i >= 0; i--) {
      if (!runs.get(i).filesRead().isEmpty()) {
        return runs.get(i).filesRead();
      }
    }
    return new LinkedHashMap<>();
  }

  private long sum(int k, java.util.function.ToLongFunction<Run> f) {
    if (k >= runs.size()) {
      throw new IndexOutOfBoundsException("run " + k + " of " + runs.size());
    }
    long s = 0;
    for (int i = 0; i <= k; i++) {
      s += f.applyAsLong(runs.get(i));
    }
    return s;
  }

  static double ratio(long num, long den) {
    return den == 0 ? Double.NaN : (double) num / den;
  }
}
