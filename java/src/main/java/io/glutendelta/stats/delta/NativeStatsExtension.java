package io.glutendelta.stats.delta;

import io.glutendelta.stats.line.LineCheck;
import org.apache.spark.sql.SparkSessionExtensions;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * SQL extension that routes Delta writes through native statistics. Add it after Delta's own
 * extension in {@code spark.sql.extensions} (or set {@code spark.plugins} to
 * {@code io.glutendelta.stats.GlutenDeltaStatsPlugin}). Java, and it runs the line check first:
 * a jar of another Spark/Delta/Scala line injects nothing (one WARN line) instead of failing the
 * session when Spark builds its rules. The rule is Scala, so it is named here, not referenced.
 */
public final class NativeStatsExtension implements Function1<SparkSessionExtensions, BoxedUnit> {
  static final String COLUMNAR_RULE = "io.glutendelta.stats.delta.NativeStatsColumnarRule";

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    if (LineCheck.matches()) {
      NativeStatsRuntime.logStatusOnce();
      extensions.injectColumnar(session -> SessionRules.create(COLUMNAR_RULE, session));
    }
    return BoxedUnit.UNIT;
  }
}
