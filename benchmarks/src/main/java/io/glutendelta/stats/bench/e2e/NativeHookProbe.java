package io.glutendelta.stats.bench.e2e;

/**
 * Finds our plugin on the classpath by name, so the benchmark fails with a clear message
 * (instead of silently measuring vanilla twice) when the native mode is asked for but the jar
 * is not there. The name is a flag ({@code --plugin}): the benchmarks reach the jar through
 * confs, not through its classes.
 */
public final class NativeHookProbe {
  private NativeHookProbe() {}

  public static boolean present(String className) {
    try {
      Class.forName(className, false, NativeHookProbe.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  public static void requirePlugin(String className) {
    if (!present(className)) {
      throw new IllegalStateException("native mode requested but the plugin " + className + " is not on "
          + "the classpath (is the jar built? renamed: pass --plugin <class>). Run with --modes vanilla,off "
          + "to measure without it.");
    }
  }
}
