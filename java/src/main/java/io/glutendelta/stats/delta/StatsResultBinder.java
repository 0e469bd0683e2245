package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.batching.SparkLeafType;
import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.engine.FileAggregates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.InterpretedUnsafeProjection$;
import org.apache.spark.sql.catalyst.expressions.ScalaUDF;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.DeclarativeAggregate;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.internal.SQLConf$;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Function1;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractPartialFunction;

/**
 * Turns the engine's result for one file into Delta's JSON: the result fills Delta's own
 * aggregation buffer, and Delta's own result expression (each aggregate replaced by its
 * {@code evaluateExpression}) is evaluated on that one row, so truncation, number/timestamp
 * text, null-field omission, physical names and {@code tightBounds} are Delta's by construction.
 */
final class StatsResultBinder {
  private final StatsAggregate.Kind[] kind;
  private final int[] leafOf;
  private final DataType[] slotType;
  /** Per aggregate: how its min/max is read back (null for other aggregates). */
  private final SparkLeafType[] leafType;
  private final int leafCount;
  private final Expression resultExpr;
  private UnsafeProjection resultProjection;
  /** The conf Delta's UDFs are evaluated under (null: the expression has none). */
  private SQLConf noCodegen;

  /**
   * @param input the schema whose leaves the engine's result follows
   * @param leafOf per aggregate: its leaf in {@code input} (-1 for numRecords)
   */
  StatsResultBinder(Expression statsColExpr, List<StatsAggregate> aggregates, InputSchema input, int[] leafOf) {
    int n = aggregates.size();
    this.kind = new StatsAggregate.Kind[n];
    this.slotType = new DataType[n];
    this.leafType = new SparkLeafType[n];
    this.leafOf = leafOf.clone();
    this.leafCount = input.leafCount();
    List<Attribute> buffer = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      kind[i] = aggregates.get(i).kind();
      if (kind[i].needsMinMax()) {
        leafType[i] = input.leaf(leafOf[i]).leafType();
      }
      slotType[i] = aggregates.get(i).bufferSlot().dataType();
      buffer.add(aggregates.get(i).bufferSlot());
    }
    Expression result = replace(statsColExpr, e -> e instanceof AggregateExpression ae
        && ae.aggregateFunction() instanceof DeclarativeAggregate d ? d.evaluateExpression() : null);
    Map<ExprId, BoundReference> slots = new HashMap<>();
    for (int i = 0; i < buffer.size(); i++) {
      Attribute a = buffer.get(i);
      slots.put(a.exprId(), new BoundReference(i, a.dataType(), a.nullable()));
    }
    // Spark's BindReferences, by exprId: the expression reads the buffer's slots by ordinal.
    this.resultExpr = replace(result, e -> {
      if (!(e instanceof AttributeReference a)) {
        return null;
      }
      BoundReference slot = slots.get(a.exprId());
      if (slot == null) {
        throw new IllegalStateException("stats result expression reads " + a + ", not an aggregation buffer slot");
      }
      return slot;
    });
  }

  /** {@code e} with every node for which {@code rule} returns non-null replaced (top-down). */
  private static Expression replace(Expression e, Function<Expression, Expression> rule) {
    return e.transform(new AbstractPartialFunction<Expression, Expression>() {
      @Override
      public boolean isDefinedAt(Expression x) {
        return rule.apply(x) != null;
      }

      @Override
      public <A1 extends Expression, B1> B1 applyOrElse(A1 x, Function1<A1, B1> fallback) {
        Expression out = rule.apply(x);
        if (out == null) {
          return fallback.apply(x);
        }
        @SuppressWarnings("unchecked")
        B1 b = (B1) out;
        return b;
      }
    });
  }

  /** A fresh aggregation buffer (one per file being finished; cheap). */
  SpecificInternalRow newBuffer() {
    return new SpecificInternalRow(ScalaColl.seq(List.of(slotType)));
  }

  /** Fills Delta's aggregation buffer from the native result and evaluates Delta's result expression. */
  String toJson(FileAggregates stats) {
    if (stats.leafCount() != leafCount) {
      throw new IllegalStateException("native result has " + stats.leafCount() + " leaves, plan has "
          + leafCount);
    }
    SpecificInternalRow buf = newBuffer();
    long n = stats.numRecords();
    for (int i = 0; i < kind.length; i++) {
      int leaf = leafOf[i];
      switch (kind[i]) {
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
            leafType[i].readBack(buf, i, stats, leaf, kind[i] == StatsAggregate.Kind.MIN, slotType[i]);
          }
        }
        default -> throw new IllegalStateException("aggregate kind " + kind[i]);
      }
    }
    return evaluate(buf);
  }

  /**
   * Evaluates Delta's result expression on a filled buffer. Interpreted, not code-generated: it
   * runs once per file, and generating the projection's code in every task (even when the
   * compiled class is cached) costs more than evaluating it on that one row (JMH
   * {@code TaskSetupBenchmark}). The same holds inside it: Delta's string-truncation UDFs build
   * their argument and result converters from encoders on first use, which Spark code-generates
   * unless its codegen factory mode says otherwise, so they are built under {@code NO_CODEGEN}.
   */
  String evaluate(InternalRow buffer) {
    if (resultProjection == null) {
      resultProjection = InterpretedUnsafeProjection$.MODULE$.createProjection(ScalaColl.seq(List.of(resultExpr)));
      noCodegen = hasScalaUdf(resultExpr) ? withoutCodegen(SQLConf.get()) : null;
    }
    UTF8String json = noCodegen == null ? resultProjection.apply(buffer).getUTF8String(0)
        : SQLConf.withExistingConf(noCodegen, () -> resultProjection.apply(buffer).getUTF8String(0));
    return json == null ? null : json.toString();
  }

  private static boolean hasScalaUdf(Expression e) {
    return e.find(new AbstractFunction1<Expression, Object>() {
      @Override
      public Object apply(Expression x) {
        return x instanceof ScalaUDF;
      }
    }).isDefined();
  }

  /**
   * The task's conf with Spark's codegen factory mode set to interpreted. A task's conf is
   * read-only (it refuses to be cloned), so its settings map, the one Spark fills from the task's
   * properties, is copied as is: every other conf (session time zone, ANSI mode, ...) reads as the
   * task's does, and nothing is validated or logged again per task.
   */
  private static SQLConf withoutCodegen(SQLConf taskConf) {
    SQLConf conf = new SQLConf();
    conf.settings().putAll(taskConf.settings());
    conf.settings().put(SQLConf$.MODULE$.CODEGEN_FACTORY_MODE().key(), "NO_CODEGEN");
    return conf;
  }
}
