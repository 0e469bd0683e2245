package io.glutendelta.stats.testing;

import java.util.Map;

/**
 * Session settings the tests need on this line. Spark 3.5 refuses dates and timestamps before
 * the Gregorian switch in Parquet unless the rebase modes are set (its default is EXCEPTION);
 * CORRECTED, Spark 4's default, writes them as they are, so both lines test the same data.
 */
public final class LineTestConf {
  private LineTestConf() {}

  public static Map<String, String> session() {
    return Map.of(
        "spark.sql.parquet.datetimeRebaseModeInWrite", "CORRECTED",
        "spark.sql.parquet.datetimeRebaseModeInRead", "CORRECTED",
        "spark.sql.parquet.int96RebaseModeInWrite", "CORRECTED",
        "spark.sql.parquet.int96RebaseModeInRead", "CORRECTED");
  }
}
