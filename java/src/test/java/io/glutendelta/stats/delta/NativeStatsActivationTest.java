package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.glutendelta.stats.clustering.ClusteringExtension;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/** Start-up self-check and plugin conf handling (no Spark session needed). */
class NativeStatsActivationTest {

  @Test
  void observerTraitMatchesThePinnedDeltaVersion() {
    assertEquals(NativeStatsRuntime.PINNED_OBSERVER_METHODS, NativeStatsRuntime.abstractMethods());
    assertNull(NativeStatsRuntime.hookProblem(), "hook should be usable in the test build");
  }

  @Test
  void pluginAppendsOnceAndKeepsExistingEntries() {
    SparkConf conf = new SparkConf(false).set(NativeStatsPlugin.EXTENSIONS, "io.delta.sql.DeltaSparkSessionExtension");
    NativeStatsPlugin.appendClass(conf, NativeStatsPlugin.EXTENSIONS, NativeStatsExtension.class.getName());
    NativeStatsPlugin.appendClass(conf, NativeStatsPlugin.EXTENSIONS, NativeStatsExtension.class.getName());
    assertEquals("io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName(),
        conf.get(NativeStatsPlugin.EXTENSIONS));
    NativeStatsPlugin.appendClass(conf, NativeStatsPlugin.LISTENERS, NativeStatsStreamingListener.class.getName());
    assertEquals(NativeStatsStreamingListener.class.getName(), conf.get(NativeStatsPlugin.LISTENERS));
  }

  @Test
  void pluginActivatesBothExtensionsAfterDelta() {
    SparkConf conf = new SparkConf(false).set(NativeStatsPlugin.EXTENSIONS, "io.delta.sql.DeltaSparkSessionExtension");
    NativeStatsPlugin.activate(conf);
    NativeStatsPlugin.activate(conf);
    assertEquals("io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName() + ","
        + ClusteringExtension.class.getName(), conf.get(NativeStatsPlugin.EXTENSIONS));
    assertEquals(NativeStatsStreamingListener.class.getName(), conf.get(NativeStatsPlugin.LISTENERS));
  }
}
