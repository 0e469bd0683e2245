package io.glutendelta.stats.tablestats;

import io.glutendelta.stats.skipping.ScanEstimate;
import io.glutendelta.stats.skipping.Predicate;
import io.glutendelta.stats.skipping.SkippingEvaluator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Driver heap of the columnar model. The default run builds 100 k synthetic files; with
 * -Dgds.heavy=true it builds 1 M and prints the measured heap for the notes.
 */
class TableStatsMemoryTest {

  static TableStats synthetic(int files, long seed) {
    ColumnStats.Builder id = new ColumnStats.Builder("id", DataTypes.LongType, true, true);
    ColumnStats.Builder d = new ColumnStats.Builder("d", DataTypes.DateType, true, true);
    ColumnStats.Builder ts = new ColumnStats.Builder("ts", DataTypes.TimestampType, true, true);
    ColumnStats.Builder s = new ColumnStats.Builder("s", DataTypes.StringType, true, true);
    TableStats.Builder b = new TableStats.Builder(1, List.of(id, d, ts, s),
        List.of("id", "d"));
    Random r = new Random(seed);
    String cube = UUID.randomUUID().toString();
    for (int i = 0; i < files; i++) {
      b.addFile("part-" + String.format("%05d", i % 100000) + "-" + new UUID(r.nextLong(),
          r.nextLong()) + "-c000.snappy.parquet", 100_000_000L + r.nextInt(1 << 20), 1_000_000L,
          0, i % 2 == 0 ? "liquid" : null, i % 2 == 0 ? cube : null,
          i % 2 == 0 ? "[\"id\",\"d\"]" : null);
      long lo = (long) i * 1000;
      id.addKeys(true, lo, true, lo + r.nextInt(5000), 0);
      int day = 19000 + r.nextInt(3000);
      d.addKeys(true, day, true, day + r.nextInt(10), 0);
      long t = 1_700_000_000_000_000L + r.nextInt(1 << 30) * 1000L;
      ts.addKeys(true, t, true, t + 1_000_000L, 5);
      s.add("customer-" + r.nextInt(50_000), "customer-" + (50_000 + r.nextInt(50_000)), 0L);
    }
    return b.build();
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }

  private static void measure(int files, long maxBytesPerFile) {
    long before = usedHeap();
    TableStats m = synthetic(files, 5);
    long after = usedHeap();
    long perFile = (after - before) / files;
    SkippingEvaluator eval = new SkippingEvaluator(m);
    long t0 = System.nanoTime();
    ScanEstimate e = eval.estimate(Predicate.eq("id", 5_000_000L));
    long ms = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf("file-stats model: %d files, 4 columns: %.1f MiB heap (%d B/file), "
        + "estimate %d B/file; one point predicate over all files: %d ms%n", files,
        (after - before) / 1048576.0, perFile, m.estimatedBytes() / files, ms);
    assertEquals(files, m.numFiles());
    assertTrue(e.numFilesRead() >= 1 && e.numFilesRead() < 10, "files read " + e.numFilesRead());
    // Measured heap is GC-dependent: a loose bound that still catches an object-per-value model.
    assertTrue(perFile < maxBytesPerFile, perFile + " bytes per file");
  }

  @Test
  void hundredThousandFilesStayCompact() {
    measure(100_000, 600);
  }

  @Test
  void oneMillionFiles() {
    org.junit.jupiter.api.Assumptions.assumeTrue(Boolean.getBoolean("gds.heavy"),
        "heavy: -Dgds.heavy=true");
    measure(1_000_000, 600);
  }
}
