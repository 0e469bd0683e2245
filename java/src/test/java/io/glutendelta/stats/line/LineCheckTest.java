package io.glutendelta.stats.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.line.LineCheck.Line;
import io.glutendelta.stats.line.LineCheck.Running;
import org.junit.jupiter.api.Test;

/** The line decision as a function of versions, and what this test JVM's own jar line says. */
class LineCheckTest {
  private static final Line S42 = line("spark4.2_2.13");
  private static final Line S35_212 = line("spark3.5_2.12");

  private static Line line(String id) {
    return LineCheck.KNOWN.stream().filter(l -> l.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void anyPatchLevelOfTheJarsLinePasses() {
    assertNull(LineCheck.mismatch(S42, new Running("4.2.0", "4.4.0", "2.13.18")));
    assertNull(LineCheck.mismatch(S42, new Running("4.2.3", "4.4.1", "2.13.16")));
    assertNull(LineCheck.mismatch(S35_212, new Running("3.5.9", "3.3.3", "2.12.18")));
    assertNull(LineCheck.mismatch(line("spark4.0_2.13"), new Running("4.0.4", "4.0.0", "2.13.16")));
    assertNull(LineCheck.mismatch(line("spark3.5_2.13"), new Running("3.5.5", "3.3.2", "2.13.8")));
  }

  @Test
  void wrongLineNamesTheJarThatFits() {
    String m = LineCheck.mismatch(S42, new Running("3.5.5", "3.3.2", "2.12.18"));
    assertEquals("gluten-delta-stats: this is gluten-delta-stats-spark4.2_2.13.jar (Spark 4.2 / Delta 4.4 / "
        + "Scala 2.13), but this application runs Spark 3.5.5 / Delta 3.3.2 / Scala 2.12.18; native "
        + "statistics are off and Delta computes its own statistics. Use gluten-delta-stats-spark3.5_2.12.jar.", m);
    assertTrue(LineCheck.mismatch(S35_212, new Running("3.5.5", "3.3.2", "2.13.8"))
        .endsWith("Use gluten-delta-stats-spark3.5_2.13.jar."));
    assertTrue(LineCheck.mismatch(S42, new Running("4.0.4", "4.0.1", "2.13.16"))
        .endsWith("Use gluten-delta-stats-spark4.0_2.13.jar."));
  }

  @Test
  void eachVersionAloneDecides() {
    assertNotNull(LineCheck.mismatch(S42, new Running("4.1.0", "4.4.0", "2.13.18")), "Spark minor");
    assertNotNull(LineCheck.mismatch(S42, new Running("4.2.0", "4.3.0", "2.13.18")), "Delta minor");
    assertNotNull(LineCheck.mismatch(S35_212, new Running("3.5.5", "3.3.2", "2.13.8")), "Scala binary");
    assertNotNull(LineCheck.mismatch(S42, new Running("4.2.0", null, "2.13.18")), "no Delta");
  }

  @Test
  void unknownCombinationListsTheBuilds() {
    // Delta 4.4 also ships for Spark 4.0 (delta-spark_4.0_2.13): not a line of ours (yet).
    String m = LineCheck.mismatch(S42, new Running("4.0.1", "4.4.0", "2.13.16"));
    assertTrue(m.contains("No gluten-delta-stats build exists for that combination"), m);
    for (Line l : LineCheck.KNOWN) {
      assertTrue(m.contains(l.jar()), m);
    }
    String noDelta = LineCheck.mismatch(S42, new Running("4.2.0", null, "2.13.18"));
    assertTrue(noDelta.contains("no Delta Lake") && noDelta.endsWith("Add Delta Lake (delta-spark) to use it."),
        noDelta);
  }

  @Test
  void lineForFindsExactlyTheKnownLines() {
    for (Line l : LineCheck.KNOWN) {
      assertEquals(l, LineCheck.lineFor(new Running(l.spark() + ".1", l.delta() + ".2", l.scala() + ".7")));
    }
    assertNull(LineCheck.lineFor(new Running("3.4.1", "2.4.0", "2.12.17")));
  }

  @Test
  void rtasWarningOnlyForSpark356AndLaterWithDelta332OrOlder() {
    assertNull(LineCheck.rtasWarning(new Running("3.5.5", "3.3.2", "2.12.18")));
    assertNull(LineCheck.rtasWarning(new Running("3.5.6", "3.3.3", "2.12.18")));
    assertNull(LineCheck.rtasWarning(new Running("4.0.4", "4.0.0", "2.13.16")));
    assertNull(LineCheck.rtasWarning(new Running("3.5.9", null, "2.12.18")));
    String w = LineCheck.rtasWarning(new Running("3.5.6", "3.3.2", "2.12.18"));
    assertNotNull(w);
    assertTrue(w.contains("delta-io/delta#4671") && w.contains("Delta 3.3.3"), w);
    assertNotNull(LineCheck.rtasWarning(new Running("3.5.9", "3.2.1", "2.13.8")));
  }

  @Test
  void versionParsingKeepsMajorMinorOfAnyForm() {
    assertEquals("3.5", LineCheck.majorMinor("3.5.5"));
    assertEquals("2.13", LineCheck.majorMinor("2.13.8"));
    assertEquals("4.0", LineCheck.majorMinor("4.0.0-SNAPSHOT"));
    assertEquals("4.2", LineCheck.majorMinor("4.2"));
    assertEquals("unknown", LineCheck.majorMinor(null));
  }

  @Test
  void thisBuildsJarLineIsTheRunningOne() {
    Running running = LineCheck.running();
    assertNotNull(running.spark());
    assertNotNull(running.delta());
    assertNotNull(running.scala());
    assertEquals(LineCheck.lineFor(running), LineCheck.jarLine(), "line.properties vs " + running);
    assertNull(LineCheck.problem());
  }
}
