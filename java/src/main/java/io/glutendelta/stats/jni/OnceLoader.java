package io.glutendelta.stats.jni;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a library-loading action at most once per instance, however many threads ask, and
 * remembers the outcome: a failure is not retried on every call (each later call throws a fresh
 * exception carrying the first failure as its cause, so its stack trace shows the caller).
 */
final class OnceLoader {
  /** The loading action; returns the file it loaded (for diagnostics). */
  interface Action {
    Path load() throws Exception;
  }

  private final Action action;
  private final AtomicInteger attempts = new AtomicInteger();
  private volatile boolean attempted;
  private Path loadedFrom; // written before the volatile 'attempted', read after it
  private NativeLibraryUnavailableException error;

  OnceLoader(Action action) {
    this.action = action;
  }

  /** Loads on first call; throws the remembered failure on every call after a failed load. */
  void ensureLoaded() {
    if (!attempted) {
      synchronized (this) {
        if (!attempted) {
          attempts.incrementAndGet();
          try {
            loadedFrom = action.load();
          } catch (NativeLibraryUnavailableException e) {
            error = e;
          } catch (Exception | LinkageError e) {
            error = new NativeLibraryUnavailableException(
                "gluten-delta-stats native engine could not be loaded on " + describePlatform()
                    + ": " + e,
                e);
          }
          attempted = true;
        }
      }
    }
    if (error != null) {
      throw new NativeLibraryUnavailableException(error.getMessage(), error);
    }
  }

  /** True when the library is loaded; attempts the load if nobody has yet. Never throws. */
  boolean isAvailable() {
    return loadError() == null;
  }

  /** The load failure, or null when loaded; attempts the load if nobody has yet. */
  NativeLibraryUnavailableException loadError() {
    try {
      ensureLoaded();
      return null;
    } catch (NativeLibraryUnavailableException e) {
      return error;
    }
  }

  /** The file that was loaded, or null before/without a successful load. */
  Path loadedFrom() {
    return attempted ? loadedFrom : null;
  }

  /** How many times the action ran (tests: must be at most 1). */
  int attempts() {
    return attempts.get();
  }

  private static String describePlatform() {
    return System.getProperty("os.name") + "/" + System.getProperty("os.arch");
  }
}
