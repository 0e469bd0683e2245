package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * Runs one write twice, native off then on, on two tables prepared identically, and compares
 * the stats strings of the files each run committed. Counters prove which tracker ran.
 */
final class WriteScenarios {
  private WriteScenarios() {}

  interface Op {
    void run(String table, String path) throws Exception;
  }

  record Outcome(List<String> vanilla, List<String> nativeStats, NativeStatsMetrics.Snapshot vanillaDelta,
      NativeStatsMetrics.Snapshot nativeDelta) {}

  static Outcome compare(SparkSession spark, String name, Op setup, Op write) throws Exception {
    Path base = Files.createTempDirectory("gds-" + name);
    String offTable = name + "_off";
    String onTable = name + "_on";
    String offPath = base.resolve("off").toString();
    String onPath = base.resolve("on").toString();
    spark.conf().set(NativeStatsConf.ENABLED, "false");
    if (setup != null) {
      setup.run(offTable, offPath);
      setup.run(onTable, onPath);
    }
    NativeStatsMetrics.Snapshot s0 = NativeStatsMetrics.snapshot();
    write.run(offTable, offPath);
    NativeStatsMetrics.Snapshot s1 = NativeStatsMetrics.snapshot();
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    try {
      write.run(onTable, onPath);
    } finally {
      spark.conf().set(NativeStatsConf.ENABLED, "true");
    }
    NativeStatsMetrics.Snapshot s2 = NativeStatsMetrics.snapshot();
    List<String> off = DeltaLogStats.lastCommitAddStats(offPath);
    List<String> on = DeltaLogStats.lastCommitAddStats(onPath);
    return new Outcome(off, on, s1.minus(s0), s2.minus(s1));
  }

  /**
   * Appends the same data twice to ONE table, native off then on, and compares the two commits.
   * Needed under column mapping, whose physical names are random per table.
   */
  static Outcome compareSameTable(SparkSession spark, String name, Op setup, Op append) throws Exception {
    String path = Files.createTempDirectory("gds-" + name).resolve("t").toString();
    spark.conf().set(NativeStatsConf.ENABLED, "false");
    if (setup != null) {
      setup.run(name, path);
    }
    NativeStatsMetrics.Snapshot s0 = NativeStatsMetrics.snapshot();
    append.run(name, path);
    long vanillaVersion = DeltaLogStats.latestVersion(path);
    NativeStatsMetrics.Snapshot s1 = NativeStatsMetrics.snapshot();
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    append.run(name, path);
    NativeStatsMetrics.Snapshot s2 = NativeStatsMetrics.snapshot();
    return new Outcome(DeltaLogStats.addStats(path, vanillaVersion), DeltaLogStats.lastCommitAddStats(path),
        s1.minus(s0), s2.minus(s1));
  }

  static Outcome assertIdenticalSameTable(SparkSession spark, String name, Op setup, Op append) throws Exception {
    return check(name, compareSameTable(spark, name, setup, append));
  }

  /** Byte-identical stats, our tracker ran for every committed file, and not in the vanilla run. */
  static Outcome assertIdentical(SparkSession spark, String name, Op setup, Op write) throws Exception {
    return check(name, compare(spark, name, setup, write));
  }

  private static Outcome check(String name, Outcome o) {
    assertFalse(o.nativeStats().isEmpty(), name + ": the write committed no file");
    assertEquals(o.vanilla(), o.nativeStats(), name + ": stats differ from vanilla Delta");
    assertEquals(0, o.vanillaDelta().filesNative(), name + ": native tracker ran with the switch off");
    assertEquals(0, o.vanillaDelta().writesNative(), name + ": native job tracker used with the switch off");
    assertTrue(o.nativeDelta().writesNative() >= 1, name + ": native job tracker not used");
    assertTrue(o.nativeDelta().filesNative() >= o.nativeStats().size(),
        name + ": native tracker produced " + o.nativeDelta().filesNative() + " files for "
            + o.nativeStats().size() + " committed");
    assertEquals(0, o.nativeDelta().taskFallbacks(), name + ": tasks fell back to Delta's tracker");
    for (String s : o.nativeStats()) {
      assertTrue(s.startsWith("{\"numRecords\":"), name + ": unexpected stats " + s);
    }
    return o;
  }
}
