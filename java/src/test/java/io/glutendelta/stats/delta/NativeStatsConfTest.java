package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.internal.SQLConf;
import org.junit.jupiter.api.Test;

class NativeStatsConfTest {
  private static SQLConf withBatchRows(String value) {
    SQLConf conf = new SQLConf();
    if (value != null) {
      conf.setConfString(NativeStatsConf.BATCH_ROWS, value);
    }
    return conf;
  }

  @Test
  void batchRowsDefaultsAndTrims() {
    assertEquals(NativeStatsConf.DEFAULT_BATCH_ROWS, NativeStatsConf.batchRows(withBatchRows(null)));
    assertEquals(512, NativeStatsConf.batchRows(withBatchRows(" 512 ")));
  }

  @Test
  void batchRowsThatIsNotAnIntIsATypeMismatch() {
    InvalidConfValueException e = assertThrows(InvalidConfValueException.class,
        () -> NativeStatsConf.batchRows(withBatchRows("1k")));
    assertEquals("INVALID_CONF_VALUE.TYPE_MISMATCH", e.getErrorClass());
    assertEquals("INVALID_CONF_VALUE.TYPE_MISMATCH", e.getCondition());
    assertEquals("22022", ((SparkThrowable) e).getSqlState());
    assertEquals("1k", e.getMessageParameters().get("confValue"));
    assertEquals("int", e.getMessageParameters().get("confType"));
    assertEquals("[INVALID_CONF_VALUE.TYPE_MISMATCH] The value '1k' in the config \"" + NativeStatsConf.BATCH_ROWS
        + "\" is invalid. It should be a/an 'int' value. SQLSTATE: 22022", e.getMessage());
  }

  @Test
  void batchRowsBelowOneBreaksTheRequirement() {
    for (String v : new String[] {"0", "-5"}) {
      InvalidConfValueException e = assertThrows(InvalidConfValueException.class,
          () -> NativeStatsConf.batchRows(withBatchRows(v)));
      assertEquals("INVALID_CONF_VALUE.REQUIREMENT", e.getErrorClass());
      assertEquals(NativeStatsConf.BATCH_ROWS, e.getMessageParameters().get("confName"));
      assertEquals(v, e.getMessageParameters().get("confValue"));
      assertTrue(e.getMessage().startsWith("[INVALID_CONF_VALUE.REQUIREMENT] The value '" + v + "'"), e.getMessage());
      assertTrue(e instanceof IllegalArgumentException, "still what Spark throws for a bad conf value");
    }
  }
}
