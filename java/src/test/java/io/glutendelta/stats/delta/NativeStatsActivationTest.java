package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Start-up self-check (no Spark session needed). */
class NativeStatsActivationTest {

  @Test
  void observerTraitMatchesThePinnedDeltaVersion() {
    assertEquals(NativeStatsRuntime.PINNED_OBSERVER_METHODS, NativeStatsRuntime.abstractMethods());
    assertNull(NativeStatsRuntime.hookProblem(), "hook should be usable in the test build");
  }
}
