package io.glutendelta.stats.clustering;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.glutendelta.stats.tablestats.TableStats;
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

  public static ClusteringPlan plan(String tablePath, TableStats m, ClusteringConfig cfg) {
    ClusteringPlan.Reason[] reason = new ClusteringPlan.Reason[m.numFiles()];
    List<Integer> unclustered = new ArrayList<>();
    List<Integer> needWork = new ArrayList<>(); // clustered files with a reason of their own
    List<Integer> small = new ArrayList<>();
    Map<String, Boolean> sameColumnsCache = new HashMap<>();
    for (int f = 0; f < m.numFiles(); f++) {
      String provider = m.clusteringProvider(f);
      if (provider == null) {
        unclustered.add(f);
        reason[f] = ClusteringPlan.Reason.UNCLUSTERED;
        continue;
      }
      String zOrderBy = m.zOrderBy(f);
      boolean ours = LIQUID.equals(provider) && zOrderBy != null
          && sameColumnsCache.computeIfAbsent(zOrderBy, z -> sameColumns(z, cfg.columns()));
      if (!ours) {
        if (cfg.full()) {
          needWork.add(f);
          reason[f] = ClusteringPlan.Reason.OTHER_LAYOUT;
        } else {
          reason[f] = ClusteringPlan.Reason.KEPT_OTHER_LAYOUT;
        }
        continue;
      }
      if (deletedRatio(m, f) > cfg.maxDeletedRowsRatio()) {
        needWork.add(f);
        reason[f] = ClusteringPlan.Reason.DELETED_ROWS;
      } else if (m.size(f) < cfg.minFileSize()) {
        small.add(f);
      } else {
        reason[f] = ClusteringPlan.Reason.KEPT_WELL_SIZED;
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
      reason[f] = mergeSmall ? ClusteringPlan.Reason.SMALL
          : ClusteringPlan.Reason.KEPT_LONE_CUBE;
    }
    List<Integer> selected = new ArrayList<>(unclustered);
    selected.addAll(needWork);
    if (mergeSmall) {
      selected.addAll(small);
    }
    if (selected.size() == 1 && m.clusteringProvider(selected.get(0)) != null
        && deletedRatio(m, selected.get(0)) <= cfg.maxDeletedRowsRatio() && !cfg.full()) {
      // a single clustered file has nothing to merge with
      reason[selected.get(0)] = small.contains(selected.get(0))
          ? ClusteringPlan.Reason.KEPT_LONE_CUBE : reason[selected.get(0)];
      selected.clear();
    }
    List<List<Integer>> groups = cfg.recluster().enabled()
        ? Reclustering.groups(m, cfg, selected, reason)
        : selected.isEmpty() ? List.of() : List.of(selected);
    Map<ClusteringPlan.Reason, long[]> counts = new EnumMap<>(ClusteringPlan.Reason.class);
    for (int f = 0; f < m.numFiles(); f++) {
      long[] c = counts.computeIfAbsent(reason[f], k -> new long[2]);
      c[0]++;
      c[1] += m.size(f);
    }
    List<ClusteringPlan.Bin> bins = new ArrayList<>();
    for (List<Integer> g : groups) {
      bins.addAll(bins(m, g, cfg)); // bins never mix groups: each group becomes its own ZCube
    }
    return new ClusteringPlan(tablePath, m.version(), cfg, counts, bins);
  }

  private static List<ClusteringPlan.Bin> bins(TableStats m, List<Integer> selected,
      ClusteringConfig cfg) {
    List<ClusteringPlan.Bin> bins = new ArrayList<>();
    for (List<Integer> files : BinPacker.pack(selected, m::size, cfg.maxBinBytes())) {
      long bytes = files.stream().mapToLong(m::size).sum();
      bins.add(new ClusteringPlan.Bin(files.stream().map(m::path).toList(), bytes,
          ClusteringPlan.approxOutputFiles(bytes, cfg.maxFileSize())));
    }
    return bins;
  }

  static double deletedRatio(TableStats m, int f) {
    long records = m.numRecords(f);
    if (m.deletedRows(f) == 0) {
      return 0;
    }
    // A DV without a record count: always worth compacting (Delta does the same).
    return records <= 0 ? 1.0 : (double) m.deletedRows(f) / records;
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
