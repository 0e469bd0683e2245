package io.glutendelta.stats.report;

import io.glutendelta.stats.layout.Ranks;
import io.glutendelta.stats.layout.OverlapDepth;
import io.glutendelta.stats.layout.RelativeFileRange;

import io.glutendelta.stats.tablestats.ColumnStats;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.skipping.Predicate;
import io.glutendelta.stats.skipping.SkippingEvaluator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;

/**
 * Clustering quality of a table's current layout, computed from file statistics only.
 *
 * <p>Per column: {@link RelativeFileRange}, {@link OverlapDepth}, and the average number of
 * files Delta's skipping reads ({@link SkippingEvaluator}) for point predicates {@code c = v}
 * and range predicates {@code v1 <= c <= v2} (spanning about a tenth of the distinct values)
 * on values drawn at random (fixed seed, so repeat runs agree) from the files' bounds.
 * Per table: files, bytes, ZCubes, clustered versus unclustered bytes.
 */
public record ClusteringQuality(TableSummary table, List<ColumnQuality> columns) {

  public static final int SAMPLES = 64;

  /** Whole-table figures. */
  public record TableSummary(long version, int files, long bytes, int filesWithStats,
      int zCubes, int clusteredFiles, long clusteredBytes, int unclusteredFiles,
      long unclusteredBytes, long deletedRows, List<String> clusteringColumns) {}

  /** One column's figures; {@code relativeFileRange} is NaN when undefined. */
  public record ColumnQuality(String column, String type, int filesWithMinMax,
      double relativeFileRange, double averageDepth, int maxDepth,
      double avgFilesReadPoint, double avgFilesReadRange, double fractionReadPoint,
      double fractionReadRange) {}

  public static ClusteringQuality of(TableStats model) {
    return new ClusteringQuality(summarize(model), columnsOf(model, SAMPLES, 42L));
  }

  static TableSummary summarize(TableStats m) {
    int withStats = 0;
    int clustered = 0;
    int unclustered = 0;
    long cBytes = 0;
    long uBytes = 0;
    long deleted = 0;
    for (int f = 0; f < m.numFiles(); f++) {
      if (m.numRecords(f) >= 0) {
        withStats++;
      }
      if (m.clusteringProvider(f) != null) {
        clustered++;
        cBytes += m.size(f);
      } else {
        unclustered++;
        uBytes += m.size(f);
      }
      deleted += m.deletedRows(f);
    }
    int cubes = 0;
    boolean[] seen = new boolean[m.numZCubes()];
    for (int f = 0; f < m.numFiles(); f++) {
      int z = m.zCubeOrdinal(f);
      if (z >= 0 && !seen[z]) {
        seen[z] = true;
        cubes++;
      }
    }
    return new TableSummary(m.version(), m.numFiles(), m.totalBytes(), withStats, cubes,
        clustered, cBytes, unclustered, uBytes, deleted, m.clusteringColumns());
  }

  static List<ColumnQuality> columnsOf(TableStats m, int samples, long seed) {
    SkippingEvaluator eval = new SkippingEvaluator(m);
    List<ColumnQuality> out = new ArrayList<>();
    for (ColumnStats c : m.columns()) {
      int withMinMax = 0;
      long[] bounds = new long[2 * m.numFiles()];
      int nb = 0;
      for (int f = 0; f < m.numFiles(); f++) {
        if (c.hasMin(f) && c.hasMax(f)) {
          withMinMax++;
        }
        if (c.hasMin(f)) {
          bounds[nb++] = c.minKey(f);
        }
        if (c.hasMax(f)) {
          bounds[nb++] = c.maxKey(f);
        }
      }
      long[] distinct = Ranks.sortedDistinct(Arrays.copyOf(bounds, nb));
      OptionalDouble rfr = RelativeFileRange.of(c);
      OverlapDepth depth = OverlapDepth.of(c);
      double point = Double.NaN;
      double range = Double.NaN;
      if (distinct.length > 0 && m.numFiles() > 0) {
        Random r = new Random(seed);
        long pointSum = 0;
        long rangeSum = 0;
        int width = Math.max(1, distinct.length / 10);
        for (int i = 0; i < samples; i++) {
          int a = r.nextInt(distinct.length);
          Object v = c.valueOfKey(distinct[a]);
          pointSum += eval.estimate(Predicate.eq(c.name(), v)).numFilesRead();
          int lo = r.nextInt(distinct.length);
          int hi = Math.min(distinct.length - 1, lo + width);
          rangeSum += eval.estimate(Predicate.between(c.name(), c.valueOfKey(distinct[lo]),
              c.valueOfKey(distinct[hi]))).numFilesRead();
        }
        point = (double) pointSum / samples;
        range = (double) rangeSum / samples;
      }
      int files = Math.max(1, m.numFiles());
      out.add(new ColumnQuality(c.name(), c.type().simpleString(), withMinMax,
          rfr.orElse(Double.NaN), depth.average(), depth.max(), point, range, point / files,
          range / files));
    }
    return out;
  }
}
