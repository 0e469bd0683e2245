package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.SparkLeafType;
import io.glutendelta.stats.compat.ScalaColl;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.CaseWhen;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetStructField;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.Count;
import org.apache.spark.sql.catalyst.expressions.aggregate.DeclarativeAggregate;
import org.apache.spark.sql.catalyst.expressions.aggregate.Max;
import org.apache.spark.sql.catalyst.expressions.aggregate.Min;
import org.apache.spark.sql.catalyst.expressions.aggregate.Sum;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import scala.Tuple2;
import scala.collection.Seq;

/**
 * Takes Delta's stats expression apart into {@link StatsAggregate}s, in buffer order. Every
 * aggregate must be {@code count(*)}, {@code min}/{@code max} of a column path, or the null
 * count {@code sum(CASE WHEN isnull(path) THEN 1 ELSE 0 END)}; anything else is refused, and
 * then the write keeps Delta's tracker.
 */
final class StatsExpressionAnalyzer {
  private StatsExpressionAnalyzer() {}

  /**
   * @param dataCols the data columns of the rows the tracker receives, in row order
   * @throws UnsupportedStatsException with the reason when some part cannot run natively
   */
  static List<StatsAggregate> aggregates(Seq<Attribute> dataCols, Expression statsColExpr)
      throws UnsupportedStatsException {
    List<Attribute> cols = ScalaColl.asJava(dataCols);
    List<DeclarativeAggregate> found = new ArrayList<>();
    collectAggregates(statsColExpr, found);
    List<StatsAggregate> out = new ArrayList<>();
    for (DeclarativeAggregate agg : found) {
      List<AttributeReference> attrs = ScalaColl.asJava(agg.aggBufferAttributes());
      if (attrs.size() != 1) {
        throw new UnsupportedStatsException("aggregate " + agg.prettyName() + " has "
            + attrs.size() + " buffer fields");
      }
      AttributeReference slot = attrs.get(0);
      if (agg instanceof Count c) {
        for (Expression e : ScalaColl.asJava(c.children())) {
          if (!(e.foldable() && !e.nullable())) {
            throw new UnsupportedStatsException("count over a nullable expression: " + e.sql());
          }
        }
        requireLong(slot, agg);
        out.add(new StatsAggregate(StatsAggregate.Kind.NUM_RECORDS, List.of(), slot));
      } else if (agg instanceof Min || agg instanceof Max) {
        Expression child = agg instanceof Min m ? m.child() : ((Max) agg).child();
        List<Integer> path = pathOf(child, cols);
        if (path == null) {
          throw new UnsupportedStatsException("min/max over a non-column expression: " + child.sql());
        }
        if (!SparkLeafType.minMaxEligible(child.dataType())) {
          throw new UnsupportedStatsException("min/max of type " + child.dataType().simpleString()
              + " on " + child.sql());
        }
        out.add(new StatsAggregate(agg instanceof Min ? StatsAggregate.Kind.MIN : StatsAggregate.Kind.MAX,
            path, slot));
      } else if (agg instanceof Sum s) {
        Expression tested = nullIndicatorArgument(s.child());
        List<Integer> path = tested == null ? null : pathOf(tested, cols);
        if (path == null) {
          throw new UnsupportedStatsException("sum that is not a null count: " + s.child().sql());
        }
        requireLong(slot, agg);
        out.add(new StatsAggregate(StatsAggregate.Kind.NULL_COUNT, path, slot));
      } else {
        throw new UnsupportedStatsException("aggregate " + agg.prettyName() + " is not computed natively");
      }
    }
    return out;
  }

  private static void requireLong(AttributeReference slot, DeclarativeAggregate agg)
      throws UnsupportedStatsException {
    if (!(slot.dataType() instanceof LongType)) {
      throw new UnsupportedStatsException("aggregate " + agg.prettyName() + " has buffer type "
          + slot.dataType().simpleString());
    }
  }

  private static void collectAggregates(Expression e, List<DeclarativeAggregate> out)
      throws UnsupportedStatsException {
    if (e instanceof AggregateExpression ae) {
      if (!(ae.aggregateFunction() instanceof DeclarativeAggregate d)) {
        throw new UnsupportedStatsException("imperative aggregate " + ae.aggregateFunction().prettyName());
      }
      if (ae.isDistinct() || ae.filter().isDefined()) {
        throw new UnsupportedStatsException("distinct or filtered aggregate " + ae.sql());
      }
      out.add(d);
      return;
    }
    for (Expression c : ScalaColl.asJava(e.children())) {
      collectAggregates(c, out);
    }
  }

  /** For {@code CASE WHEN isnull(x) THEN 1 ELSE 0 END} (or the If form): x, else null. */
  private static Expression nullIndicatorArgument(Expression e) {
    if (e instanceof CaseWhen cw) {
      List<Tuple2<Expression, Expression>> branches = ScalaColl.asJava(cw.branches());
      if (branches.size() == 1 && cw.elseValue().isDefined()
          && branches.get(0)._1() instanceof IsNull isNull
          && isIntLiteral(branches.get(0)._2(), 1) && isIntLiteral(cw.elseValue().get(), 0)) {
        return isNull.child();
      }
    } else if (e instanceof If iff && iff.predicate() instanceof IsNull isNull
        && isIntLiteral(iff.trueValue(), 1) && isIntLiteral(iff.falseValue(), 0)) {
      return isNull.child();
    }
    return null;
  }

  private static boolean isIntLiteral(Expression e, long v) {
    return e instanceof Literal l && l.value() instanceof Number n
        && (l.dataType() instanceof IntegerType || l.dataType() instanceof LongType) && n.longValue() == v;
  }

  /** [data column index, struct ordinal, ...] for an attribute/GetStructField chain, else null. */
  private static List<Integer> pathOf(Expression e, List<Attribute> cols) {
    if (e instanceof GetStructField g) {
      List<Integer> p = pathOf(g.child(), cols);
      if (p != null) {
        p.add(g.ordinal());
      }
      return p;
    }
    if (e instanceof Attribute a) {
      for (int i = 0; i < cols.size(); i++) {
        if (cols.get(i).exprId().equals(a.exprId())) {
          List<Integer> p = new ArrayList<>();
          p.add(i);
          return p;
        }
      }
    }
    return null;
  }
}
