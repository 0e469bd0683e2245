package io.glutendelta.stats.clustering;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an incremental clustering run will do: which files it rewrites and why, how they are
 * grouped into ZCubes (bins), and what it leaves alone. Produced by {@link ClusteringPlanner}
 * from file statistics only, so it can be shown before anything runs ({@link #explain()}).
 *
 * @param version table version the plan was made from
 * @param bins groups of file paths, each clustered into one new ZCube
 */
public record ClusteringPlan(String tablePath, long version, ClusteringConfig config,
    Map<Reason, long[]> filesAndBytesByReason, List<Bin> bins) {

  /** Why a file is (or is not) rewritten. */
  public enum Reason {
    UNCLUSTERED(true, "no clusteringProvider (new or lightweight-compacted data)"),
    SMALL(true, "clustered but below minFileSize"),
    DELETED_ROWS(true, "deleted-rows ratio above maxDeletedRowsRatio"),
    OTHER_LAYOUT(true, "clustered by another provider or on other columns (FULL only)"),
    OVERLAPPING(true, "its ZCube overlaps the new data or another ZCube (re-clustering)"),
    KEPT_WELL_SIZED(false, "clustered on the current columns and well sized"),
    KEPT_OTHER_LAYOUT(false, "clustered by another provider or on other columns"),
    KEPT_LONE_CUBE(false, "small files of a single ZCube with nothing new to merge");

    public final boolean rewrite;
    public final String description;

    Reason(boolean rewrite, String description) {
      this.rewrite = rewrite;
      this.description = description;
    }
  }

  /** One new ZCube: its input files and the approximate number of output files. */
  public record Bin(List<String> paths, long bytes, int approxOutputFiles) {}

  public ClusteringPlan {
    filesAndBytesByReason = new EnumMap<>(filesAndBytesByReason);
    bins = List.copyOf(bins);
  }

  /** Delta's own estimate of a ZCube's output files: one per maxFileSize of input, at least one. */
  static int approxOutputFiles(long bytes, long maxFileSize) {
    return (int) Math.max(1, bytes / maxFileSize);
  }

  public boolean isEmpty() {
    return bins.isEmpty();
  }

  public long bytesToRewrite() {
    return bins.stream().mapToLong(Bin::bytes).sum();
  }

  public int filesToRewrite() {
    return bins.stream().mapToInt(b -> b.paths().size()).sum();
  }

  /** Human-readable plan. */
  public String explain() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT,
        "Incremental clustering plan for %s at version %d, columns %s%s%n", tablePath, version,
        config.columns(), config.full() ? " (FULL)" : ""));
    sb.append(String.format(Locale.ROOT,
        "  minFileSize %d, maxFileSize %d, maxDeletedRowsRatio %.3f%n", config.minFileSize(),
        config.maxFileSize(), config.maxDeletedRowsRatio()));
    for (Reason r : Reason.values()) {
      long[] fb = filesAndBytesByReason.get(r);
      if (fb != null && fb[0] > 0) {
        sb.append(String.format(Locale.ROOT, "  %-6s %-17s %6d files %14d bytes  (%s)%n",
            r.rewrite ? "write" : "keep", r, fb[0], fb[1], r.description));
      }
    }
    if (bins.isEmpty()) {
      sb.append("  nothing to do\n");
    }
    for (int i = 0; i < bins.size(); i++) {
      Bin b = bins.get(i);
      sb.append(String.format(Locale.ROOT,
          "  ZCube %d: %d input files, %d bytes -> ~%d files (Hilbert for 2+ columns, "
              + "Z-order for 1)%n", i, b.paths().size(), b.bytes(), b.approxOutputFiles()));
    }
    return sb.toString();
  }
}
