package io.glutendelta.stats.delta;

import io.glutendelta.stats.jni.NativeStatsException;

/**
 * Forced native failures for tests (system property {@value #PROPERTY}, or {@link #set} in the
 * same JVM): {@code create} fails creating the native task (nothing lost: Delta's tracker takes
 * over), {@code batch:N} fails the batch after N successful ones (rows lost: the task must fail).
 */
public final class NativeStatsTestHooks {
  public static final String PROPERTY = "gds.test.failNative";

  private static volatile String override;

  private NativeStatsTestHooks() {}

  /** Sets (or with null clears) the failure spec for this JVM, ahead of the system property. */
  public static void set(String spec) {
    override = spec;
  }

  private static String spec() {
    String s = override;
    return s != null ? s : System.getProperty(PROPERTY);
  }

  static void beforeCreate() {
    if ("create".equals(spec())) {
      throw new NativeStatsException("injected native failure at task creation (" + PROPERTY + ")");
    }
  }

  static void beforeBatch(long batchesDone) {
    String s = spec();
    if (s != null && s.startsWith("batch:") && batchesDone >= Long.parseLong(s.substring(6).trim())) {
      throw new NativeStatsException("injected native failure after " + batchesDone + " batches ("
          + PROPERTY + ")");
    }
  }
}
