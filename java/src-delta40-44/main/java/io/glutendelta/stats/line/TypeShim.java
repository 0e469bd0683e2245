package io.glutendelta.stats.line;

import org.apache.spark.sql.types.StringType;

/** Spark 4 strings carry a collation; only UTF8_BINARY (id 0) orders by bytes. */
public final class TypeShim {
  private TypeShim() {}

  public static boolean isBinaryCollation(StringType type) {
    return type.collationId() == 0;
  }
}
