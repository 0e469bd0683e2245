package io.glutendelta.stats.jni;

import java.util.Locale;

/**
 * Maps the JVM's {@code os.name}/{@code os.arch} to the jar folder holding the native library
 * ({@code native/<os>-<arch>/}), with Arrow Java's arch spelling ({@code x86_64}, {@code aarch_64}).
 */
final class NativePlatform {
  private NativePlatform() {}

  /** The folder name for the running JVM, e.g. {@code linux-x86_64}. */
  static String current() {
    return directoryFor(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
  }

  /**
   * The folder name for the given JVM properties.
   *
   * @throws NativeLibraryUnavailableException (cause: UnsatisfiedLinkError) when the engine is not
   *     built for that OS or architecture
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
        normalisedArch = "aarch_64";
        break;
      default:
        normalisedArch = null;
    }
    if (!os.startsWith("linux") || normalisedArch == null) {
      String message = "gluten-delta-stats native engine: unsupported platform os.name='" + osName
          + "' os.arch='" + osArch + "' (supported: linux on x86_64/amd64 or aarch64)";
      throw new NativeLibraryUnavailableException(message, new UnsatisfiedLinkError(message));
    }
    return "linux-" + normalisedArch;
  }
}
