package io.glutendelta.stats.clustering;

import io.glutendelta.stats.delta.SessionRules;
import io.glutendelta.stats.line.LineCheck;
import org.apache.spark.sql.SparkSessionExtensions;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * Routes Delta's own OPTIMIZE (SQL {@code OPTIMIZE t [FULL]}, {@code DeltaTable.optimize()
 * .executeCompaction()}) and auto compaction of liquid-clustered tables through
 * {@link OptimizeRouter}: lightweight tier, our incremental clustering, or Delta's own. Inert
 * unless {@code spark.databricks.delta.optimize.clustering.lightweight.enabled} or
 * {@code spark.glutendelta.clustering.incremental.enabled} is on. Java, and it runs the line check
 * first (a wrong-line jar injects nothing); the rules are Scala, named here by class.
 */
public final class ClusteringExtension implements Function1<SparkSessionExtensions, BoxedUnit> {
  static final String OPTIMIZE_RULE = "io.glutendelta.stats.clustering.IncrementalOptimizeRule";
  static final String AUTO_COMPACT_RULE = "io.glutendelta.stats.clustering.AutoCompactRoutingRule";

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    if (LineCheck.matches()) {
      ClusteringConfs.register();
      extensions.injectPostHocResolutionRule(session -> SessionRules.create(OPTIMIZE_RULE, session));
      extensions.injectColumnar(session -> SessionRules.create(AUTO_COMPACT_RULE, session));
    }
    return BoxedUnit.UNIT;
  }
}
