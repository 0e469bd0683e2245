package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class E2eOptionsTest {
  @Test
  void defaultsAreAllSixTablesThreeModesThreeRounds() {
    E2eOptions o = E2eOptions.parse(new String[0]);
    assertEquals(6, o.tables().size());
    assertEquals(List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF), o.modes());
    assertEquals(3, o.rounds());
    assertEquals(1, o.warmupRounds());
  }

  @Test
  void flagsParseAndBadInputIsRejectedWithUsage() {
    E2eOptions o = E2eOptions.parse(new String[] {"--sf", "0.5", "--tables", "Store_Sales, item", "--modes", "off,native", "--rounds", "5"});
    assertEquals(0.5, o.scaleFactor());
    assertEquals(List.of("store_sales", "item"), o.tables());
    assertEquals(List.of(WriteMode.OFF, WriteMode.NATIVE), o.modes());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--modes", "fast"}));
    assertTrue(e.getMessage().contains("fast"));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--rounds", "0"}));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--sf"}));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--bogus"}));
    // the A/A control is its own mode; a mode listed twice would mix two writes into one sample set
    assertEquals(List.of(WriteMode.NATIVE, WriteMode.OFF, WriteMode.OFF_AGAIN),
        E2eOptions.parse(new String[] {"--modes", "native,off,off-again"}).modes());
    e = assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--modes", "off,off"}));
    assertTrue(e.getMessage().contains("off_again"), e.getMessage());
  }
}
