package io.glutendelta.stats.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;

/** Compares native {@link FileAggregates} with the {@link ReferenceStats} oracle, bit-exactly for floats. */
final class StatsAssertions {
  private StatsAssertions() {}

  static void assertMatches(ReferenceStats expected, FileAggregates actual, String context) {
    assertEquals(expected.numRecords, actual.numRecords(), context + ": numRecords");
    assertEquals(expected.leaves.size(), actual.leafCount(), context + ": leaf count");
    for (int i = 0; i < actual.leafCount(); i++) {
      LeafColumn leaf = actual.leaf(i);
      String where = context + ", column " + leaf.name() + " (" + leaf.kind() + ")";
      assertEquals(expected.nullCount[i], actual.nullCount(i), where + ": nullCount");
      if (!leaf.collectsMinMax()) {
        assertFalse(actual.hasMinMax(i), where + ": min/max reported for a kind that collects none");
        continue;
      }
      assertEquals(expected.min[i] != null, actual.hasMinMax(i), where + ": hasMinMax");
      if (expected.min[i] == null) {
        continue;
      }
      switch (leaf.kind().encoding()) {
        case INT64:
          assertEquals((long) (Long) expected.min[i], actual.minLong(i), where + ": min");
          assertEquals((long) (Long) expected.max[i], actual.maxLong(i), where + ": max");
          break;
        case FLOAT64:
          assertSameDouble((Double) expected.min[i], actual.minDouble(i), where + ": min");
          assertSameDouble((Double) expected.max[i], actual.maxDouble(i), where + ": max");
          break;
        case DECIMAL128:
          assertEquals((BigInteger) expected.min[i], actual.minUnscaled(i), where + ": min");
          assertEquals((BigInteger) expected.max[i], actual.maxUnscaled(i), where + ": max");
          assertEquals(fitsLong((BigInteger) expected.min[i]), actual.minUnscaledFitsLong(i), where + ": min fits long");
          if (actual.maxUnscaledFitsLong(i)) {
            assertEquals(((BigInteger) expected.max[i]).longValueExact(), actual.maxUnscaledLong(i), where + ": max");
          }
          break;
        case UTF8:
          assertArrayEquals((byte[]) expected.min[i], actual.minUtf8(i), where + ": min");
          assertArrayEquals((byte[]) expected.max[i], actual.maxUtf8(i), where + ": max");
          break;
        default:
          fail(where + ": unexpected encoding");
      }
    }
  }

  /** Same value including the sign of zero (Delta prints -0.0 and 0.0 differently); any NaN matches NaN. */
  static void assertSameDouble(double expected, double actual, String message) {
    if (Double.isNaN(expected) && Double.isNaN(actual)) {
      return;
    }
    assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
        message + ": expected " + expected + " but was " + actual);
  }

  private static boolean fitsLong(BigInteger v) {
    return v.bitLength() <= 63;
  }
}
