package io.glutendelta.stats.bench.writeamp;

import io.glutendelta.stats.skipping.CatalystPredicates;
import io.glutendelta.stats.skipping.Predicate;
import io.glutendelta.stats.skipping.SkippingEvaluator;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;

/**
 * Files read per probe as our skipping evaluator predicts them from the table's stats, set beside
 * the count Delta's scan reports: the benchmark's files-read figures are Delta's, and every probe
 * also checks that the planner's evaluator agrees with them.
 */
final class EvaluatorCrossCheck {
  private int probes;
  private final List<String> mismatches = new ArrayList<>();

  /** Our evaluator's files-read for {@code predicate} on the table's current snapshot. */
  static long filesRead(SparkSession spark, String table, List<String> columns, String predicate) {
    SkippingEvaluator ours = new SkippingEvaluator(DeltaStatsLoader.load(spark, table, columns));
    List<Predicate> filters = new ArrayList<>();
    for (Expression e : CatalystPredicates.filterConditions(spark.read().format("delta").load(table).filter(predicate))) {
      filters.add(CatalystPredicates.fromCatalyst(e));
    }
    return ours.estimate(filters).numFilesRead();
  }

  void record(String where, String predicate, long deltaScan, long evaluator) {
    probes++;
    if (deltaScan != evaluator) {
      String m = String.format(Locale.ROOT, "%s `%s`: Delta's scan %d, our evaluator %d", where, predicate, deltaScan,
          evaluator);
      mismatches.add(m);
      System.out.println("[write-amp] evaluator mismatch: " + m);
    }
  }

  int probes() {
    return probes;
  }

  List<String> mismatches() {
    return mismatches;
  }
}
