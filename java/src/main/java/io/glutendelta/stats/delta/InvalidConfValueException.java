package io.glutendelta.stats.delta;

import java.util.Map;
import org.apache.spark.SparkThrowable;

/**
 * A gluten-delta-stats conf has a value it cannot use. Spark 4's error class for that,
 * INVALID_CONF_VALUE (sub-class TYPE_MISMATCH or REQUIREMENT, SQLSTATE 22022), with its message
 * and parameters; carried here because Spark 3.5 has no such class in its registry. Still an
 * IllegalArgumentException, which is what Spark throws for a bad conf value.
 */
public final class InvalidConfValueException extends IllegalArgumentException implements SparkThrowable {
  private static final long serialVersionUID = 1L;
  public static final String ERROR_CLASS = "INVALID_CONF_VALUE";
  public static final String SQL_STATE = "22022";

  private final String condition;
  private final Map<String, String> parameters;

  private InvalidConfValueException(String subClass, String detail, Map<String, String> parameters) {
    super("[" + ERROR_CLASS + "." + subClass + "] The value '" + parameters.get("confValue") + "' in the config \""
        + parameters.get("confName") + "\" is invalid. " + detail + " SQLSTATE: " + SQL_STATE);
    this.condition = ERROR_CLASS + "." + subClass;
    this.parameters = Map.copyOf(parameters);
  }

  /** The value does not parse as {@code type} (Spark's type names: int, boolean, ...). */
  public static InvalidConfValueException typeMismatch(String conf, String value, String type) {
    return new InvalidConfValueException("TYPE_MISMATCH", "It should be a/an '" + type + "' value.",
        Map.of("confName", conf, "confValue", value, "confType", type));
  }

  /** The value parses but breaks {@code requirement} (e.g. "must be positive"). */
  public static InvalidConfValueException requirement(String conf, String value, String requirement) {
    return new InvalidConfValueException("REQUIREMENT", requirement,
        Map.of("confName", conf, "confValue", value, "confRequirement", requirement));
  }

  @Override
  public String getErrorClass() {
    return condition;
  }

  /** Spark 4's name for the error class (an override there; Spark 3.5 has no such method). */
  public String getCondition() {
    return condition;
  }

  @Override
  public String getSqlState() {
    return SQL_STATE;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }
}
