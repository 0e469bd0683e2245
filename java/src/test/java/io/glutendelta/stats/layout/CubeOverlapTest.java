package io.glutendelta.stats.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.tablestats.ColumnStats;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

class CubeOverlapTest {
  /** One integer column with files [min, max]. */
  private static ColumnStats ints(long[]... files) {
    ColumnStats.Builder b = new ColumnStats.Builder("x", DataTypes.LongType, true, true);
    for (long[] f : files) {
      b.addKeys(true, f[0], true, f[1], 0);
    }
    return b.build();
  }

  private static CubeOverlap.Box box(List<ColumnStats> cols, Integer... files) {
    return CubeOverlap.Box.of(cols, List.of(files));
  }

  @Test
  void jaccardPerColumnMultiplied() {
    // files 0,1 form cube A on x [0, 10]; file 2 is cube B on x [5, 15]
    ColumnStats x = ints(new long[] {0, 4}, new long[] {6, 10}, new long[] {5, 15});
    ColumnStats y = ints(new long[] {0, 10}, new long[] {0, 10}, new long[] {0, 10});
    CubeOverlap.Box a = box(List.of(x, y), 0, 1);
    CubeOverlap.Box b = box(List.of(x, y), 2);
    assertEquals(5.0 / 15, CubeOverlap.of(a, b), 1e-12); // x: 5 of 15, y: identical
    assertEquals(1.0, CubeOverlap.of(a, a), 1e-12);
    assertEquals(CubeOverlap.of(a, b), CubeOverlap.of(b, a), 1e-12);
    // the union box is the merged group's box
    CubeOverlap.Box u = a.union(b);
    assertEquals(1.0, CubeOverlap.of(u, box(List.of(x, y), 0, 1, 2)), 1e-12);
  }

  @Test
  void disjointPointsAndMissingBounds() {
    ColumnStats x = ints(new long[] {0, 4}, new long[] {5, 9}, new long[] {3, 3},
        new long[] {3, 3});
    List<ColumnStats> cols = List.of(x);
    assertEquals(0.0, CubeOverlap.of(box(cols, 0), box(cols, 1)), 0);
    assertEquals(1.0, CubeOverlap.of(box(cols, 2), box(cols, 3)), 0); // same single point
    assertEquals(0.0, CubeOverlap.of(box(cols, 2), box(cols, 1)), 0);
    ColumnStats.Builder nb = new ColumnStats.Builder("z", DataTypes.LongType, true, true);
    nb.addKeys(false, 0, false, 0, 1);
    nb.addKeys(true, 1, true, 2, 0);
    List<ColumnStats> z = List.of(nb.build());
    assertEquals(0.0, CubeOverlap.of(box(z, 0), box(z, 1)), 0); // no bounds: not overlapping
  }

  @Test
  void stringsOnTheirBytesIndependentOfOtherFiles() {
    ColumnStats.Builder b = new ColumnStats.Builder("s", DataTypes.StringType, true, true);
    b.add("a", "c", 0L);
    b.add("b", "d", 0L);
    List<ColumnStats> two = List.of(b.build());
    ColumnStats.Builder b3 = new ColumnStats.Builder("s", DataTypes.StringType, true, true);
    b3.add("a", "c", 0L);
    b3.add("b", "d", 0L);
    b3.add("aa", "zz", 0L); // a third file changes ranks, not the overlap of the first two
    List<ColumnStats> three = List.of(b3.build());
    double o2 = CubeOverlap.of(box(two, 0), box(two, 1));
    double o3 = CubeOverlap.of(box(three, 0), box(three, 1));
    assertEquals(1.0 / 3, o2, 1e-9); // 'b'..'c' of 'a'..'d'
    assertEquals(o2, o3, 0);
    assertTrue(CubeOverlap.stringPosition("a") < CubeOverlap.stringPosition("ab"));
  }
}
