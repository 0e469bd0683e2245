package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.delta.NativeStatsConf;
import io.glutendelta.stats.delta.NativeStatsExtension;
import io.glutendelta.stats.delta.NativeStatsMetrics;
import io.glutendelta.stats.line.LineCheck;
import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table with a VARIANT column, whose stats differ by Delta line: Delta 4.4 collects variant
 * min/max (a type the engine does not take), so the write must fall back cleanly to Delta's own
 * statistics with the reason logged once however many writes or tasks hit it; Delta 4.0 only
 * counts its nulls, which the native path computes. Either way byte-identical to vanilla.
 */
class UnsupportedTypeFallbackTest {
  private static SparkSession spark;

  /** Collects this project's log events (INFO and above) for the duration of the class. */
  private static final class Capture extends AbstractAppender {
    final List<String> lines = new CopyOnWriteArrayList<>();

    Capture() {
      super("gds-capture", null, null, true, Property.EMPTY_ARRAY);
    }

    @Override
    public void append(LogEvent event) {
      lines.add(event.getLevel() + " " + event.getLoggerName() + " " + event.getMessage().getFormattedMessage());
    }
  }

  private static final Capture CAPTURE = new Capture();
  private static final String PROJECT_LOGGER = "io.glutendelta.stats";

  @BeforeAll
  static void start() {
    spark = TestSpark.start("gds-unsupported", Map.of("spark.sql.extensions",
        "io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName()));
    StressEnv.markBaseline();
    // A logger config of our own at INFO: other suites may have turned Spark's root level to WARN.
    Configurator.setLevel(PROJECT_LOGGER, Level.INFO);
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    CAPTURE.start();
    ctx.getConfiguration().getLoggerConfig(PROJECT_LOGGER).addAppender(CAPTURE, Level.INFO, null);
    ctx.updateLoggers();
  }

  @AfterAll
  static void stop() {
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    ctx.getConfiguration().getLoggerConfig(PROJECT_LOGGER).removeAppender(CAPTURE.getName());
    ctx.updateLoggers();
    CAPTURE.stop();
    TestSpark.stop();
  }

  private static void write(String path) {
    spark.range(0, 6000, 1, 3).selectExpr("id", "concat('s', id % 17) as s",
            "if(id % 4 = 0, null, parse_json(concat('{\"a\":', id, ',\"b\":[1,2]}'))) as v")
        .write().format("delta").mode("append").save(path);
  }

  @Test
  void variantColumnStatsEqualVanillaAndFallBackWhereDeltaTakesMinMax() throws Exception {
    String base = StressEnv.tempDir("gds-variant").toString();
    spark.conf().set(NativeStatsConf.ENABLED, "false");
    write(base + "/vanilla");
    write(base + "/vanilla");
    spark.conf().set(NativeStatsConf.ENABLED, "true");
    NativeStatsMetrics.Snapshot before = NativeStatsMetrics.snapshot();
    write(base + "/native");
    write(base + "/native");
    NativeStatsMetrics.Snapshot d = NativeStatsMetrics.snapshot().minus(before);
    for (long v = 0; v <= 1; v++) {
      List<String> off = StressEnv.commitStats(spark, base + "/vanilla", v);
      assertEquals(3, off.size());
      assertEquals(off, StressEnv.commitStats(spark, base + "/native", v), "version " + v + " differs from vanilla");
    }
    if (LineCheck.jarLine().delta().equals("4.0")) {
      // Delta 4.0: null counts only for the variant column, so the whole write is native.
      assertEquals(6, d.filesNative(), "every file gets native stats");
      assertEquals(2, d.writesNative());
      assertEquals(0, d.writesUnsupported());
      assertEquals(0, d.taskFallbacks());
      assertTrue(CAPTURE.lines.stream().noneMatch(l -> l.contains("Delta computes the statistics of this write itself")));
      StressEnv.awaitNativeReleased();
      return;
    }
    assertEquals(0, d.filesNative(), "no file may claim native stats");
    assertEquals(0, d.writesNative());
    assertEquals(2, d.writesUnsupported(), "both writes were left to Delta's tracker on the driver");
    assertEquals(0, d.taskFallbacks(), "decided once per write, not per task");
    List<String> reasons = CAPTURE.lines.stream()
        .filter(l -> l.contains("Delta computes the statistics of this write itself")).toList();
    System.out.println("GDS-UNSUPPORTED " + reasons);
    assertEquals(1, reasons.size(), "the reason must be logged exactly once: " + reasons);
    assertTrue(reasons.get(0).contains("variant"), "the reason names the type: " + reasons.get(0));
    StressEnv.awaitNativeReleased();
  }
}
