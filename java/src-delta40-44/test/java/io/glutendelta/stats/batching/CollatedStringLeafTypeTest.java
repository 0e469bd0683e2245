package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.junit.jupiter.api.Test;

/** Spark 4 collations (none exist on Spark 3.5): only UTF8_BINARY strings are a native leaf. */
class CollatedStringLeafTypeTest {
  @Test
  void collatedStringsAreRejectedBinaryOnesTaken() {
    assertNull(SparkLeafType.of(StringType.apply("UNICODE_CI")), "collated strings order differently");
    assertFalse(SparkLeafType.minMaxEligible(StringType.apply("UTF8_LCASE")));
    assertEquals(SparkLeafType.STRING, SparkLeafType.of(StringType.apply("UTF8_BINARY")));
    assertEquals(SparkLeafType.STRING, SparkLeafType.of(DataTypes.StringType));
  }
}
