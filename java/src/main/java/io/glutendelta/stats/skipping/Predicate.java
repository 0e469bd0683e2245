package io.glutendelta.stats.skipping;

import io.glutendelta.stats.tablestats.ColumnStats;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A small predicate model over table columns, the input of {@link SkippingEvaluator}. Column
 * names are logical (dotted for nested fields); literal values may be external Java values or
 * Catalyst's internal ones (see {@link ColumnStats#keyOf}). A null literal is allowed and, as in
 * SQL, never matches.
 */
public sealed interface Predicate {

  /** Comparison operators; {@code NE} is SQL's {@code <>}. */
  enum Op {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

    final String sql;

    Op(String sql) {
      this.sql = sql;
    }
  }

  /** {@code column op value}. */
  record Comparison(String column, Op op, Object value) implements Predicate {}

  /** {@code column IN (values)}. */
  record In(String column, List<Object> values) implements Predicate {
    public In {
      values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
    }
  }

  record IsNull(String column) implements Predicate {}

  record IsNotNull(String column) implements Predicate {}

  record And(Predicate left, Predicate right) implements Predicate {}

  record Or(Predicate left, Predicate right) implements Predicate {}

  record Not(Predicate child) implements Predicate {}

  /** A predicate data skipping cannot use (function calls, casts, ...): never prunes. */
  record Opaque(String description) implements Predicate {}

  static Predicate eq(String c, Object v) {
    return new Comparison(c, Op.EQ, v);
  }

  static Predicate between(String c, Object lo, Object hi) {
    return new And(new Comparison(c, Op.GE, lo), new Comparison(c, Op.LE, hi));
  }

  /** Human-readable form for reports and failure messages (not guaranteed to be valid SQL). */
  default String describe() {
    if (this instanceof Comparison c) {
      return c.column() + " " + c.op().sql + " " + c.value();
    } else if (this instanceof In in) {
      return in.column() + " IN (" + in.values().stream().map(String::valueOf)
          .collect(Collectors.joining(", ")) + ")";
    } else if (this instanceof IsNull n) {
      return n.column() + " IS NULL";
    } else if (this instanceof IsNotNull n) {
      return n.column() + " IS NOT NULL";
    } else if (this instanceof And a) {
      return "(" + a.left().describe() + " AND " + a.right().describe() + ")";
    } else if (this instanceof Or o) {
      return "(" + o.left().describe() + " OR " + o.right().describe() + ")";
    } else if (this instanceof Not n) {
      return "NOT (" + n.child().describe() + ")";
    } else {
      return "<" + ((Opaque) this).description() + ">";
    }
  }
}
