package io.glutendelta.stats.jni;

/**
 * The native library cannot be used on this JVM: unsupported OS/architecture, library missing from
 * the jar, checksum mismatch, or {@code System.load} failed. The message names the platform and
 * the reason; the cause carries the underlying {@link UnsatisfiedLinkError} or I/O error. Callers
 * in the write path catch it and fall back to Delta's own statistics.
 */
public class NativeLibraryUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NativeLibraryUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
