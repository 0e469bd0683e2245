package io.glutendelta.stats.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JMH baselines must compute what the engine computes, or the speed comparison is
 * meaningless: the Java columnar loop and the native engine agree on every leaf's null count,
 * min and max over the benchmark fixtures (small here: 3 batches × 500 rows).
 */
class JavaLoopAgreesWithEngineTest {
  @ParameterizedTest
  @EnumSource(BatchFixtures.Family.class)
  void javaLoopEqualsNativeEngine(BatchFixtures.Family family) {
    try (RootAllocator alloc = new RootAllocator()) {
      List<VectorSchemaRoot> roots = BatchFixtures.batches(family, alloc, 3, 500, 11);
      try (NativeAggregator task = NativeAggregator.create(alloc, roots.get(0).getSchema())) {
        JavaColumnarStats java = new JavaColumnarStats();
        task.beginFile(1);
        for (VectorSchemaRoot r : roots) {
          task.addBatch(1, r);
          java.add(r);
        }
        FileAggregates stats = task.finishFile(1);
        assertEquals(1500, stats.numRecords());
        assertEquals(BatchFixtures.leafCount(family), stats.leafCount());
        assertEquals(stats.leafCount(), java.leaves().size());
        int compared = 0;
        for (int i = 0; i < stats.leafCount(); i++) {
          JavaColumnarStats.Leaf leaf = java.leaves().get(i);
          String where = family + " leaf " + String.join(".", leaf.path);
          assertEquals(stats.nullCount(i), leaf.nullCount(), where + " nullCount");
          if (family != BatchFixtures.Family.WIDE) { // TPC-DS keys are NOT NULL; synthetic columns mix nulls
            assertTrue(leaf.nullCount() > 0 && leaf.nullCount() < 1500, where + ": fixture should mix nulls");
          }
          if (!stats.hasMinMax(i)) {
            continue;
          }
          compared++;
          Object min = stats.min(i);
          Object max = stats.max(i);
          if (leaf.minB != null) {
            assertArrayEquals(stats.minUtf8(i), leaf.minB, where + " min");
            assertArrayEquals(stats.maxUtf8(i), leaf.maxB, where + " max");
          } else if (min instanceof java.math.BigDecimal) {
            assertEquals(stats.minUnscaled(i), int128(leaf.minHi, leaf.minLo), where + " min");
            assertEquals(stats.maxUnscaled(i), int128(leaf.maxHi, leaf.maxLo), where + " max");
          } else if (min instanceof Double || min instanceof Float) {
            assertEquals(stats.minDouble(i), leaf.minD, where + " min");
            assertEquals(stats.maxDouble(i), leaf.maxD, where + " max");
          } else {
            assertEquals(stats.minLong(i), leaf.minL, where + " min " + min);
            assertEquals(stats.maxLong(i), leaf.maxL, where + " max " + max);
          }
        }
        assertTrue(compared > 0 || family == BatchFixtures.Family.NESTED, family + ": no min/max compared");
      } finally {
        roots.forEach(VectorSchemaRoot::close);
      }
    }
  }

  private static BigInteger int128(long hi, long lo) {
    return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
  }
}
