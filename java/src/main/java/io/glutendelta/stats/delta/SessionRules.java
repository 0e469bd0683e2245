package io.glutendelta.stats.delta;

import org.apache.spark.sql.SparkSession;

/**
 * Creates our Scala session rules by class name. Java code is compiled before the Scala layer
 * (scalac 2.12 cannot read Java records), so the Java entry points cannot name those classes.
 */
public final class SessionRules {
  private SessionRules() {}

  /** {@code new <className>(session)}, cast to what the injection point expects. */
  @SuppressWarnings("unchecked")
  public static <T> T create(String className, SparkSession session) {
    try {
      return (T) Class.forName(className, true, SessionRules.class.getClassLoader())
          .getConstructor(SparkSession.class).newInstance(session);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("gluten-delta-stats: cannot create " + className
          + " (the jar is incomplete)", e);
    }
  }
}
