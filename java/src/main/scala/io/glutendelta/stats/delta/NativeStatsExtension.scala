package io.glutendelta.stats.delta

import org.apache.spark.sql.SparkSessionExtensions

/**
 * SQL extension that routes Delta writes through native statistics. Add it after Delta's own
 * extension in `spark.sql.extensions` (or set `spark.plugins` to `io.glutendelta.stats.GlutenDeltaStatsPlugin`).
 */
class NativeStatsExtension extends (SparkSessionExtensions => Unit) {
  override def apply(extensions: SparkSessionExtensions): Unit = {
    NativeStatsRuntime.logStatusOnce()
    extensions.injectColumnar(session => NativeStatsColumnarRule(session))
  }
}
