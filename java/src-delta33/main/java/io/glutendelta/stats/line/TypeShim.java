package io.glutendelta.stats.line;

import org.apache.spark.sql.types.StringType;

/** Spark 3.5 has no collations: every string compares as UTF8_BINARY. */
public final class TypeShim {
  private TypeShim() {}

  public static boolean isBinaryCollation(StringType type) {
    return true;
  }
}
