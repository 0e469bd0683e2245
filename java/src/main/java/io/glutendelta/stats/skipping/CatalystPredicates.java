package io.glutendelta.stats.skipping;

import io.glutendelta.stats.compat.ScalaColl;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.BinaryComparison;
import org.apache.spark.sql.catalyst.expressions.EqualNullSafe;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetStructField;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InSet;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.types.AtomicType;

/**
 * Converts resolved Catalyst filter expressions (what Delta's scan receives) into the
 * {@link Predicate} model. Literal-first comparisons are flipped ({@code 5 < c} becomes
 * {@code c > 5}); constant operands (a cast literal) are folded as Spark's optimizer folds them;
 * anything data skipping cannot use (casts or functions of the column, non-constant operands)
 * becomes {@link Predicate.Opaque}, which never prunes.
 */
public final class CatalystPredicates {
  private CatalystPredicates() {}

  public static Predicate fromCatalyst(Expression e) {
    if (e instanceof And a) {
      return new Predicate.And(fromCatalyst(a.left()), fromCatalyst(a.right()));
    }
    if (e instanceof Or o) {
      return new Predicate.Or(fromCatalyst(o.left()), fromCatalyst(o.right()));
    }
    if (e instanceof Not n) {
      return new Predicate.Not(fromCatalyst(n.child()));
    }
    if (e instanceof IsNull n) {
      String c = columnName(n.child());
      return c == null ? opaque(e) : new Predicate.IsNull(c);
    }
    if (e instanceof IsNotNull n) {
      String c = columnName(n.child());
      return c == null ? opaque(e) : new Predicate.IsNotNull(c);
    }
    if (e instanceof EqualNullSafe ens) {
      return equalNullSafe(ens);
    }
    if (e instanceof BinaryComparison cmp) {
      Predicate.Op op = opOf(cmp);
      if (op == null) {
        return opaque(e);
      }
      String left = columnName(cmp.left());
      String right = columnName(cmp.right());
      if (left != null && constant(cmp.right()) instanceof Literal lit) {
        return new Predicate.Comparison(left, op, lit.value());
      }
      if (right != null && constant(cmp.left()) instanceof Literal lit) {
        return new Predicate.Comparison(right, flip(op), lit.value());
      }
      return opaque(e);
    }
    if (e instanceof In in) {
      String c = columnName(in.value());
      List<Object> values = new ArrayList<>();
      for (Expression v : ScalaColl.asJava(in.list())) {
        if (!(constant(v) instanceof Literal lit)) {
          return opaque(e);
        }
        values.add(lit.value());
      }
      return c == null ? opaque(e) : new Predicate.In(c, values);
    }
    if (e instanceof InSet in) {
      String c = columnName(in.child());
      return c == null ? opaque(e)
          : new Predicate.In(c, new ArrayList<>(ScalaColl.asJava(in.hset())));
    }
    return opaque(e);
  }

  /**
   * The conjunction of a DataFrame's filter conditions as Delta's scan receives them: from the
   * optimized plan, where literal casts are folded and replaceable expressions ({@code BETWEEN},
   * which Spark 4 analyzes into a common-expression form) are already rewritten into comparisons.
   */
  public static List<Expression> filterConditions(Dataset<?> df) {
    List<Expression> out = new ArrayList<>();
    LogicalPlan plan = df.queryExecution().optimizedPlan();
    while (plan instanceof Filter || plan instanceof Project) {
      if (plan instanceof Filter f) {
        out.addAll(splitConjuncts(f.condition()));
      }
      plan = plan.children().head();
    }
    return out;
  }

  static List<Expression> splitConjuncts(Expression e) {
    List<Expression> out = new ArrayList<>();
    if (e instanceof And a) {
      out.addAll(splitConjuncts(a.left()));
      out.addAll(splitConjuncts(a.right()));
    } else {
      out.add(e);
    }
    return out;
  }

  private static Predicate equalNullSafe(EqualNullSafe e) {
    String c = columnName(e.left());
    Expression other = e.right();
    if (c == null) {
      c = columnName(e.right());
      other = e.left();
    }
    if (c == null || !(constant(other) instanceof Literal lit)) {
      return opaque(e);
    }
    return lit.value() == null ? new Predicate.IsNull(c)
        : new Predicate.And(new Predicate.IsNotNull(c),
            new Predicate.Comparison(c, Predicate.Op.EQ, lit.value()));
  }

  /**
   * The operand as a literal when it is one or folds to one: the analyzed plan keeps the cast the
   * analyzer puts on a literal of another type ({@code long_col = 997} is
   * {@code long_col = CAST(997 AS BIGINT)}), which Spark's optimizer folds before Delta's scan
   * sees the filter. Anything that reads a column or is non-deterministic stays as it is.
   */
  static Expression constant(Expression e) {
    if (e instanceof Literal || !e.foldable() || !e.deterministic()) {
      return e;
    }
    return Literal.create(e.eval(null), e.dataType());
  }

  private static Predicate.Op opOf(BinaryComparison cmp) {
    if (cmp instanceof EqualTo) {
      return Predicate.Op.EQ;
    } else if (cmp instanceof LessThan) {
      return Predicate.Op.LT;
    } else if (cmp instanceof LessThanOrEqual) {
      return Predicate.Op.LE;
    } else if (cmp instanceof GreaterThan) {
      return Predicate.Op.GT;
    } else if (cmp instanceof GreaterThanOrEqual) {
      return Predicate.Op.GE;
    }
    return null;
  }

  private static Predicate.Op flip(Predicate.Op op) {
    return switch (op) {
      case LT -> Predicate.Op.GT;
      case LE -> Predicate.Op.GE;
      case GT -> Predicate.Op.LT;
      case GE -> Predicate.Op.LE;
      default -> op;
    };
  }

  /** Dotted name of a (nested) column reference of an atomic type, else null. */
  static String columnName(Expression e) {
    if (!e.resolved() || !(e.dataType() instanceof AtomicType)) {
      return null;
    }
    return path(e);
  }

  private static String path(Expression e) {
    if (e instanceof Attribute a) {
      return quoteIfNeeded(a.name());
    }
    if (e instanceof GetStructField g) {
      String parent = path(g.child());
      if (parent == null) {
        return null;
      }
      String name = g.name().isDefined() ? g.name().get() : g.childSchema().fields()[g.ordinal()]
          .name();
      return parent + "." + quoteIfNeeded(name);
    }
    return null;
  }

  private static String quoteIfNeeded(String part) {
    return part.contains(".") || part.contains("`") ? "`" + part.replace("`", "``") + "`" : part;
  }

  private static Predicate opaque(Expression e) {
    return new Predicate.Opaque(e.sql());
  }
}
