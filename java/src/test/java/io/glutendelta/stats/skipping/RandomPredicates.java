package io.glutendelta.stats.skipping;

import io.glutendelta.stats.compat.ScalaColl;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;

/**
 * Random predicate trees over {@link SkippingTables#SCHEMA}, with literals drawn from the data
 * (so boundaries are hit exactly), and their Catalyst form, built directly (not through the
 * optimizer) so NOT, De Morgan and literal-first shapes reach Delta unchanged.
 */
final class RandomPredicates {
  private final Random random;
  private final List<String> columns = List.of("id", "x", "d", "ts", "s", "amt", "f");
  private final List<List<Object>> pools = new ArrayList<>();

  RandomPredicates(long seed, List<Row> sample) {
    this.random = new Random(seed);
    for (int c = 0; c < columns.size(); c++) {
      List<Object> pool = new ArrayList<>();
      for (Row r : sample) {
        if (!r.isNullAt(c)) {
          pool.add(external(r.get(c)));
        }
      }
      pools.add(pool);
    }
    if (sample.isEmpty()) {
      return; // only used to build Catalyst expressions
    }
    // values outside the data and around truncation / widening boundaries
    pools.get(0).add(-1L);
    pools.get(0).add(Long.MAX_VALUE);
    pools.get(1).add(1000);
    pools.get(4).add(SkippingTables.PREFIX);
    pools.get(4).add(SkippingTables.PREFIX.substring(0, 32));
    pools.get(4).add(SkippingTables.PREFIX + "zzzz");
    pools.get(4).add("");
    pools.get(5).add(new BigDecimal("-1.00"));
  }

  private static Object external(Object v) {
    if (v instanceof Date d) {
      return d.toLocalDate();
    }
    if (v instanceof Timestamp t) {
      return t.toInstant();
    }
    return v;
  }

  Predicate next(int depth) {
    int k = random.nextInt(depth <= 0 ? 6 : 10);
    String c = columns.get(random.nextInt(columns.size()));
    switch (k) {
      case 0:
      case 1:
      case 2:
        return new Predicate.Comparison(c, Predicate.Op.values()[random.nextInt(6)], value(c));
      case 3: {
        List<Object> vs = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
          vs.add(random.nextInt(8) == 0 ? null : value(c));
        }
        return new Predicate.In(c, vs);
      }
      case 4:
        return random.nextBoolean() ? new Predicate.IsNull(c) : new Predicate.IsNotNull(c);
      case 5:
        return random.nextInt(4) == 0 ? new Predicate.Comparison(c, Predicate.Op.EQ, null)
            : new Predicate.Comparison(c, Predicate.Op.values()[random.nextInt(6)], value(c));
      case 6:
      case 7:
        return new Predicate.And(next(depth - 1), next(depth - 1));
      case 8:
        return new Predicate.Or(next(depth - 1), next(depth - 1));
      default:
        return new Predicate.Not(next(depth - 1));
    }
  }

  private Object value(String column) {
    List<Object> pool = pools.get(columns.indexOf(column));
    Object v = pool.get(random.nextInt(pool.size()));
    if (v instanceof Instant t && random.nextInt(3) == 0) {
      return t.plusNanos(1000L * (random.nextInt(3001) - 1500)); // around the 1 ms widening
    }
    return v;
  }

  /** Catalyst form; literal-first comparisons are used at random. */
  Expression toCatalyst(Predicate p, List<Attribute> attrs) {
    if (p instanceof Predicate.And a) {
      return new And(toCatalyst(a.left(), attrs), toCatalyst(a.right(), attrs));
    }
    if (p instanceof Predicate.Or o) {
      return new Or(toCatalyst(o.left(), attrs), toCatalyst(o.right(), attrs));
    }
    if (p instanceof Predicate.Not n) {
      return new Not(toCatalyst(n.child(), attrs));
    }
    if (p instanceof Predicate.IsNull n) {
      return new IsNull(attr(attrs, n.column()));
    }
    if (p instanceof Predicate.IsNotNull n) {
      return new IsNotNull(attr(attrs, n.column()));
    }
    if (p instanceof Predicate.In in) {
      Attribute a = attr(attrs, in.column());
      List<Expression> lits = new ArrayList<>();
      for (Object v : in.values()) {
        lits.add(Literal.create(v, a.dataType()));
      }
      return new In(a, ScalaColl.seq(lits));
    }
    Predicate.Comparison c = (Predicate.Comparison) p;
    Attribute a = attr(attrs, c.column());
    Expression l = Literal.create(c.value(), a.dataType());
    boolean flip = random.nextBoolean();
    return switch (c.op()) {
      case EQ -> flip ? new EqualTo(l, a) : new EqualTo(a, l);
      case NE -> new Not(flip ? new EqualTo(l, a) : new EqualTo(a, l));
      case LT -> flip ? new GreaterThan(l, a) : new LessThan(a, l);
      case LE -> flip ? new GreaterThanOrEqual(l, a) : new LessThanOrEqual(a, l);
      case GT -> flip ? new LessThan(l, a) : new GreaterThan(a, l);
      case GE -> flip ? new LessThanOrEqual(l, a) : new GreaterThanOrEqual(a, l);
    };
  }

  private static Attribute attr(List<Attribute> attrs, String name) {
    return attrs.stream().filter(a -> a.name().equalsIgnoreCase(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no attribute " + name));
  }
}
