package io.glutendelta.stats.jni;

import java.nio.file.Path;

/**
 * Loads the native engine library once per JVM, on first use, from any thread.
 *
 * <p>Resolution order:
 * <ol>
 *   <li>system property {@value #LIBRARY_PATH_PROPERTY}: an explicit {@code .so} path (verified
 *       against a {@code .sha256} lying next to it, if there is one);
 *   <li>otherwise {@code native/<os>-<arch>/libglutendeltastats.so} from the jar, extracted into a
 *       fresh owner-only directory under {@value #TMPDIR_PROPERTY} (default {@code java.io.tmpdir}),
 *       verified against the packaged SHA-256, loaded, then deleted (the mapping stays valid on
 *       Linux; deleteOnExit is the fallback).
 * </ol>
 * A failed load is remembered: {@link #load()} keeps throwing {@link NativeLibraryUnavailableException}
 * without retrying, {@link #isAvailable()} returns false and {@link #loadError()} says why, so
 * callers can fall back to Delta's own statistics.
 */
public final class NativeLoader {
  /** Explicit path of the library file; wins over the copy inside the jar. */
  public static final String LIBRARY_PATH_PROPERTY = "gds.native.library.path";
  /** Base directory for the private extraction directory (default: {@code java.io.tmpdir}). */
  public static final String TMPDIR_PROPERTY = "gds.native.tmpdir";

  private static final OnceLoader ONCE = new OnceLoader(NativeLoader::resolveAndLoad);

  private NativeLoader() {}

  /**
   * Makes sure the library is loaded.
   *
   * @throws NativeLibraryUnavailableException naming the platform and reason if it cannot be
   */
  public static void load() {
    ONCE.ensureLoaded();
  }

  /** Whether the engine can be used (attempts the load once if nobody has). Never throws. */
  public static boolean isAvailable() {
    return ONCE.isAvailable();
  }

  /** Why the engine cannot be used, or null when it is loaded (attempts the load once). */
  public static NativeLibraryUnavailableException loadError() {
    return ONCE.loadError();
  }

  /** The library file that was loaded (may be deleted by now), or null. */
  static Path loadedFrom() {
    return ONCE.loadedFrom();
  }

  /** How many load attempts this JVM made (at most one). */
  static int attempts() {
    return ONCE.attempts();
  }

  private static Path resolveAndLoad() throws Exception {
    String explicit = System.getProperty(LIBRARY_PATH_PROPERTY);
    if (explicit != null && !explicit.isBlank()) {
      Path file = LibraryFiles.verifyExplicit(Path.of(explicit).toAbsolutePath());
      loadFile(file, System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
      return file;
    }
    String platform = NativePlatform.current();
    Path file = LibraryFiles.extract(NativeLoader.class.getClassLoader(), platform, extractionBaseDir());
    try {
      loadFile(file, platform);
    } finally {
      LibraryFiles.deleteQuietly(file, file.getParent());
    }
    return file;
  }

  static Path extractionBaseDir() {
    String configured = System.getProperty(TMPDIR_PROPERTY);
    String base = configured != null && !configured.isBlank() ? configured : System.getProperty("java.io.tmpdir");
    return Path.of(base).toAbsolutePath();
  }

  private static void loadFile(Path file, String platform) {
    try {
      System.load(file.toString());
    } catch (UnsatisfiedLinkError e) {
      throw new NativeLibraryUnavailableException("gluten-delta-stats native engine: System.load(" + file
          + ") failed on platform " + platform + ": " + e.getMessage()
          + " (the packaged libraries need glibc >= 2.17 and libgcc_s.so.1; supported: "
          + NativePlatform.SUPPORTED_DESCRIPTION + ")", e);
    }
  }
}
