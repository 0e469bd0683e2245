package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmRunTest {
  private static final long S = 1_000_000_000L;

  /** A JVM launched at t=100 s, session ready at 110 s, writes of 8, 5, 4, 6 s back to back. */
  private static JvmRun sample() {
    JvmRun r = new JvmRun();
    r.launchNanos = 100 * S;
    r.sessionReadyNanos = 110 * S;
    r.cpuToFirstWriteSeconds = 31.5;
    r.sourceRows = 2_880_404;
    r.heapMaxBytes = 6L << 30;
    r.heapPreTouched = true;
    r.rssPeakPerWrite = true;
    r.arrowPeakBytes = 7L << 20;
    long t = 110 * S;
    double[] secs = {8, 5, 4, 6};
    long[] rss = {900L << 20, 1200L << 20, 1000L << 20, 1100L << 20};
    for (int i = 0; i < secs.length; i++) {
      long end = t + (long) (secs[i] * S);
      r.writes.add(new JvmRun.Write(t, end, 2 * secs[i], 0.25, rss[i], i == 0 ? -1 : 300L << 20, 4, 4));
      t = end;
    }
    return r;
  }

  @Test
  void coldIsTheFirstWriteAndWarmTheMedianAfterTheWarmupWrites() {
    JvmRun r = sample();
    assertEquals(8, r.coldSeconds(), 1e-9);
    assertEquals(16, r.coldCpuSeconds(), 1e-9);
    assertEquals(10, r.sessionStartSeconds(), 1e-9);
    assertEquals(18, r.secondsToFirstWrite(), 1e-9); // launch 100 s → first write done at 118 s
    assertEquals(5, r.warmSeconds(1), 1e-9); // median of 5, 4, 6
    assertEquals(5, r.warmSeconds(2), 1e-9); // median of 4, 6
    assertEquals(10, r.warmCpuSeconds(1), 1e-9); // median of 10, 8, 12
    assertEquals(1200L << 20, r.peakRssBytes());
    assertEquals(300L << 20, r.peakHeapAfterGcBytes());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.warmSeconds(4));
    assertTrue(e.getMessage().contains("no timed write"), e.getMessage());
  }

  @Test
  void linesRoundTripAndBadLinesAreRefused() {
    JvmRun r = sample();
    r.problems.add("native: wrong stats path\n(two lines)");
    JvmRun back = JvmRun.parse(r.toLines());
    assertEquals(r.toLines(), back.toLines());
    assertEquals(4, back.writes.size());
    assertEquals(r.writes.get(2), back.writes.get(2));
    assertEquals(List.of("native: wrong stats path (two lines)"), back.problems);
    assertTrue(back.heapPreTouched && back.rssPeakPerWrite);
    assertEquals(7L << 20, back.arrowPeakBytes);
    assertEquals(-1, JvmRun.parse(List.of("launch_ns 1")).arrowPeakBytes, "a result without the line: unknown");
    assertThrows(IllegalArgumentException.class, () -> JvmRun.parse(List.of("write 1 2 3")));
    assertThrows(IllegalArgumentException.class, () -> JvmRun.parse(List.of("colour blue")));
  }

  @Test
  void childArgsRoundTripAndAreValidated() {
    ModeJvm.Args a = new ModeJvm.Args(WriteMode.OFF_AGAIN, "store_sales", Path.of("/src"), Path.of("/w"),
        Path.of("/logs"), 5, "local[2]", "x.Plugin", 42L, Path.of("/out.txt"), 0);
    assertEquals(a, ModeJvm.Args.parse(a.toList().toArray(new String[0])));
    assertThrows(IllegalArgumentException.class, () -> ModeJvm.Args.parse(new String[] {"--mode", "native"}));
    ModeJvm.Args p = new ModeJvm.Args(WriteMode.NATIVE, PartitionedVariant.TABLE, Path.of("/src"), Path.of("/w"),
        Path.of("/logs"), 2, "local[2]", "x.Plugin", 42L, Path.of("/out.txt"), 0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ModeJvm.Args.parse(p.toList().toArray(new String[0])));
    assertTrue(e.getMessage().contains("--partition-writers"), e.getMessage());
  }
}
