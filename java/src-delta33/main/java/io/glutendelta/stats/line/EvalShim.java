package io.glutendelta.stats.line;

import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;

/** Delta 3.3's task tracker evaluates statsColExpr as it is (no EvalHelper.prepareForEval). */
public final class EvalShim {
  private EvalShim() {}

  public static Expression prepareForEval(DeltaJobStatisticsTracker tracker, Expression statsColExpr) {
    return statsColExpr;
  }
}
