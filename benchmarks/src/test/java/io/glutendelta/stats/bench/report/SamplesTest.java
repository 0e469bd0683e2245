package io.glutendelta.stats.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SamplesTest {
  @Test
  void medianOfOddAndEvenCountsAndRange() {
    Samples s = new Samples();
    s.add(9);
    s.add(1);
    s.add(5);
    assertEquals(5, s.median());
    s.add(7);
    assertEquals(6, s.median());
    assertEquals(1, s.min());
    assertEquals(9, s.max());
    assertEquals(4, s.count());
  }

  @Test
  void emptySamplesRefuseToSummarise() {
    assertThrows(IllegalStateException.class, () -> new Samples().median());
  }

  @Test
  void sumByIndexAddsTheIthValueOfEverySeries() {
    Samples a = new Samples();
    Samples b = new Samples();
    a.add(1);
    a.add(2);
    b.add(10);
    b.add(30);
    assertEquals(java.util.List.of(11.0, 32.0), Samples.sumByIndex(java.util.List.of(a, b)).values());
    b.add(5);
    assertThrows(IllegalArgumentException.class, () -> Samples.sumByIndex(java.util.List.of(a, b)));
    assertThrows(IllegalArgumentException.class, () -> Samples.sumByIndex(java.util.List.of()));
  }
}
