package io.glutendelta.stats.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProgressTest {
  private static final long S = 1_000_000_000L;

  @Test
  void etaExtrapolatesTheWeightedRate() {
    Progress p = new Progress("t", 3, 100, 0);
    assertTrue(Double.isNaN(p.etaSeconds(5 * S)));
    p.advance(25); // a quarter of the work in 30 s → 90 s to go
    assertEquals(90, p.etaSeconds(30 * S), 1e-9);
    p.advance(75);
    assertEquals(0, p.etaSeconds(40 * S), 1e-9);
    String line = p.line(40 * S, "done");
    assertTrue(line.contains("2/3") && line.contains("100 %") && line.contains("ETA 0s") && line.endsWith("done"), line);
  }

  @Test
  void durationsAndBadArguments() {
    assertEquals("59s", Progress.duration(59.2));
    assertEquals("1m05s", Progress.duration(65));
    assertEquals("1h01m", Progress.duration(3700));
    assertEquals("?", Progress.duration(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new Progress("t", 0, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new Progress("t", 1, 0, 0));
  }
}
