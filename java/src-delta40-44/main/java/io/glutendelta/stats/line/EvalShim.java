package io.glutendelta.stats.line;

import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;

/** Delta 4.x replaces RuntimeReplaceable nodes before its task tracker evaluates (EvalHelper). */
public final class EvalShim {
  private EvalShim() {}

  public static Expression prepareForEval(DeltaJobStatisticsTracker tracker, Expression statsColExpr) {
    return tracker.prepareForEval(statsColExpr);
  }
}
