package io.glutendelta.stats.jni;

import java.util.List;
import java.util.Locale;

/**
 * Maps the JVM's {@code os.name}/{@code os.arch} to the jar folder holding the native library
 * ({@code native/<os>-<arch>/}): {@code linux-x86_64} or {@code linux-aarch64}, both built for
 * glibc 2.17 and later.
 */
final class NativePlatform {
  /** The folders the build packages, in the order error messages name them. */
  static final List<String> SUPPORTED = List.of("linux-x86_64", "linux-aarch64");

  /** What {@link #SUPPORTED} means to a user, for error messages. */
  static final String SUPPORTED_DESCRIPTION =
      "linux-x86_64 (os.arch amd64/x86_64) and linux-aarch64 (os.arch aarch64/arm64), glibc >= 2.17";

  private NativePlatform() {}

  /** The folder name for the running JVM, e.g. {@code linux-x86_64}. */
  static String current() {
    return directoryFor(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
  }

  /**
   * The folder name for the given JVM properties.
   *
   * @throws NativeLibraryUnavailableException (cause: UnsatisfiedLinkError) when the engine is not
   *     built for that OS or architecture; the message names the supported platforms
   */
  static String directoryFor(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String arch = osArch.toLowerCase(Locale.ROOT);
    String normalisedArch;
    switch (arch) {
      case "amd64":
      case "x86_64":
      case "x86-64":
        normalisedArch = "x86_64";
        break;
      case "aarch64":
      case "arm64":
        normalisedArch = "aarch64";
        break;
      default:
        normalisedArch = null;
    }
    if (!os.startsWith("linux") || normalisedArch == null) {
      String message = "gluten-delta-stats native engine: unsupported platform os.name='" + osName
          + "' os.arch='" + osArch + "' (supported: " + SUPPORTED_DESCRIPTION + ")";
      throw new NativeLibraryUnavailableException(message, new UnsatisfiedLinkError(message));
    }
    return "linux-" + normalisedArch;
  }
}
