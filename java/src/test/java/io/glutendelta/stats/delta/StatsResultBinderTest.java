package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.glutendelta.stats.testing.TestSpark;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The conf Delta's result expression is evaluated under: UDFs inside it (Delta's string
 * truncation) build their converters without code generation, and every other conf of the
 * caller's reads the same there.
 */
class StatsResultBinderTest {
  private static final String FACTORY_MODE = "spark.sql.codegen.factoryMode";
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("gds-result-binder", Map.of("spark.sql.session.timeZone", "Pacific/Chatham"));
    // What a UDF in the result expression sees of the conf it runs under.
    spark.udf().register("seenConf", (UDF1<String, String>) s -> s + "|"
        + SQLConf.get().getConfString(FACTORY_MODE, "FALLBACK") + "|" + SQLConf.get().sessionLocalTimeZone(),
        DataTypes.StringType);
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  private static StatsResultBinder binder(LogicalPlan plan) throws UnsupportedStatsException {
    var cols = plan.children().head().output();
    var expr = plan.expressions().head();
    List<StatsAggregate> aggregates = StatsExpressionAnalyzer.aggregates(cols, expr);
    StatsInputPruner.PrunedInput input = StatsInputPruner.prune(cols, aggregates);
    return new StatsResultBinder(expr, aggregates, input.schema(), input.leafOf());
  }

  @Test
  void udfsInTheResultRunWithoutCodegenUnderTheCallersConf() throws Exception {
    LogicalPlan plan = spark.range(1).selectExpr("cast(id as string) as s")
        .selectExpr("to_json(struct(count(*) as numRecords, seenConf(max(s)) as maxValues)) as j")
        // optimized: RuntimeReplaceable nodes replaced, as Delta prepares its expression for evaluation
        .queryExecution().optimizedPlan();
    StatsResultBinder b = binder(plan);
    for (String value : List.of("a", "b")) { // the second file reuses the binder's projection
      SpecificInternalRow buffer = b.newBuffer();
      buffer.setLong(0, 3);
      buffer.update(1, UTF8String.fromString(value));
      assertEquals("{\"numRecords\":3,\"maxValues\":\"" + value + "|NO_CODEGEN|Pacific/Chatham\"}", b.evaluate(buffer));
    }
    assertNotEquals("NO_CODEGEN", SQLConf.get().getConfString(FACTORY_MODE, "FALLBACK"),
        "the caller's conf is left as it was");
  }
}
