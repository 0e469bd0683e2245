package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.bench.report.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmPerModeReportTest {
  @Test
  void statsCostRemovedIsTheShareOfVanillasExtraTimeThatNativeSaves() {
    // vanilla 10 s, off 6 s: statistics cost 4 s; native at 7 s removes 3 of them
    assertEquals(0.75, JvmPerModeReport.statsCostRemoved(10, 7, 6), 1e-12);
    assertEquals(1.0, JvmPerModeReport.statsCostRemoved(10, 6, 6), 1e-12);
    assertEquals(-0.25, JvmPerModeReport.statsCostRemoved(10, 11, 6), 1e-12); // native slower than vanilla
    assertTrue(Double.isNaN(JvmPerModeReport.statsCostRemoved(6, 6, 6)));
    assertEquals(" 75 % |", JvmPerModeReport.costRemovedCell(0.75));
    assertEquals(" – |", JvmPerModeReport.costRemovedCell(JvmPerModeReport.statsCostRemoved(6, 7, 6)));
  }

  @Test
  void concurrentTasksComeFromTheLocalMaster() {
    assertEquals(2, JvmPerModeReport.concurrentTasks("local[2]"));
    assertEquals(8, JvmPerModeReport.concurrentTasks("local[8,3]"));
    assertEquals(1, JvmPerModeReport.concurrentTasks("local"));
    assertEquals(Runtime.getRuntime().availableProcessors(), JvmPerModeReport.concurrentTasks("local[*]"));
    assertThrows(IllegalArgumentException.class, () -> JvmPerModeReport.concurrentTasks("spark://h:7077"));
    // a write of one input split has one task however many slots: 16 files open, not 32
    assertEquals(1, JvmPerModeReport.concurrentWriteTasks("local[2]", 16));
    assertEquals(2, JvmPerModeReport.concurrentWriteTasks("local[2]", 256));
    assertEquals(1, JvmPerModeReport.concurrentWriteTasks("local[4]", 5));
  }

  @Test
  void memoryOutsideTheHeapAndPerOpenFile() {
    JvmRun r = new JvmRun();
    r.heapMaxBytes = 4L << 30;
    r.writes.add(new JvmRun.Write(0, 1, 1, 0, (4L << 30) + (300L << 20), -1, 1, 0));
    assertEquals(300L << 20, JvmPerModeReport.outsideHeapBytes(r), 1e-6);
    // 8 MiB more than vanilla over 16 files × 2 tasks = 256 KiB per open file
    assertEquals(256 * 1024, JvmPerModeReport.perOpenFileBytes(8 << 20, 32), 1e-9);
    assertThrows(IllegalArgumentException.class, () -> JvmPerModeReport.perOpenFileBytes(1, 0));
  }

  @Test
  void arrowPeakIsReportedPerTableAndPerOpenFileOfThePartitionedWrite() {
    JvmPerModeResults res = new JvmPerModeResults();
    long[] peaks = {8L << 20, 6L << 20, 7L << 20}; // three rounds: median 7 MiB
    for (int round = 0; round < 3; round++) {
      for (WriteMode m : List.of(WriteMode.VANILLA, WriteMode.NATIVE)) {
        JvmRun r = new JvmRun();
        r.arrowPeakBytes = m == WriteMode.NATIVE ? peaks[round] : 0;
        res.record(round, false, PartitionedVariant.TABLE, m, r);
      }
    }
    res.table(PartitionedVariant.TABLE).filesPerWrite = 32; // 2 tasks under local[2]: 32 files open
    E2eOptions o = E2eOptions.parse(new String[] {"--modes", "vanilla,native"});
    StringBuilder md = new StringBuilder();
    JvmPerModeReport.appendArrowPeaks(md, o, res);
    assertTrue(md.toString().contains(PartitionedVariant.TABLE + " native 7168 KiB (32 files open: **224 KiB per open file**)"),
        md.toString());
    assertTrue(!md.toString().contains("vanilla"), "vanilla has no plugin: " + md);
    StringBuilder none = new StringBuilder();
    JvmPerModeReport.appendArrowPeaks(none, E2eOptions.parse(new String[] {"--modes", "vanilla,off"}), res);
    assertEquals("", none.toString());
  }

  @Test
  void modeOrderRotatesSoEveryModeLeadsEquallyOften() {
    List<WriteMode> m = List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF);
    assertEquals(m, JvmPerModeBenchmark.rotated(m, 0));
    assertEquals(List.of(WriteMode.NATIVE, WriteMode.OFF, WriteMode.VANILLA), JvmPerModeBenchmark.rotated(m, 1));
    assertEquals(List.of(WriteMode.OFF, WriteMode.VANILLA, WriteMode.NATIVE), JvmPerModeBenchmark.rotated(m, 5));
  }

  @Test
  void totalsArePerRoundSumsOverTables() {
    JvmPerModeResults res = new JvmPerModeResults();
    double[][] cold = {{10, 12, 11}, {2, 1, 3}}; // two tables, three rounds
    String[] tables = {"store_sales", "item"};
    for (int t = 0; t < 2; t++) {
      for (int round = 0; round < 3; round++) {
        JvmRun r = new JvmRun();
        r.writes.add(new JvmRun.Write(0, (long) (cold[t][round] * 1e9), 0, 0, 0, 0, 1, 0));
        res.record(round, false, tables[t], WriteMode.NATIVE, r);
      }
    }
    JvmRun warmup = new JvmRun();
    warmup.writes.add(new JvmRun.Write(0, 99_000_000_000L, 0, 0, 0, 0, 1, 0));
    res.record(0, true, "item", WriteMode.NATIVE, warmup); // discarded round: raw CSV only
    Samples total = res.totalPerRound(WriteMode.NATIVE, JvmRun::coldSeconds);
    assertEquals(List.of(12.0, 13.0, 14.0), total.values());
    assertEquals(1 + 3 + 3 + 1, res.rawCsv.size());
    assertEquals(0.5, JvmPerModeReport.ratioOfMedians(total, res.totalPerRound(WriteMode.NATIVE,
        r -> 2 * r.coldSeconds())), 1e-12);
  }
}
