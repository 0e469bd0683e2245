package io.glutendelta.stats.clustering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 004's numbers on real Delta tables. */
class Seed004ExperimentTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("seed-004", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @Test
  void layoutsGiveTheSeedNumbers() {
    List<Seed004Experiment.Result> r = Seed004Experiment.run(spark, dir);
    System.out.println(Seed004Experiment.markdown(r));
    for (Seed004Experiment.Result each : r) {
      assertEquals(16, each.files(), each.layout());
    }
    Seed004Experiment.Result unsorted = r.get(0);
    Seed004Experiment.Result sorted = r.get(1);
    Seed004Experiment.Result z = r.get(2);
    Seed004Experiment.Result h = r.get(3);
    assertEquals(2.0, sorted.avgFilesForX(), 1e-9);
    assertEquals(8.0, sorted.avgFilesForY(), 1e-9);
    assertEquals(4.0, z.avgFilesForX(), 1e-9);
    assertEquals(4.0, z.avgFilesForY(), 1e-9);
    // Aligned groups of 4 on a Hilbert curve are 2x2 squares too.
    assertEquals(4.0, h.avgFilesForX(), 1e-9);
    assertEquals(4.0, h.avgFilesForY(), 1e-9);
    // A random order makes most files span most values: far worse than any curve.
    assertTrue(unsorted.avgFilesForX() > 8 && unsorted.avgFilesForY() > 8, unsorted.toString());
  }
}
