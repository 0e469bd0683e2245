package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.glutendelta.stats.bench.report.Samples;
import org.junit.jupiter.api.Test;

class E2eReportTest {
  private static Samples of(double... v) {
    Samples s = new Samples();
    for (double x : v) {
      s.add(x);
    }
    return s;
  }

  @Test
  void pairedRatiosDivideRoundByRound() {
    // ratio of medians 6/4 = 1.5, but per round 1.0, 1.5, 1.0: the paired median is 1.0
    Samples r = E2eReport.pairedRatios(of(4, 6, 9), of(4, 4, 9));
    assertEquals(3, r.count());
    assertEquals(1.0, r.median(), 1e-12);
    assertEquals(1.5, r.max(), 1e-12);
  }

  @Test
  void unpairedSamplesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> E2eReport.pairedRatios(of(1, 2), of(1)));
  }
}
