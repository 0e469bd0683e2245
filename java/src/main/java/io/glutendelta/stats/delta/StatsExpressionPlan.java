package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputField;
import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.engine.FileStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.CaseWhen;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetStructField;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection$;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.Count;
import org.apache.spark.sql.catalyst.expressions.aggregate.DeclarativeAggregate;
import org.apache.spark.sql.catalyst.expressions.aggregate.Max;
import org.apache.spark.sql.catalyst.expressions.aggregate.Min;
import org.apache.spark.sql.catalyst.expressions.aggregate.Sum;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.Decimal$;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Function1;
import scala.Tuple2;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Delta's per-file stats expression ({@code statsColExpr}) split into what runs natively and
 * what stays Delta's. Every aggregate in it must be one of: {@code count(*)} (numRecords, and
 * nullCount of columns absent from the data), {@code min}/{@code max} of a column path, or
 * {@code sum(CASE WHEN isnull(path) THEN 1 ELSE 0 END)} (nullCount). Anything else makes the
 * plan unsupported and the write keeps Delta's tracker.
 *
 * <p>The native engine computes, per file, the row count and per leaf the null count and the
 * untruncated min/max. They are written into Delta's own aggregation buffer, and Delta's own
 * result expression (each aggregate replaced by its {@code evaluateExpression}) turns that one
 * row into the JSON, so truncation, number/timestamp text, null-field omission, physical names
 * and {@code tightBounds} are Delta's by construction.
 *
 * <p>{@link #inputSchema()} is the schema of the rows the engine needs: only the referenced data
 * columns, structs pruned to referenced children (so a null parent still nulls its leaves), and
 * leaves without min/max reduced to their validity.
 */
public final class StatsExpressionPlan {

  private static final int NUM_RECORDS = 0;
  private static final int NULL_COUNT = 1;
  private static final int MIN = 2;
  private static final int MAX = 3;

  private final InputSchema inputSchema;
  private final boolean[] leafMinMax;
  private final String[] leafNames;
  private final int[] slotKind;
  private final int[] slotLeaf;
  private final DataType[] slotType;
  private final Seq<Attribute> bufferAttrs;
  private final Expression resultExpr;
  private UnsafeProjection resultProjection;

  private StatsExpressionPlan(InputSchema inputSchema, boolean[] leafMinMax, String[] leafNames,
      int[] slotKind, int[] slotLeaf, DataType[] slotType,
      Seq<Attribute> bufferAttrs, Expression resultExpr) {
    this.inputSchema = inputSchema;
    this.leafMinMax = leafMinMax;
    this.leafNames = leafNames;
    this.slotKind = slotKind;
    this.slotLeaf = slotLeaf;
    this.slotType = slotType;
    this.bufferAttrs = bufferAttrs;
    this.resultExpr = resultExpr;
  }

  /** Pruned schema of the rows the engine aggregates (see class comment). */
  public InputSchema inputSchema() {
    return inputSchema;
  }

  public int leafCount() {
    return leafMinMax.length;
  }

  /** Whether leaf {@code i} (depth-first in {@link #inputSchema()}) gets min/max. */
  public boolean leafCollectsMinMax(int i) {
    return leafMinMax[i];
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
    List<Attribute> cols = CollectionConverters.asJava(dataCols);
    List<DeclarativeAggregate> aggregates = new ArrayList<>();
    collectAggregates(statsColExpr, aggregates);

    Node root = new Node(null, -1, null);
    List<Object[]> pending = new ArrayList<>(); // {kind, path (List<Integer>)} per aggregate
    List<Attribute> buffer = new ArrayList<>();
    for (DeclarativeAggregate agg : aggregates) {
      List<AttributeReference> attrs = CollectionConverters.asJava(agg.aggBufferAttributes());
      if (attrs.size() != 1) {
        throw new UnsupportedStatsException("aggregate " + agg.prettyName() + " has "
            + attrs.size() + " buffer fields");
      }
      AttributeReference slot = attrs.get(0);
      buffer.add(slot);
      if (agg instanceof Count c) {
        for (Expression e : CollectionConverters.asJava(c.children())) {
          if (!(e.foldable() && !e.nullable())) {
            throw new UnsupportedStatsException("count over a nullable expression: " + e.sql());
          }
        }
        requireType(slot, LongType.class, agg);
        pending.add(new Object[] {NUM_RECORDS, null});
      } else if (agg instanceof Min || agg instanceof Max) {
        Expression child = agg instanceof Min m ? m.child() : ((Max) agg).child();
        List<Integer> path = pathOf(child, cols);
        if (path == null) {
          throw new UnsupportedStatsException("min/max over a non-column expression: " + child.sql());
        }
        if (!minMaxEligible(child.dataType())) {
          throw new UnsupportedStatsException("min/max of type " + child.dataType().simpleString()
              + " on " + child.sql());
        }
        root.add(path, cols, true);
        pending.add(new Object[] {agg instanceof Min ? MIN : MAX, path});
      } else if (agg instanceof Sum s) {
        Expression tested = nullIndicatorArgument(s.child());
        List<Integer> path = tested == null ? null : pathOf(tested, cols);
        if (path == null) {
          throw new UnsupportedStatsException("sum that is not a null count: " + s.child().sql());
        }
        requireType(slot, LongType.class, agg);
        root.add(path, cols, false);
        pending.add(new Object[] {NULL_COUNT, path});
      } else {
        throw new UnsupportedStatsException("aggregate " + agg.prettyName() + " is not computed natively");
      }
    }

    // Leaves are numbered by the input schema (depth-first, as the engine numbers them).
    Map<List<Integer>, InputField> leafFields = new LinkedHashMap<>();
    InputSchema input = new InputSchema(root.toInputFields(new ArrayList<>(), leafFields));
    Map<List<Integer>, Integer> leafIndex = new LinkedHashMap<>();
    int leaves = input.leafCount();
    boolean[] minMax = new boolean[leaves];
    String[] names = new String[leaves];
    for (Map.Entry<List<Integer>, InputField> e : leafFields.entrySet()) {
      int li = input.leafIndex(e.getValue());
      leafIndex.put(e.getKey(), li);
      Node n = root.find(e.getKey());
      minMax[li] = n.minMax;
      names[li] = n.displayName();
    }
    int[] kind = new int[pending.size()];
    int[] leaf = new int[pending.size()];
    DataType[] slotTypes = new DataType[pending.size()];
    for (int i = 0; i < pending.size(); i++) {
      kind[i] = (Integer) pending.get(i)[0];
      @SuppressWarnings("unchecked")
      List<Integer> path = (List<Integer>) pending.get(i)[1];
      Integer li = path == null ? Integer.valueOf(-1) : leafIndex.get(path);
      if (li == null) {
        throw new UnsupportedStatsException("statistic on a struct that also has statistics on its fields");
      }
      leaf[i] = li;
      slotTypes[i] = buffer.get(i).dataType();
    }
    Expression result = statsColExpr.transform(new AbstractPartialFunction<Expression, Expression>() {
      @Override
      public boolean isDefinedAt(Expression e) {
        return e instanceof AggregateExpression ae && ae.aggregateFunction() instanceof DeclarativeAggregate;
      }

      @Override
      public <A1 extends Expression, B1> B1 applyOrElse(A1 e, Function1<A1, B1> fallback) {
        if (isDefinedAt(e)) {
          @SuppressWarnings("unchecked")
          B1 out = (B1) ((DeclarativeAggregate) ((AggregateExpression) e).aggregateFunction()).evaluateExpression();
          return out;
        }
        return fallback.apply(e);
      }
    });
    return new StatsExpressionPlan(input, minMax, names, kind, leaf, slotTypes,
        CollectionConverters.asScala(buffer).toSeq(), result);
  }

  /** A fresh aggregation buffer (one per file being finished; cheap). */
  public SpecificInternalRow newBuffer() {
    return new SpecificInternalRow(CollectionConverters.asScala(List.of(slotType)).toSeq());
  }

  /**
   * Fills Delta's aggregation buffer from the native result and evaluates Delta's result
   * expression on it: the JSON string Delta would have written for this file.
   */
  public String toJson(FileStats stats) {
    if (stats.leafCount() != leafCount()) {
      throw new IllegalStateException("native result has " + stats.leafCount() + " leaves, plan has "
          + leafCount());
    }
    SpecificInternalRow buf = newBuffer();
    long n = stats.numRecords();
    for (int i = 0; i < slotKind.length; i++) {
      int leaf = slotLeaf[i];
      switch (slotKind[i]) {
        case NUM_RECORDS -> buf.setLong(i, n);
        // Spark's sum is null until it has seen a row.
        case NULL_COUNT -> {
          if (n == 0) {
            buf.setNullAt(i);
          } else {
            buf.setLong(i, stats.nullCount(leaf));
          }
        }
        case MIN, MAX -> {
          if (!stats.hasMinMax(leaf)) {
            buf.setNullAt(i);
          } else {
            setValue(buf, i, slotType[i], stats, leaf, slotKind[i] == MIN);
          }
        }
        default -> throw new IllegalStateException("slot kind " + slotKind[i]);
      }
    }
    return evaluate(buf);
  }

  /** Evaluates Delta's result expression on a filled buffer. */
  public String evaluate(InternalRow buffer) {
    if (resultProjection == null) {
      resultProjection = UnsafeProjection$.MODULE$.create(
          CollectionConverters.asScala(List.of(resultExpr)).toSeq(), bufferAttrs);
    }
    UTF8String json = resultProjection.apply(buffer).getUTF8String(0);
    return json == null ? null : json.toString();
  }

  private void setValue(SpecificInternalRow buf, int slot, DataType t, FileStats s, int leaf, boolean min) {
    if (t instanceof ByteType) {
      buf.setByte(slot, (byte) (min ? s.minLong(leaf) : s.maxLong(leaf)));
    } else if (t instanceof ShortType) {
      buf.setShort(slot, (short) (min ? s.minLong(leaf) : s.maxLong(leaf)));
    } else if (t instanceof IntegerType || t instanceof DateType) {
      buf.setInt(slot, (int) (min ? s.minLong(leaf) : s.maxLong(leaf)));
    } else if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) {
      buf.setLong(slot, min ? s.minLong(leaf) : s.maxLong(leaf));
    } else if (t instanceof FloatType) {
      buf.setFloat(slot, (float) (min ? s.minDouble(leaf) : s.maxDouble(leaf)));
    } else if (t instanceof DoubleType) {
      buf.setDouble(slot, min ? s.minDouble(leaf) : s.maxDouble(leaf));
    } else if (t instanceof DecimalType d) {
      Decimal v;
      boolean fits = min ? s.minUnscaledFitsLong(leaf) : s.maxUnscaledFitsLong(leaf);
      if (fits) {
        v = Decimal$.MODULE$.apply(min ? s.minUnscaledLong(leaf) : s.maxUnscaledLong(leaf),
            d.precision(), d.scale());
      } else {
        v = Decimal$.MODULE$.apply(new java.math.BigDecimal(min ? s.minUnscaled(leaf) : s.maxUnscaled(leaf),
            d.scale()), d.precision(), d.scale());
      }
      buf.update(slot, v);
    } else if (t instanceof StringType) {
      byte[] bytes = s.bytes();
      int off = min ? s.minUtf8Offset(leaf) : s.maxUtf8Offset(leaf);
      int len = min ? s.minUtf8Length(leaf) : s.maxUtf8Length(leaf);
      buf.update(slot, UTF8String.fromBytes(bytes, off, len));
    } else {
      throw new IllegalStateException("no native min/max for type " + t.simpleString() + " of "
          + leafNames[leaf]);
    }
  }

  static boolean minMaxEligible(DataType t) {
    return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof LongType || t instanceof FloatType || t instanceof DoubleType
        || t instanceof DecimalType || t instanceof DateType || t instanceof TimestampType
        || t instanceof TimestampNTZType
        // Collated strings would need collation-aware ordering; Delta rejects them in tables.
        || (t instanceof StringType st && st.collationId() == 0);
  }

  private static void requireType(AttributeReference slot, Class<?> type, DeclarativeAggregate agg)
      throws UnsupportedStatsException {
    if (!type.isInstance(slot.dataType())) {
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
    for (Expression c : CollectionConverters.asJava(e.children())) {
      collectAggregates(c, out);
    }
  }

  /** For {@code CASE WHEN isnull(x) THEN 1 ELSE 0 END} (or the If form): x, else null. */
  private static Expression nullIndicatorArgument(Expression e) {
    if (e instanceof CaseWhen cw) {
      List<Tuple2<Expression, Expression>> branches = CollectionConverters.asJava(cw.branches());
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

  /** One referenced field: a leaf, or a struct with its referenced children by ordinal. */
  private static final class Node {
    final String name;
    final int ordinal;
    final DataType type;
    final Node parent;
    final TreeMap<Integer, Node> children = new TreeMap<>();
    boolean minMax;

    Node(String name, int ordinal, DataType type) {
      this(name, ordinal, type, null);
    }

    Node(String name, int ordinal, DataType type, Node parent) {
      this.name = name;
      this.ordinal = ordinal;
      this.type = type;
      this.parent = parent;
    }

    void add(List<Integer> path, List<Attribute> cols, boolean withMinMax) {
      Node cur = this;
      for (int depth = 0; depth < path.size(); depth++) {
        int ord = path.get(depth);
        Node next = cur.children.get(ord);
        if (next == null) {
          StructField f = depth == 0 ? null : ((StructType) cur.type).fields()[ord];
          String n = depth == 0 ? cols.get(ord).name() : f.name();
          DataType t = depth == 0 ? cols.get(ord).dataType() : f.dataType();
          next = new Node(n, ord, t, cur);
          cur.children.put(ord, next);
        }
        cur = next;
      }
      cur.minMax |= withMinMax;
    }

    Node find(List<Integer> path) {
      Node cur = this;
      for (int ord : path) {
        cur = cur.children.get(ord);
      }
      return cur;
    }

    String displayName() {
      return parent == null || parent.name == null ? name : parent.displayName() + "." + name;
    }

    List<InputField> toInputFields(List<Integer> prefix, Map<List<Integer>, InputField> leafFields) {
      List<InputField> fields = new ArrayList<>();
      for (Node c : children.values()) {
        List<Integer> path = new ArrayList<>(prefix);
        path.add(c.ordinal);
        InputField f;
        if (c.children.isEmpty()) {
          f = c.minMax ? InputField.leaf(c.name, c.ordinal, c.type) : InputField.nullCountOnly(c.name, c.ordinal);
          leafFields.put(path, f);
        } else {
          f = InputField.struct(c.name, c.ordinal, ((StructType) c.type).fields().length,
              c.toInputFields(path, leafFields));
        }
        fields.add(f);
      }
      return fields;
    }
  }
}
