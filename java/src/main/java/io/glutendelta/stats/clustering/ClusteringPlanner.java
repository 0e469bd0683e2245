package io.glutendelta.stats.clustering;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.glutendelta.stats.skipping.FileStatsModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses the files an incremental clustering run rewrites, from file statistics alone.
 *
 * <p>Rewritten: files without a {@code clusteringProvider} (appended data), clustered files
 * below {@code minFileSize}, files whose deleted-rows ratio exceeds the limit, and with FULL
 * files clustered by another provider or on other columns. Left alone: well-sized files
 * clustered on the current columns, and, so that repeated runs are no-ops, the small files of
 * a single ZCube when there is nothing else to merge them with (as Delta drops a lone partial
 * cube). Selected files are packed greedily into bins of at most {@code maxBinBytes}, unclustered
 * files first; each bin becomes one new ZCube.
 */
public final class ClusteringPlanner {
  private static final ObjectMapper JSON = new ObjectMapper();
  public static final String LIQUID = "liquid";

  private ClusteringPlanner() {}

  public static ClusteringPlan plan(String tablePath, FileStatsModel m, ClusteringConfig cfg) {
    Map<ClusteringPlan.Reason, long[]> counts = new EnumMap<>(ClusteringPlan.Reason.class);
    List<Integer> unclustered = new ArrayList<>();
    List<Integer> needWork = new ArrayList<>(); // clustered files with a reason of their own
    List<Integer> small = new ArrayList<>();
    Map<String, Boolean> sameColumnsCache = new HashMap<>();
    for (int f = 0; f < m.numFiles(); f++) {
      String provider = m.clusteringProvider(f);
      if (provider == null) {
        unclustered.add(f);
        count(counts, ClusteringPlan.Reason.UNCLUSTERED, m, f);
        continue;
      }
      String zOrderBy = m.zOrderBy(f);
      boolean ours = LIQUID.equals(provider) && zOrderBy != null
          && sameColumnsCache.computeIfAbsent(zOrderBy, z -> sameColumns(z, cfg.columns()));
      if (!ours) {
        if (cfg.full()) {
          needWork.add(f);
          count(counts, ClusteringPlan.Reason.OTHER_LAYOUT, m, f);
        } else {
          count(counts, ClusteringPlan.Reason.KEPT_OTHER_LAYOUT, m, f);
        }
        continue;
      }
      if (deletedRatio(m, f) > cfg.maxDeletedRowsRatio()) {
        needWork.add(f);
        count(counts, ClusteringPlan.Reason.DELETED_ROWS, m, f);
      } else if (m.size(f) < cfg.minFileSize()) {
        small.add(f);
      } else {
        count(counts, ClusteringPlan.Reason.KEPT_WELL_SIZED, m, f);
      }
    }
    // Small clustered files are merged only with other work or across cubes; the small files
    // of one cube alone are what the previous run produced, rewriting them would change nothing.
    Set<Integer> cubes = new HashSet<>();
    for (int f : small) {
      cubes.add(m.zCubeOrdinal(f));
    }
    boolean mergeSmall = !unclustered.isEmpty() || !needWork.isEmpty() || cubes.size() > 1;
    for (int f : small) {
      count(counts, mergeSmall ? ClusteringPlan.Reason.SMALL
          : ClusteringPlan.Reason.KEPT_LONE_CUBE, m, f);
    }
    List<Integer> selected = new ArrayList<>(unclustered);
    selected.addAll(needWork);
    if (mergeSmall) {
      selected.addAll(small);
    }
    if (selected.size() == 1 && m.clusteringProvider(selected.get(0)) != null
        && deletedRatio(m, selected.get(0)) <= cfg.maxDeletedRowsRatio() && !cfg.full()) {
      selected.clear(); // a single clustered file has nothing to merge with
    }
    return new ClusteringPlan(tablePath, m.version(), cfg, counts, bins(m, selected, cfg));
  }

  private static List<ClusteringPlan.Bin> bins(FileStatsModel m, List<Integer> selected,
      ClusteringConfig cfg) {
    List<ClusteringPlan.Bin> bins = new ArrayList<>();
    List<String> cur = new ArrayList<>();
    long curBytes = 0;
    for (int f : selected) {
      if (!cur.isEmpty() && curBytes + m.size(f) > cfg.maxBinBytes()) {
        bins.add(bin(cur, curBytes, cfg));
        cur = new ArrayList<>();
        curBytes = 0;
      }
      cur.add(m.path(f));
      curBytes += m.size(f);
    }
    if (!cur.isEmpty()) {
      bins.add(bin(cur, curBytes, cfg));
    }
    return bins;
  }

  private static ClusteringPlan.Bin bin(List<String> paths, long bytes, ClusteringConfig cfg) {
    // Delta's own estimate: one file per maxFileSize of input, at least one.
    int files = (int) Math.max(1, bytes / cfg.maxFileSize());
    return new ClusteringPlan.Bin(paths, bytes, files);
  }

  static double deletedRatio(FileStatsModel m, int f) {
    long records = m.numRecords(f);
    if (m.deletedRows(f) == 0) {
      return 0;
    }
    // A DV without a record count: always worth compacting (Delta does the same).
    return records <= 0 ? 1.0 : (double) m.deletedRows(f) / records;
  }

  private static void count(Map<ClusteringPlan.Reason, long[]> counts, ClusteringPlan.Reason r,
      FileStatsModel m, int f) {
    long[] c = counts.computeIfAbsent(r, k -> new long[2]);
    c[0]++;
    c[1] += m.size(f);
  }

  /** ZCUBE_ZORDER_BY holds a JSON array of logical names; compared exactly, as Delta does. */
  static boolean sameColumns(String zOrderByJson, List<String> columns) {
    try {
      List<String> cols = JSON.readValue(zOrderByJson, new TypeReference<List<String>>() {});
      return cols.equals(columns);
    } catch (IOException e) {
      return false; // an unreadable tag is not ours
    }
  }
}
