package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.engine.FileAggregates;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import scala.collection.Seq;

/**
 * Delta's per-file stats expression ({@code statsColExpr}) split into what runs natively and
 * what stays Delta's, in three steps: {@link StatsExpressionAnalyzer} finds the aggregates
 * (numRecords, null counts, min/max of column paths; anything else is unsupported and the write
 * keeps Delta's tracker), {@link StatsInputPruner} derives the rows the engine needs and binds
 * each aggregate to a leaf, and {@link StatsResultBinder} turns the engine's result for a file
 * into Delta's JSON through Delta's own result expression.
 */
public final class StatsExpressionPlan {
  private final InputSchema inputSchema;
  private final StatsResultBinder binder;

  private StatsExpressionPlan(InputSchema inputSchema, StatsResultBinder binder) {
    this.inputSchema = inputSchema;
    this.binder = binder;
  }

  /**
   * Analyses Delta's stats expression, already prepared for evaluation (as Delta's job tracker
   * does in {@code newTaskInstance}).
   *
   * @param dataCols the data columns of the rows the tracker receives, in row order
   * @throws UnsupportedStatsException with the reason when some part cannot run natively
   */
  public static StatsExpressionPlan analyze(Seq<Attribute> dataCols, Expression statsColExpr)
      throws UnsupportedStatsException {
    List<StatsAggregate> aggregates = StatsExpressionAnalyzer.aggregates(dataCols, statsColExpr);
    StatsInputPruner.PrunedInput input = StatsInputPruner.prune(dataCols, aggregates);
    return new StatsExpressionPlan(input.schema(),
        new StatsResultBinder(statsColExpr, aggregates, input.schema(), input.leafOf()));
  }

  /** What the engine aggregates: the stats columns, pruned (see {@link StatsInputPruner}). */
  public InputSchema inputSchema() {
    return inputSchema;
  }

  /** The JSON string Delta would have written for the file whose native result this is. */
  public String toJson(FileAggregates stats) {
    return binder.toJson(stats);
  }
}
