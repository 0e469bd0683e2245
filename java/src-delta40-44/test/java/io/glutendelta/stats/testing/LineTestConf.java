package io.glutendelta.stats.testing;

import java.util.Map;

/** Session settings the tests need on this line: none (Spark 4's Parquet rebase default is CORRECTED). */
public final class LineTestConf {
  private LineTestConf() {}

  public static Map<String, String> session() {
    return Map.of();
  }
}
