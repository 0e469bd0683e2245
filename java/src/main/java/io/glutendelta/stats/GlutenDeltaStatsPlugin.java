package io.glutendelta.stats;

import io.glutendelta.stats.clustering.AutoCompactStreamingListener;
import io.glutendelta.stats.clustering.ClusteringExtension;
import io.glutendelta.stats.delta.NativeStatsExtension;
import io.glutendelta.stats.delta.NativeStatsRuntime;
import io.glutendelta.stats.delta.NativeStatsStreamingListener;
import io.glutendelta.stats.delta.NativeWarmup;
import io.glutendelta.stats.line.LineCheck;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * One-conf activation ({@code spark.plugins=io.glutendelta.stats.GlutenDeltaStatsPlugin}): the
 * driver plugin appends our SQL extensions (native statistics, incremental clustering) and
 * streaming listeners to the live SparkContext conf, which sessions built afterwards read. The
 * clustering extension is inert unless {@code spark.glutendelta.clustering.incremental.enabled}
 * is true, so one conf activates both features. Delta's own extension and catalog confs stay
 * as Delta documents them. It sits at the package root because it installs features of several
 * packages (the write hook in {@code delta/}, the OPTIMIZE route in {@code clustering/}), which
 * must not depend on each other. A jar of another Spark/Delta/Scala line registers nothing
 * ({@link LineCheck} logs the one line saying which jar fits).
 */
public final class GlutenDeltaStatsPlugin implements SparkPlugin {
  static final String EXTENSIONS = "spark.sql.extensions";
  static final String LISTENERS = "spark.sql.streaming.streamingQueryListeners";
  /** Spark's SparkContext.DRIVER_IDENTIFIER (private[spark]): local mode's executor id. */
  static final String LOCAL_EXECUTOR_ID = "driver";

  @Override
  public DriverPlugin driverPlugin() {
    return new DriverPlugin() {
      @Override
      public Map<String, String> init(SparkContext sc, PluginContext ctx) {
        if (!LineCheck.matches()) {
          return Collections.emptyMap();
        }
        activate(sc.conf());
        NativeStatsRuntime.logStatusOnce();
        return Collections.emptyMap();
      }
    };
  }

  /**
   * Warms the native path up at executor start, so that the first write's tasks do not pay for
   * it: in an executor JVM, which waits idle for its first tasks, not in local mode's executor.
   */
  @Override
  public ExecutorPlugin executorPlugin() {
    return new ExecutorPlugin() {
      @Override
      public void init(PluginContext ctx, Map<String, String> extraConf) {
        if (LineCheck.matches() && warmsUp(ctx.executorID())) {
          NativeWarmup.startInBackground();
        }
      }
    };
  }

  /**
   * False for local mode's executor, the driver itself: there the warm-up's class loading would
   * run beside the session's own start-up on the same cores and delay it by more than it saves
   * the first write (benchmarks/results/latest/e2e-jvm-warmup-ab).
   */
  static boolean warmsUp(String executorId) {
    return !LOCAL_EXECUTOR_ID.equals(executorId);
  }

  /** Adds everything the plugin activates to {@code conf}; idempotent. */
  static void activate(SparkConf conf) {
    appendClass(conf, EXTENSIONS, NativeStatsExtension.class.getName());
    appendClass(conf, EXTENSIONS, ClusteringExtension.class.getName());
    appendClass(conf, LISTENERS, NativeStatsStreamingListener.class.getName());
    // After the native one: its observer must wrap the native observer (see the listener).
    appendClass(conf, LISTENERS, AutoCompactStreamingListener.class.getName());
  }

  /** Appends {@code cls} to a comma-separated conf value unless it is already listed. */
  static void appendClass(SparkConf conf, String key, String cls) {
    Set<String> classes = new LinkedHashSet<>();
    for (String c : conf.get(key, "").split(",")) {
      if (!c.isBlank()) {
        classes.add(c.trim());
      }
    }
    if (classes.add(cls)) {
      conf.set(key, String.join(",", classes));
    }
  }
}
