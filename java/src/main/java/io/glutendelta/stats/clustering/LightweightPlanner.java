package io.glutendelta.stats.clustering;

import io.glutendelta.stats.layout.FileBounds;
import io.glutendelta.stats.layout.RelativeFileRange;
import io.glutendelta.stats.tablestats.ColumnStats;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.SparkSession;

/**
 * The lightweight tier (the unmerged "lightweight compaction for clustered tables" proposal):
 * while a clustered table holds only a little unclustered data, bin-pack the small unclustered
 * files in (min, max) order of the clustering column whose files overlap least, instead of
 * running a full clustering. Outputs stay unclustered, so a later real clustering picks them up.
 */
public final class LightweightPlanner {
  private LightweightPlanner() {}

  /**
   * Settings (the proposal's confs, prefix {@code spark.databricks.delta.optimize.clustering.
   * lightweight.}).
   *
   * @param maxUnclusteredBytes at or above this much unclustered data, real clustering runs
   * @param column forced ordering column, or null to pick automatically
   * @param maxRelativeFileRange an automatically picked column must not exceed this
   * @param maxBinSize bin capacity (optimize.maxFileSize)
   */
  public record Config(List<String> clusteringColumns, long minFileSize,
      double maxDeletedRowsRatio, long maxBinSize, long maxUnclusteredBytes, String column,
      double maxRelativeFileRange) {
    public Config {
      clusteringColumns = List.copyOf(clusteringColumns);
      if (maxRelativeFileRange < 0 || maxRelativeFileRange > 1) {
        throw new IllegalArgumentException(MAX_RELATIVE_FILE_RANGE + " must be in [0, 1], got "
            + maxRelativeFileRange);
      }
    }

    /** The tier's switch: OPTIMIZE and auto compaction of clustered tables use it. */
    public static final String ENABLED =
        "spark.databricks.delta.optimize.clustering.lightweight.enabled";
    public static final String MAX_UNCLUSTERED_BYTES =
        "spark.databricks.delta.optimize.clustering.lightweight.maxUnclusteredBytes";
    public static final String COLUMN =
        "spark.databricks.delta.optimize.clustering.lightweight.column";
    public static final String MAX_RELATIVE_FILE_RANGE =
        "spark.databricks.delta.optimize.clustering.lightweight.maxRelativeFileRange";
    /** 10 x the default optimize.maxFileSize, fixed: it does not follow a changed maxFileSize. */
    public static final long DEFAULT_MAX_UNCLUSTERED_BYTES = 10L << 30;
    public static final double DEFAULT_MAX_RELATIVE_FILE_RANGE = 0.5;

    /** Defaults: threshold 10 GiB, auto-picked column, maxRelativeFileRange 0.5. */
    public static Config defaults(ClusteringConfig c) {
      return new Config(c.columns(), c.minFileSize(), c.maxDeletedRowsRatio(), c.maxFileSize(),
          DEFAULT_MAX_UNCLUSTERED_BYTES, null, DEFAULT_MAX_RELATIVE_FILE_RANGE);
    }

    public static boolean enabled(SparkSession spark) {
      return Boolean.parseBoolean(spark.conf().get(ENABLED, "false").trim());
    }

    /** The session's settings for a table with the given thresholds ({@code c}). */
    public static Config fromSession(SparkSession spark, ClusteringConfig c) {
      var conf = spark.conf();
      String bytes = conf.get(MAX_UNCLUSTERED_BYTES, Long.toString(DEFAULT_MAX_UNCLUSTERED_BYTES))
          .trim();
      long maxUnclustered;
      try {
        maxUnclustered = bytes.chars().allMatch(Character::isDigit) ? Long.parseLong(bytes)
            : JavaUtils.byteStringAsBytes(bytes);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(MAX_UNCLUSTERED_BYTES + " must be a byte size, got '"
            + bytes + "'", e);
      }
      String range = conf.get(MAX_RELATIVE_FILE_RANGE,
          Double.toString(DEFAULT_MAX_RELATIVE_FILE_RANGE)).trim();
      double maxRange;
      try {
        maxRange = Double.parseDouble(range);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(MAX_RELATIVE_FILE_RANGE
            + " must be a number in [0, 1], got '" + range + "'", e);
      }
      String column = conf.get(COLUMN, "").trim();
      return new Config(c.columns(), c.minFileSize(), c.maxDeletedRowsRatio(), c.maxFileSize(),
          maxUnclustered, column.isEmpty() ? null : column, maxRange);
    }

    public Config withColumn(String column) {
      return new Config(clusteringColumns, minFileSize, maxDeletedRowsRatio, maxBinSize,
          maxUnclusteredBytes, column, maxRelativeFileRange);
    }

    public Config withMaxUnclusteredBytes(long bytes) {
      return new Config(clusteringColumns, minFileSize, maxDeletedRowsRatio, maxBinSize, bytes,
          column, maxRelativeFileRange);
    }
  }

  /**
   * The plan. {@code applies} is false when the gate sends the table to real clustering
   * (no unclustered data, or too much of it, or FULL); {@code orderColumn} is null when the
   * order fell back to file size.
   */
  public record Plan(boolean applies, String reason, long unclusteredBytes, String orderColumn,
      List<List<String>> bins) {
    public String explain() {
      StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
          "Lightweight compaction: %s (unclustered bytes %d)%n", reason, unclusteredBytes));
      if (applies) {
        sb.append("  order: ").append(orderColumn == null ? "file size (no column qualifies)"
            : "(min, max) of " + orderColumn).append('\n');
        for (List<String> b : bins) {
          sb.append("  bin of ").append(b.size()).append(" files\n");
        }
      }
      return sb.toString();
    }
  }

  public static Plan plan(TableStats m, Config cfg, boolean full) {
    long unclusteredBytes = 0;
    for (int f = 0; f < m.numFiles(); f++) {
      if (m.clusteringProvider(f) == null) {
        unclusteredBytes += m.size(f);
      }
    }
    if (full) {
      return new Plan(false, "OPTIMIZE FULL always clusters", unclusteredBytes, null, List.of());
    }
    if (unclusteredBytes == 0 || unclusteredBytes >= cfg.maxUnclusteredBytes()) {
      return new Plan(false, unclusteredBytes == 0
          ? "no unclustered data: real clustering merges partial ZCubes"
          : "unclustered data reached maxUnclusteredBytes " + cfg.maxUnclusteredBytes()
              + ": real clustering", unclusteredBytes, null, List.of());
    }
    String forced = cfg.column() == null ? null : resolveConfigured(cfg);
    List<Integer> candidates = new ArrayList<>();
    for (int f = 0; f < m.numFiles(); f++) {
      boolean needsWork = m.size(f) < cfg.minFileSize()
          || ClusteringPlanner.deletedRatio(m, f) > cfg.maxDeletedRowsRatio();
      if (needsWork && m.clusteringProvider(f) == null) {
        candidates.add(f);
      }
    }
    Comparator<Integer> bySize = Comparator.<Integer>comparingLong(m::size)
        .thenComparing(m::path);
    String column = null;
    if (candidates.size() >= 2) {
      column = forced != null ? forced : pickColumn(m, candidates, cfg);
    }
    if (column == null) {
      candidates.sort(bySize);
    } else {
      ColumnStats c = m.column(column);
      candidates.sort((a, b) -> {
        boolean sa = c.hasMin(a) && c.hasMax(a);
        boolean sb = c.hasMin(b) && c.hasMax(b);
        if (sa != sb) {
          return sa ? -1 : 1; // files without stats last
        }
        if (sa) {
          int cmp = Long.compare(c.minKey(a), c.minKey(b));
          if (cmp == 0) {
            cmp = Long.compare(c.maxKey(a), c.maxKey(b));
          }
          if (cmp != 0) {
            return cmp;
          }
        }
        return bySize.compare(a, b);
      });
    }
    List<List<String>> bins = new ArrayList<>();
    for (List<Integer> bin : BinPacker.pack(candidates, m::size, cfg.maxBinSize())) {
      if (bin.size() >= 2) { // a single file gains nothing from a rewrite
        bins.add(bin.stream().map(m::path).toList());
      }
    }
    return new Plan(true, "applies", unclusteredBytes, column, bins);
  }

  /** The auto-picked column: smallest relativeFileRange within the threshold, else null. */
  static String pickColumn(TableStats m, List<Integer> files, Config cfg) {
    String best = null;
    double bestRange = Double.POSITIVE_INFINITY;
    for (String name : cfg.clusteringColumns()) {
      ColumnStats c = m.column(name);
      FileBounds b = FileBounds.of(c, files);
      OptionalDouble r = RelativeFileRange.of(b.mins(), b.maxs());
      // strictly smaller wins, so ties go to the earlier clustering column
      if (r.isPresent() && r.getAsDouble() <= cfg.maxRelativeFileRange()
          && r.getAsDouble() < bestRange) {
        best = name;
        bestRange = r.getAsDouble();
      }
    }
    return best;
  }

  /** Matches the configured column to a clustering column, case-insensitively by name parts. */
  static String resolveConfigured(Config cfg) {
    List<String> wanted = lower(DeltaStatsLoader.splitName(cfg.column()));
    for (String c : cfg.clusteringColumns()) {
      if (lower(DeltaStatsLoader.splitName(c)).equals(wanted)) {
        return c;
      }
    }
    throw InvalidLightweightClusteringColumnException.raise(cfg.column(), Config.COLUMN,
        cfg.clusteringColumns());
  }

  private static List<String> lower(List<String> parts) {
    return parts.stream().map(p -> p.toLowerCase(Locale.ROOT)).toList();
  }
}
