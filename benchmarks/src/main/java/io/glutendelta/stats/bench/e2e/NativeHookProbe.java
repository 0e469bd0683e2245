package io.glutendelta.stats.bench.e2e;

/**
 * Finds our Delta hook on the classpath by name, so the benchmark fails with a clear message
 * (instead of silently measuring vanilla twice) when the native mode is asked for but the hook
 * is not there.
 */
public final class NativeHookProbe {
  public static final String EXTENSION = "io.glutendelta.stats.delta.NativeStatsExtension";
  public static final String METRICS = "io.glutendelta.stats.delta.NativeStatsMetrics";

  private NativeHookProbe() {}

  public static boolean present(String className) {
    try {
      Class.forName(className, false, NativeHookProbe.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  public static void requireExtension() {
    if (!present(EXTENSION)) {
      throw new IllegalStateException("native mode requested but " + EXTENSION + " is not on the "
          + "classpath (is the Delta hook built?). Run with --modes vanilla,off to measure without it.");
    }
  }
}
