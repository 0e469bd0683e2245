package io.glutendelta.stats.jni;

/**
 * An internal failure of the native engine (a broken invariant, out of memory, an unexpected C++
 * exception). Bad input is reported as {@link IllegalArgumentException} instead. Callers in the
 * Delta write path treat this as "fall back to Delta's own statistics if no row was lost,
 * otherwise fail the task before commit".
 */
public class NativeStatsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NativeStatsException(String message) {
    super(message);
  }

  public NativeStatsException(String message, Throwable cause) {
    super(message, cause);
  }
}
