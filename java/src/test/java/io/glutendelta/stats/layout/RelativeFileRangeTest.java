package io.glutendelta.stats.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.tablestats.ColumnStats;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/** The reference's unit values for relativeFileRange. */
class RelativeFileRangeTest {

  private static ColumnStats longs(long[][] ranges) {
    ColumnStats.Builder b = new ColumnStats.Builder("c", DataTypes.LongType, true, true);
    for (long[] r : ranges) {
      b.add(r[0], r[1], 0L);
    }
    return b.build();
  }

  @Test
  void onePerDistinctValueIsZero() {
    assertEquals(0.0, RelativeFileRange.of(longs(new long[][] {{1, 1}, {2, 2}, {3, 3}}))
        .getAsDouble(), 1e-12);
  }

  @Test
  void disjointPairsIsOneThird() {
    assertEquals(1.0 / 3, RelativeFileRange.of(longs(new long[][] {{1, 2}, {3, 4}}))
        .getAsDouble(), 1e-12);
  }

  @Test
  void everyFileSpansEverythingIsOne() {
    assertEquals(1.0, RelativeFileRange.of(longs(new long[][] {{1, 9}, {1, 9}}))
        .getAsDouble(), 1e-12);
  }

  @Test
  void stringsUseRanks() {
    ColumnStats.Builder b = new ColumnStats.Builder("s", DataTypes.StringType, true, true);
    b.add("a", "z", 0L);
    b.add("b", "c", 0L);
    assertEquals((3.0 + 1.0) / 2 / 3, RelativeFileRange.of(b.build()).getAsDouble(), 1e-12);
  }

  @Test
  void oneFileIsUndefined() {
    assertTrue(RelativeFileRange.of(longs(new long[][] {{1, 5}})).isEmpty());
  }

  @Test
  void allValuesEqualIsUndefined() {
    assertTrue(RelativeFileRange.of(longs(new long[][] {{7, 7}, {7, 7}, {7, 7}})).isEmpty());
  }

  @Test
  void filesWithoutBoundsAreIgnored() {
    ColumnStats.Builder b = new ColumnStats.Builder("c", DataTypes.LongType, true, true);
    b.add(1L, 2L, 0L);
    b.add(null, null, 5L); // all-null file
    b.add(3L, 4L, 0L);
    assertEquals(1.0 / 3, RelativeFileRange.of(b.build()).getAsDouble(), 1e-12);
  }

  @Test
  void overlapDepthCountsCoveringFiles() {
    // [1,4] [2,3] [5,6]: points 1..6 -> depths 1,2,2,1,1,1
    OverlapDepth d = OverlapDepth.of(new long[] {1, 2, 5}, new long[] {4, 3, 6});
    assertEquals(2, d.max());
    assertEquals(8.0 / 6, d.average(), 1e-12);
    assertEquals(6, d.points());
    OverlapDepth same = OverlapDepth.of(new long[] {0, 0, 0}, new long[] {9, 9, 9});
    assertEquals(3, same.max());
    assertEquals(3.0, same.average(), 1e-12);
  }
}
