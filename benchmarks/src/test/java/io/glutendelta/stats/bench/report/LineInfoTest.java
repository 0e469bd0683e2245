package io.glutendelta.stats.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LineInfoTest {
  @Test
  void theJarOnTheClasspathIsTheLineOfTheSparkAndScalaBesideIt() {
    // -Dgds.line=L must bring L's jar next to L's Spark, not the default jar next to another Spark
    String[] spark = org.apache.spark.package$.MODULE$.SPARK_VERSION().split("\\.");
    String[] scalaVersion = scala.util.Properties$.MODULE$.versionNumberString().split("\\.");
    String line = LineInfo.jarLine();
    assertNotNull(line, "no line resource on the classpath");
    assertEquals("spark" + spark[0] + "." + spark[1] + "_" + scalaVersion[0] + "." + scalaVersion[1], line);
    assertTrue(LineInfo.describe().contains(line), LineInfo.describe());
    LineInfo.require(line);
    LineInfo.require(null);
  }

  @Test
  void anotherLineIsRefusedNamingBoth() {
    assertNull(LineInfo.mismatch(null, "spark4.2_2.13"));
    assertNull(LineInfo.mismatch("spark3.5_2.12", "spark3.5_2.12"));
    String m = LineInfo.mismatch("spark3.5_2.12", "spark4.2_2.13");
    assertTrue(m.contains("spark3.5_2.12") && m.contains("spark4.2_2.13"), m);
    assertTrue(LineInfo.mismatch("spark4.0_2.13", null).contains("no known line"));
    String other = LineInfo.jarLine().equals("spark3.5_2.12") ? "spark4.0_2.13" : "spark3.5_2.12";
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> LineInfo.require(other));
    assertTrue(e.getMessage().contains(other), e.getMessage());
  }

  @Test
  void lineIdsHaveTheShapeOfTheFolders() {
    assertEquals("spark3.5_2.12", LineInfo.requireId("spark3.5_2.12"));
    assertEquals("spark4.2_2.13", LineInfo.requireId("spark4.2_2.13"));
    for (String bad : new String[] {"3.5", "spark3.5", "spark3.5_2.12/../x", "Spark4.0_2.13", ""}) {
      assertThrows(IllegalArgumentException.class, () -> LineInfo.requireId(bad), bad);
    }
    assertThrows(IllegalArgumentException.class, () -> LineInfo.requireId(null));
  }
}
