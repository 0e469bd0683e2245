package io.glutendelta.stats.skipping;

import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.tablestats.ColumnStats;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides which files a scan reads, following Delta's data skipping (DataSkippingReader in
 * delta-spark 4.4.0) on the stats in a {@link TableStats}:
 *
 * <ul>
 *   <li>each predicate becomes a "file may match" condition over min/max/nullCount/numRecords:
 *       {@code c = v} keeps min &lt;= v &lt;= max, {@code c <> v} keeps min &lt; v or max &gt; v,
 *       {@code <}/{@code <=} test min, {@code >}/{@code >=} test max, IN tests the list's
 *       [smallest, largest] range (an empty or all-null list matches nothing), IS NULL needs
 *       nullCount &gt; 0, IS NOT NULL nullCount &lt; numRecords;</li>
 *   <li>AND keeps whichever side can be used, OR needs both sides, NOT is pushed down by
 *       De Morgan and folded into comparisons; NOT IN and other NOT forms cannot be used;</li>
 *   <li>evaluation is SQL three-valued: a condition that is NULL (e.g. min/max absent because
 *       the column is all null in the file) prunes the file;</li>
 *   <li>but a file is always kept when a statistic the condition needs is missing: numRecords
 *       or a null count absent, or a min/max absent that is not explained by an all-null
 *       column;</li>
 *   <li>timestamp max is widened by 1 ms (stats are truncated to milliseconds); string
 *       bounds are Delta's stored prefix / tie-broken max and compare as UTF-8 bytes.</li>
 * </ul>
 *
 * <p>A column whose min/max are not in the table's stats schema makes comparisons on it
 * unusable (they never prune), as in Delta.
 */
public final class SkippingEvaluator {
  private static final int FALSE = 0;
  private static final int TRUE = 1;
  private static final int NULL = -1;
  private static final long ONE_MILLISECOND_MICROS = 1000L;

  private final TableStats model;

  public SkippingEvaluator(TableStats model) {
    this.model = model;
  }

  /** Files read for the conjunction of {@code filters} (no filter: every file). */
  public ScanEstimate estimate(List<Predicate> filters) {
    Set<Ref> refs = new LinkedHashSet<>();
    Node combined = null;
    for (Predicate p : filters) {
      Set<Ref> r = new LinkedHashSet<>();
      Node n = build(p, r);
      if (n != null) {
        combined = combined == null ? n : new AndNode(combined, n);
        refs.addAll(r);
      }
    }
    BitSet read = new BitSet(model.numFiles());
    long bytes = 0;
    for (int f = 0; f < model.numFiles(); f++) {
      boolean keep = combined == null || combined.eval(f) == TRUE || !verified(refs, f);
      if (keep) {
        read.set(f);
        bytes += model.size(f);
      }
    }
    return new ScanEstimate(read, read.cardinality(), bytes, model.numFiles(),
        model.totalBytes());
  }

  public ScanEstimate estimate(Predicate filter) {
    return estimate(List.of(filter));
  }

  // ---- building the "file may match" condition -------------------------------------------

  private enum Stat { MIN, MAX, NULL_COUNT, NUM_RECORDS }

  private record Ref(ColumnStats column, Stat stat) {}

  private Node build(Predicate p, Set<Ref> refs) {
    if (p instanceof Predicate.And a) {
      Set<Ref> lr = new LinkedHashSet<>();
      Set<Ref> rr = new LinkedHashSet<>();
      Node l = build(a.left(), lr);
      Node r = build(a.right(), rr);
      if (l != null) {
        refs.addAll(lr);
      }
      if (r != null) {
        refs.addAll(rr);
      }
      if (l != null && r != null) {
        return new AndNode(l, r);
      }
      return l != null ? l : r;
    }
    if (p instanceof Predicate.Or o) {
      Set<Ref> lr = new LinkedHashSet<>();
      Set<Ref> rr = new LinkedHashSet<>();
      Node l = build(o.left(), lr);
      Node r = build(o.right(), rr);
      if (l == null || r == null) {
        return null;
      }
      refs.addAll(lr);
      refs.addAll(rr);
      return new OrNode(l, r);
    }
    if (p instanceof Predicate.Not n) {
      return buildNot(n.child(), refs);
    }
    if (p instanceof Predicate.IsNull n) {
      ColumnStats c = model.column(n.column());
      if (!c.hasNullCountStats()) {
        return null;
      }
      refs.add(new Ref(c, Stat.NULL_COUNT));
      return f -> {
        long nc = c.nullCount(f);
        return nc < 0 ? NULL : (nc > 0 ? TRUE : FALSE);
      };
    }
    if (p instanceof Predicate.IsNotNull n) {
      ColumnStats c = model.column(n.column());
      if (!c.hasNullCountStats()) {
        return null;
      }
      refs.add(new Ref(c, Stat.NULL_COUNT));
      refs.add(new Ref(null, Stat.NUM_RECORDS));
      return f -> {
        long nc = c.nullCount(f);
        long nr = model.numRecords(f);
        return nc < 0 || nr < 0 ? NULL : (nc < nr ? TRUE : FALSE);
      };
    }
    if (p instanceof Predicate.Comparison cmp) {
      if (cmp.op() == Predicate.Op.NE) {
        // Catalyst has no <> node: it is NOT(=), so NOT(<>) folds back to =.
        return buildNot(new Predicate.Comparison(cmp.column(), Predicate.Op.EQ, cmp.value()), refs);
      }
      return comparison(model.column(cmp.column()), cmp.op(), cmp.value(), refs);
    }
    if (p instanceof Predicate.In in) {
      ColumnStats c = model.column(in.column());
      List<Object> nonNull = new ArrayList<>();
      for (Object v : in.values()) {
        if (v != null) {
          nonNull.add(v);
        }
      }
      if (nonNull.isEmpty()) {
        return f -> FALSE;
      }
      long lo = Long.MAX_VALUE;
      long hi = Long.MIN_VALUE;
      Object loV = null;
      Object hiV = null;
      for (Object v : nonNull) {
        long k = c.keyOf(v);
        if (k < lo) {
          lo = k;
          loV = v;
        }
        if (k > hi) {
          hi = k;
          hiV = v;
        }
      }
      // Delta: max(list) >= c AND min(list) <= c.
      return build(new Predicate.And(new Predicate.Comparison(in.column(), Predicate.Op.LE, hiV),
          new Predicate.Comparison(in.column(), Predicate.Op.GE, loV)), refs);
    }
    if (p instanceof Predicate.Opaque) {
      return null;
    }
    throw new IllegalArgumentException("unsupported predicate " + p);
  }

  private Node buildNot(Predicate child, Set<Ref> refs) {
    if (child instanceof Predicate.And a) {
      return build(new Predicate.Or(new Predicate.Not(a.left()), new Predicate.Not(a.right())),
          refs);
    }
    if (child instanceof Predicate.Or o) {
      return build(new Predicate.And(new Predicate.Not(o.left()), new Predicate.Not(o.right())),
          refs);
    }
    if (child instanceof Predicate.Not n) {
      return build(n.child(), refs);
    }
    if (child instanceof Predicate.IsNull n) {
      return build(new Predicate.IsNotNull(n.column()), refs);
    }
    if (child instanceof Predicate.IsNotNull n) {
      return build(new Predicate.IsNull(n.column()), refs);
    }
    if (child instanceof Predicate.Comparison c) {
      Predicate.Op negated = switch (c.op()) {
        case EQ -> Predicate.Op.NE;
        case NE -> Predicate.Op.EQ;
        case LT -> Predicate.Op.GE;
        case LE -> Predicate.Op.GT;
        case GT -> Predicate.Op.LE;
        case GE -> Predicate.Op.LT;
      };
      if (negated == Predicate.Op.NE) {
        return notEqual(model.column(c.column()), c.value(), refs);
      }
      return build(new Predicate.Comparison(c.column(), negated, c.value()), refs);
    }
    return null; // NOT IN, NOT of opaque expressions: Delta cannot use them
  }

  private Node comparison(ColumnStats c, Predicate.Op op, Object value, Set<Ref> refs) {
    if (!c.hasMinMaxStats()) {
      return null;
    }
    boolean nullLiteral = value == null;
    long k = nullLiteral ? 0 : c.keyOf(value);
    switch (op) {
      case EQ:
        refs.add(new Ref(c, Stat.MIN));
        refs.add(new Ref(c, Stat.MAX));
        return f -> nullLiteral ? NULL : and(onMin(c, f, Predicate.Op.LE, k),
            onMax(c, f, Predicate.Op.GE, k));
      case LT:
      case LE:
        refs.add(new Ref(c, Stat.MIN));
        return f -> nullLiteral ? NULL : onMin(c, f, op, k);
      case GT:
      case GE:
        refs.add(new Ref(c, Stat.MAX));
        return f -> nullLiteral ? NULL : onMax(c, f, op, k);
      default:
        throw new IllegalStateException("NE is built through NOT(=)");
    }
  }

  private Node notEqual(ColumnStats c, Object value, Set<Ref> refs) {
    if (!c.hasMinMaxStats()) {
      return null;
    }
    refs.add(new Ref(c, Stat.MIN));
    refs.add(new Ref(c, Stat.MAX));
    boolean nullLiteral = value == null;
    long k = nullLiteral ? 0 : c.keyOf(value);
    return f -> nullLiteral ? NULL : or(onMin(c, f, Predicate.Op.LT, k),
        onMax(c, f, Predicate.Op.GT, k));
  }

  // ---- evaluation ---------------------------------------------------------------------------

  /** {@code min op k}, NULL when the file has no min. */
  private static int onMin(ColumnStats c, int f, Predicate.Op op, long k) {
    return c.hasMin(f) ? compare(c.minKey(f), op, k) : NULL;
  }

  /** {@code max op k}, NULL when the file has no max; timestamp max widened by 1 ms. */
  private static int onMax(ColumnStats c, int f, Predicate.Op op, long k) {
    if (!c.hasMax(f)) {
      return NULL;
    }
    long m = c.maxKey(f);
    if (c.kind() == ColumnStats.Kind.TIMESTAMP || c.kind() == ColumnStats.Kind.TIMESTAMP_NTZ) {
      // Stats are truncated to milliseconds: the true max can be up to 999 µs larger.
      m = m > Long.MAX_VALUE - ONE_MILLISECOND_MICROS ? Long.MAX_VALUE
          : m + ONE_MILLISECOND_MICROS;
    }
    return compare(m, op, k);
  }

  private static int compare(long stat, Predicate.Op op, long k) {
    boolean r = switch (op) {
      case LT -> stat < k;
      case LE -> stat <= k;
      case GT -> stat > k;
      case GE -> stat >= k;
      case EQ -> stat == k;
      case NE -> stat != k;
    };
    return r ? TRUE : FALSE;
  }

  private static int and(int a, int b) {
    if (a == FALSE || b == FALSE) {
      return FALSE;
    }
    return a == TRUE && b == TRUE ? TRUE : NULL;
  }

  private static int or(int a, int b) {
    if (a == TRUE || b == TRUE) {
      return TRUE;
    }
    return a == FALSE && b == FALSE ? FALSE : NULL;
  }

  /** Delta's verifyStatsForFilter: every needed stat present (min/max may be absent if all-null). */
  private boolean verified(Set<Ref> refs, int f) {
    for (Ref r : refs) {
      switch (r.stat()) {
        case NUM_RECORDS:
          if (model.numRecords(f) < 0) {
            return false;
          }
          break;
        case NULL_COUNT:
          if (r.column().nullCount(f) < 0) {
            return false;
          }
          break;
        case MIN:
        case MAX:
          long nc = r.column().nullCount(f);
          long nr = model.numRecords(f);
          if (nc < 0 || nr < 0) {
            return false;
          }
          boolean present = r.stat() == Stat.MIN ? r.column().hasMin(f) : r.column().hasMax(f);
          if (!present && nc != nr) {
            return false;
          }
          break;
        default:
          throw new IllegalStateException();
      }
    }
    return true;
  }

  @FunctionalInterface
  private interface Node {
    int eval(int file);
  }

  private record AndNode(Node l, Node r) implements Node {
    public int eval(int f) {
      return and(l.eval(f), r.eval(f));
    }
  }

  private record OrNode(Node l, Node r) implements Node {
    public int eval(int f) {
      return or(l.eval(f), r.eval(f));
    }
  }
}
