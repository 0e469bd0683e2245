package io.glutendelta.stats.bench.writeamp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AmplificationSeriesTest {
  private static AmplificationSeries.Run run(long appended, long rewritten, long clustered, double secs,
      Map<String, Long> filesRead) {
    return new AmplificationSeries.Run(appended, rewritten, clustered, rewritten, 1, 1, secs, "OPTIMIZE", 10, 100,
        filesRead);
  }

  @Test
  void perRunAndCumulativeRatios() {
    AmplificationSeries s = new AmplificationSeries();
    s.add(run(10, 40, 30, 2, Map.of("x point", 5L)));
    s.add(run(10, 0, 0, 1, Map.of()));
    s.add(run(20, 60, 0, 3, Map.of("x point", 3L)));
    assertEquals(4.0, s.runs().get(0).ratio(), 1e-12);
    assertEquals(0.0, s.runs().get(1).ratio(), 1e-12);
    assertArrayEquals(new double[] {4.0, 2.0, 2.5}, s.cumulativeRatios(), 1e-12); // 40/10, 40/20, 100/40
    assertEquals(30.0 / 40, s.cumulativeClusteredRatio(2), 1e-12);
    assertEquals(100, s.totalRewritten());
    assertEquals(30, s.totalRewrittenClustered());
    assertEquals(40, s.totalAppended());
    assertEquals(2, s.optimizeSeconds().median(), 1e-12);
    assertEquals(Map.of("x point", 3L), s.lastFilesRead());
    assertThrows(IndexOutOfBoundsException.class, () -> s.cumulativeRatio(3));
  }

  @Test
  void nothingAppendedIsNotARatioAndVsDeltaDividesTotals() {
    assertTrue(Double.isNaN(AmplificationSeries.ratio(5, 0)));
    AmplificationSeries ours = new AmplificationSeries();
    ours.add(run(10, 5, 0, 1, Map.of()));
    AmplificationSeries delta = new AmplificationSeries();
    delta.add(run(10, 50, 45, 1, Map.of()));
    assertEquals(0.1, WriteAmpReport.bytesVsDelta(ours, delta), 1e-12);
    assertEquals(Map.of(), ours.lastFilesRead());
  }
}
