package io.glutendelta.stats.delta;

import java.util.List;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;

/**
 * One aggregate of Delta's stats expression, as the native engine computes it.
 *
 * @param kind what is aggregated
 * @param path the column it aggregates: [data column index, struct ordinal, ...]; empty for
 *     {@link Kind#NUM_RECORDS}
 * @param bufferSlot the aggregate's field in Delta's aggregation buffer
 */
public record StatsAggregate(Kind kind, List<Integer> path, AttributeReference bufferSlot) {
  public StatsAggregate {
    path = List.copyOf(path);
  }

  /** The four aggregates Delta's stats expression is made of. */
  public enum Kind {
    /** {@code count(*)}: numRecords, and the null count of a column absent from the data. */
    NUM_RECORDS,
    /** {@code sum(CASE WHEN isnull(path) THEN 1 ELSE 0 END)}. */
    NULL_COUNT,
    MIN,
    MAX;

    boolean needsMinMax() {
      return this == MIN || this == MAX;
    }
  }
}
