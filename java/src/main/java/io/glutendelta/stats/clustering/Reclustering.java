package io.glutendelta.stats.clustering;

import io.glutendelta.stats.layout.CubeOverlap;
import io.glutendelta.stats.tablestats.ColumnStats;
import io.glutendelta.stats.tablestats.TableStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Automatic re-clustering: which kept ZCubes are clustered again, and with what.
 *
 * <p>Groups start as the prospective ZCube (the files the run rewrites anyway: new data, small
 * and heavily deleted files) and each kept ZCube on the current columns. Two groups offend
 * each other when their {@link CubeOverlap} is at least {@code minOverlap} and their live row
 * counts are within {@code maxSizeRatio} of each other (so a small append never drags a much
 * larger ZCube into a rewrite: small cubes merge with each other first, as in a tiered
 * compaction). Offending groups are merged (union of files, union box, summed rows) until no
 * two groups offend. Every group that absorbed another, or that holds the prospective files,
 * becomes one new ZCube; the rest stay untouched.
 *
 * <p>Convergence: after the rewrite each merged group is one ZCube with the merged group's box
 * and row count (overlap is measured on values, so it does not move when other files change),
 * and no two groups offend, so the next run on unchanged data finds nothing to do. Groups
 * larger than one bin ({@code maxBinBytes}) become several ZCubes and may then offend again.
 */
final class Reclustering {
  private Reclustering() {}

  private record Group(List<Integer> files, CubeOverlap.Box box, long rows, boolean dirty) {
    Group merge(Group o) {
      List<Integer> f = new ArrayList<>(files);
      f.addAll(o.files);
      return new Group(f, box.union(o.box), rows + o.rows, true);
    }
  }

  /**
   * The file groups to rewrite, each into its own ZCube(s). Files of kept ZCubes that join a
   * group get reason {@link ClusteringPlan.Reason#OVERLAPPING}.
   */
  static List<List<Integer>> groups(TableStats m, ClusteringConfig cfg, List<Integer> selected,
      ClusteringPlan.Reason[] reason) {
    List<ColumnStats> columns = cfg.columns().stream().map(m::column).toList();
    List<Group> groups = new ArrayList<>();
    if (!selected.isEmpty()) {
      groups.add(group(m, columns, selected, true));
    }
    Map<Integer, List<Integer>> cubes = new LinkedHashMap<>();
    for (int f = 0; f < m.numFiles(); f++) {
      if (reason[f] == ClusteringPlan.Reason.KEPT_WELL_SIZED
          || reason[f] == ClusteringPlan.Reason.KEPT_LONE_CUBE) {
        cubes.computeIfAbsent(m.zCubeOrdinal(f), k -> new ArrayList<>()).add(f);
      }
    }
    for (List<Integer> files : cubes.values()) {
      groups.add(group(m, columns, files, false));
    }
    ClusteringConfig.Recluster r = cfg.recluster();
    boolean merged = true;
    while (merged) {
      merged = false;
      for (int i = 0; i < groups.size() && !merged; i++) {
        for (int j = i + 1; j < groups.size(); j++) {
          if (offend(groups.get(i), groups.get(j), r)) {
            groups.set(i, groups.get(i).merge(groups.remove(j)));
            merged = true;
            break;
          }
        }
      }
    }
    List<List<Integer>> out = new ArrayList<>();
    for (Group g : groups) {
      if (g.dirty) {
        for (int f : g.files) {
          if (reason[f] == ClusteringPlan.Reason.KEPT_WELL_SIZED
              || reason[f] == ClusteringPlan.Reason.KEPT_LONE_CUBE) {
            reason[f] = ClusteringPlan.Reason.OVERLAPPING;
          }
        }
        out.add(g.files);
      }
    }
    return out;
  }

  private static Group group(TableStats m, List<ColumnStats> columns, List<Integer> files,
      boolean dirty) {
    long rows = 0;
    for (int f : files) {
      rows += Math.max(0, m.numRecords(f) - m.deletedRows(f));
    }
    return new Group(files, CubeOverlap.Box.of(columns, files), rows, dirty);
  }

  static boolean offend(long rowsA, long rowsB, double overlap, ClusteringConfig.Recluster r) {
    long lo = Math.max(1, Math.min(rowsA, rowsB));
    long hi = Math.max(rowsA, rowsB);
    return overlap >= r.minOverlap() && hi <= r.maxSizeRatio() * lo;
  }

  private static boolean offend(Group a, Group b, ClusteringConfig.Recluster r) {
    return offend(a.rows, b.rows, CubeOverlap.of(a.box, b.box), r);
  }
}
