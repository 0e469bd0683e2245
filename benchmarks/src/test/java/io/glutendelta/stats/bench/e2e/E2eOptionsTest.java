package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class E2eOptionsTest {
  @Test
  void defaultsAreAllSixTablesThreeModesThreeRounds() {
    E2eOptions o = E2eOptions.parse(new String[0]);
    assertEquals(6, o.tables().size());
    assertEquals(List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF), o.modes());
    assertEquals(3, o.rounds());
    assertEquals(0, o.warmupRounds()); // a JVM per mode: every JVM is fresh anyway
    assertEquals(1, E2eOptions.parse(new String[] {"--one-jvm"}).warmupRounds());
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

  @Test
  void nativeBIsNativeInJvmsGivenItsOwnFlags() {
    E2eOptions o = E2eOptions.parse(new String[] {"--modes", "native,native_b,off", "--native-b-jvm-args",
        " -Dspark.glutendelta.stats.native.batchRows=256  -XX:+UseParallelGC "});
    assertEquals(List.of(WriteMode.NATIVE, WriteMode.NATIVE_B, WriteMode.OFF), o.modes());
    assertEquals(List.of("-Dspark.glutendelta.stats.native.batchRows=256", "-XX:+UseParallelGC"), o.nativeBJvmArgs);
    assertTrue(WriteMode.NATIVE_B.nativeStats() && WriteMode.NATIVE_B.collectsStats());
    List<String> cmd = JvmPerModeBenchmark.javaCommand(o, o.nativeBJvmArgs, "cp", "Main");
    assertTrue(cmd.indexOf("-XX:+UseParallelGC") < cmd.indexOf("-cp"), cmd.toString());
    assertEquals("Main", cmd.get(cmd.size() - 1));
    // without its flags native_b would be native again; flags without native_b would be dropped
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--modes", "native,native_b"}));
    assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--modes", "native,off", "--native-b-jvm-args", "-Dx=1"}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {
        "--one-jvm", "--modes", "native,native_b", "--native-b-jvm-args", "-Dx=1"}));
    assertTrue(e.getMessage().contains("JVM per mode"), e.getMessage());
  }

  @Test
  void nativeBJarReplacesOurJarInNativeBJvmsOnly(@TempDir Path dir) throws Exception {
    Path before = Files.createFile(dir.resolve("gluten-delta-stats-before.jar"));
    E2eOptions o = E2eOptions.parse(new String[] {"--modes", "native,native_b", "--native-b-jar", before.toString()});
    Path ours = Paths.get(GlutenDeltaStatsPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String own = String.join(File.pathSeparator, "/x/spark-sql.jar", ours.toString(), "/x/delta-spark.jar");
    assertEquals(String.join(File.pathSeparator, "/x/spark-sql.jar", before.toString(), "/x/delta-spark.jar"),
        o.classpath(WriteMode.NATIVE_B, own));
    assertEquals(own, o.classpath(WriteMode.NATIVE, own));
    assertEquals(List.of(), o.jvmArgs(WriteMode.NATIVE_B));
    // a classpath without our jar would silently measure ours twice
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> o.classpath(WriteMode.NATIVE_B, "/x/spark-sql.jar"));
    assertTrue(e.getMessage().contains("not on the classpath"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {
        "--modes", "native,native_b", "--native-b-jar", dir.resolve("missing.jar").toString()}));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {
        "--modes", "native,off", "--native-b-jar", before.toString()}));
  }

  @Test
  void vanillaBIsVanillaInJvmsGivenItsOwnFlags() {
    E2eOptions o = E2eOptions.parse(new String[] {"--modes", "vanilla,vanilla_b,native,off", "--vanilla-b-jvm-args",
        "-Dspark.databricks.delta.properties.defaults.dataSkippingNumIndexedCols=0"});
    assertEquals(List.of(WriteMode.VANILLA, WriteMode.VANILLA_B, WriteMode.NATIVE, WriteMode.OFF), o.modes());
    assertEquals(List.of("-Dspark.databricks.delta.properties.defaults.dataSkippingNumIndexedCols=0"),
        o.jvmArgs(WriteMode.VANILLA_B));
    // only the _b JVMs get the flags; vanilla_b is Delta's own path, so no plugin in its JVMs
    assertEquals(List.of(), o.jvmArgs(WriteMode.VANILLA));
    assertEquals(List.of(), o.jvmArgs(WriteMode.NATIVE));
    assertTrue(WriteMode.VANILLA_B.collectsStats() && !WriteMode.VANILLA_B.nativeStats());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--modes", "vanilla,vanilla_b"}));
    assertTrue(e.getMessage().contains("--vanilla-b-jvm-args"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--modes", "vanilla,off", "--vanilla-b-jvm-args", "-Dx=1"}));
    // native_b's flags are not vanilla_b's
    assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--modes", "vanilla,vanilla_b", "--native-b-jvm-args", "-Dx=1"}));
    e = assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {
        "--one-jvm", "--modes", "vanilla,vanilla_b", "--vanilla-b-jvm-args", "-Dx=1"}));
    assertTrue(e.getMessage().contains("JVM per mode"), e.getMessage());
  }

  @Test
  void viewsHaveTheirOwnWarmupDefaultsAndKinds() {
    E2eOptions perJvm = E2eOptions.parse(new String[0]);
    assertEquals(false, perJvm.oneJvm());
    assertEquals(0, perJvm.warmupRounds());
    assertEquals("e2e-jvm", perJvm.kind());
    assertEquals(2, perJvm.warmWrites());
    assertEquals(3, perJvm.timedWrites());
    E2eOptions oneJvm = E2eOptions.parse(new String[] {"--one-jvm"});
    assertEquals(1, oneJvm.warmupRounds());
    assertEquals("e2e", oneJvm.kind());
    // an explicit --warmup wins in both views
    assertEquals(2, E2eOptions.parse(new String[] {"--warmup", "2"}).warmupRounds());
    assertEquals("x", E2eOptions.parse(new String[] {"--kind", "x", "--one-jvm"}).kind());
  }

  @Test
  void aLineGetsItsOwnKindAndTheDefaultKindsStay() {
    assertEquals(null, E2eOptions.parse(new String[0]).line());
    E2eOptions o = E2eOptions.parse(new String[] {"--line", "spark3.5_2.12", "--tables", "store_sales"});
    assertEquals("spark3.5_2.12", o.line());
    assertEquals("e2e-spark3.5_2.12", o.kind());
    // the one-JVM view of a line must not overwrite that line's JVM-per-mode report
    assertEquals("e2e-one-jvm-spark4.0_2.13", E2eOptions.parse(new String[] {"--line", "spark4.0_2.13", "--one-jvm"}).kind());
    assertEquals("mine", E2eOptions.parse(new String[] {"--kind", "mine", "--line", "spark3.5_2.13"}).kind());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--line", "3.5"}));
    assertTrue(e.getMessage().contains("spark3.5_2.12"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--line"}));
  }

  @Test
  void tablesAllIsEveryTpcdsTableAndUnknownTablesAreNamed() {
    List<String> all = E2eOptions.parse(new String[] {"--tables", "all"}).tables();
    assertEquals(24, all.size(), all.toString());
    assertTrue(all.containsAll(List.of("store_sales", "store_returns", "web_site", "reason", "inventory")));
    assertTrue(!all.contains("dbgen_version"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--tables", "store_sale"}));
    assertTrue(e.getMessage().contains("store_sale") && e.getMessage().contains("web_returns"), e.getMessage());
  }

  @Test
  void jvmPerModeFlagsAreCheckedAndThePartitionedVariantIsAdded() {
    E2eOptions o = E2eOptions.parse(new String[] {"--tables", "store_sales", "--warm-writes", "3", "--timed-writes",
        "4", "--memory", "--partition-writers", "16", "--plugin", "a.B"});
    assertEquals(3, o.warmWrites());
    assertEquals(4, o.timedWrites());
    assertEquals("a.B", o.plugin);
    assertTrue(o.memory);
    assertEquals(List.of("store_sales", PartitionedVariant.TABLE), o.writtenTables());
    assertEquals(List.of("store_sales"), E2eOptions.parse(new String[] {"--tables", "store_sales"}).writtenTables());
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--warm-writes", "0"}));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--timed-writes", "0"}));
    assertThrows(IllegalArgumentException.class, () -> E2eOptions.parse(new String[] {"--partition-writers", "-1"}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> E2eOptions.parse(new String[] {"--one-jvm", "--memory"}));
    assertTrue(e.getMessage().contains("JVM per mode"), e.getMessage());
  }

  @Test
  void theDefaultPluginIsTheJarsPlugin() {
    // a renamed plugin would otherwise surface only when a native benchmark starts
    assertTrue(NativeHookProbe.present(E2eOptions.DEFAULT_PLUGIN), E2eOptions.DEFAULT_PLUGIN);
    assertTrue(org.apache.spark.api.plugin.SparkPlugin.class.isAssignableFrom(
        assertDoesNotThrow(() -> Class.forName(E2eOptions.DEFAULT_PLUGIN))));
    assertTrue(!NativeHookProbe.present("io.glutendelta.stats.NoSuchPlugin"));
  }
}
