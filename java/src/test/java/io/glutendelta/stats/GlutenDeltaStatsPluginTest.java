package io.glutendelta.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.clustering.AutoCompactStreamingListener;
import io.glutendelta.stats.clustering.ClusteringExtension;
import io.glutendelta.stats.delta.NativeStatsExtension;
import io.glutendelta.stats.delta.NativeStatsStreamingListener;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/** The plugin's conf handling (no Spark session needed). */
class GlutenDeltaStatsPluginTest {
  @Test
  void pluginAppendsOnceAndKeepsExistingEntries() {
    SparkConf conf = new SparkConf(false).set(GlutenDeltaStatsPlugin.EXTENSIONS, "io.delta.sql.DeltaSparkSessionExtension");
    GlutenDeltaStatsPlugin.appendClass(conf, GlutenDeltaStatsPlugin.EXTENSIONS, NativeStatsExtension.class.getName());
    GlutenDeltaStatsPlugin.appendClass(conf, GlutenDeltaStatsPlugin.EXTENSIONS, NativeStatsExtension.class.getName());
    assertEquals("io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName(),
        conf.get(GlutenDeltaStatsPlugin.EXTENSIONS));
    GlutenDeltaStatsPlugin.appendClass(conf, GlutenDeltaStatsPlugin.LISTENERS, NativeStatsStreamingListener.class.getName());
    assertEquals(NativeStatsStreamingListener.class.getName(), conf.get(GlutenDeltaStatsPlugin.LISTENERS));
  }

  @Test
  void pluginActivatesBothExtensionsAfterDelta() {
    SparkConf conf = new SparkConf(false).set(GlutenDeltaStatsPlugin.EXTENSIONS, "io.delta.sql.DeltaSparkSessionExtension");
    GlutenDeltaStatsPlugin.activate(conf);
    GlutenDeltaStatsPlugin.activate(conf);
    assertEquals("io.delta.sql.DeltaSparkSessionExtension," + NativeStatsExtension.class.getName() + ","
        + ClusteringExtension.class.getName(), conf.get(GlutenDeltaStatsPlugin.EXTENSIONS));
    // The auto-compaction listener's observer must wrap the native one: it comes second.
    assertEquals(NativeStatsStreamingListener.class.getName() + ","
        + AutoCompactStreamingListener.class.getName(), conf.get(GlutenDeltaStatsPlugin.LISTENERS));
  }

  @Test
  void onlyExecutorJvmsWarmUp() {
    assertFalse(GlutenDeltaStatsPlugin.warmsUp("driver"), "local mode's executor is the driver's JVM");
    assertTrue(GlutenDeltaStatsPlugin.warmsUp("0"));
    assertTrue(GlutenDeltaStatsPlugin.warmsUp("17"));
  }
}
