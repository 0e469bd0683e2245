package io.glutendelta.stats.jni;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds, checks and extracts the native library file. The jar carries
 * {@code native/<platform>/libglutendeltastats.so} plus {@code libglutendeltastats.so.sha256}
 * (lowercase hex SHA-256, written by the CMake build). Extraction goes to a fresh directory with
 * owner-only permissions and a random name, so no other local user can swap the file between the
 * checksum check and {@code System.load}.
 */
final class LibraryFiles {
  static final String LIBRARY_FILE = "libglutendeltastats.so";
  static final String CHECKSUM_SUFFIX = ".sha256";

  private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
  private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OWNER_READ_EXEC = EnumSet.of(
      PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_EXECUTE);

  private LibraryFiles() {}

  /** The jar resource name of the library for a platform folder such as {@code linux-x86_64}. */
  static String resourceName(String platform) {
    return "native/" + platform + "/" + LIBRARY_FILE;
  }

  /**
   * Copies the platform's library out of {@code classLoader}'s resources into a new private
   * directory under {@code baseDir} and verifies its SHA-256 against the packaged checksum. The
   * file and directory are registered for deletion on exit.
   *
   * @return the extracted, verified library file
   */
  static Path extract(ClassLoader classLoader, String platform, Path baseDir) throws IOException {
    String resource = resourceName(platform);
    URL library = classLoader.getResource(resource);
    if (library == null) {
      throw unavailable("the jar has no native library for platform " + platform + " (missing resource "
          + resource + "; it carries " + packagedPlatforms(classLoader) + ", supported: "
          + NativePlatform.SUPPORTED_DESCRIPTION + ")", null);
    }
    URL checksum = classLoader.getResource(resource + CHECKSUM_SUFFIX);
    if (checksum == null) {
      throw unavailable("the jar has no checksum for the native library of platform " + platform
          + " (missing resource " + resource + CHECKSUM_SUFFIX + "); refusing to load an unverified library", null);
    }
    String expected;
    try (InputStream in = checksum.openStream()) {
      expected = parseChecksum(new String(in.readAllBytes(), StandardCharsets.US_ASCII), resource + CHECKSUM_SUFFIX);
    }

    Files.createDirectories(baseDir);
    Path dir = Files.createTempDirectory(baseDir, "gds-native-", ownerOnlyDirectory(baseDir));
    // deleteOnExit runs in reverse registration order: the file goes before its directory.
    dir.toFile().deleteOnExit();
    Path file = dir.resolve(LIBRARY_FILE);
    file.toFile().deleteOnExit();
    boolean verified = false;
    try {
      MessageDigest digest = sha256();
      try (InputStream in = library.openStream();
           OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
          digest.update(buffer, 0, n);
          out.write(buffer, 0, n);
        }
      }
      String actual = HexFormat.of().formatHex(digest.digest());
      if (!actual.equals(expected)) {
        throw unavailable("checksum mismatch for native library " + resource + " of platform " + platform
            + ": expected sha256 " + expected + ", extracted file has " + actual
            + " (corrupt or tampered jar); refusing to load it", null);
      }
      setPermissionsIfPosix(file, OWNER_READ_EXEC);
      verified = true;
      return file;
    } finally {
      if (!verified) {
        deleteQuietly(file, dir);
      }
    }
  }

  /**
   * Checks an explicitly configured library file: it must exist, and when a
   * {@code <file>.sha256} lies next to it (the CMake build writes one) its digest must match.
   * Without a sibling checksum the operator's explicit choice is trusted.
   */
  static Path verifyExplicit(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw unavailable("native library path " + file + " (system property "
          + NativeLoader.LIBRARY_PATH_PROPERTY + ") is not a readable file", null);
    }
    Path checksum = file.resolveSibling(file.getFileName() + CHECKSUM_SUFFIX);
    if (Files.isRegularFile(checksum)) {
      String expected = parseChecksum(Files.readString(checksum, StandardCharsets.US_ASCII), checksum.toString());
      String actual = sha256Hex(file);
      if (!actual.equals(expected)) {
        throw unavailable("checksum mismatch for native library " + file + ": " + checksum + " says "
            + expected + ", file has " + actual + "; refusing to load it", null);
      }
    }
    return file;
  }

  /** Which of the supported platform folders {@code classLoader} has a library for, e.g. "linux-x86_64". */
  static String packagedPlatforms(ClassLoader classLoader) {
    List<String> present = new ArrayList<>();
    for (String platform : NativePlatform.SUPPORTED) {
      if (classLoader.getResource(resourceName(platform)) != null) {
        present.add(platform);
      }
    }
    return present.isEmpty() ? "no native library" : String.join(", ", present);
  }

  static String sha256Hex(Path file) throws IOException {
    MessageDigest digest = sha256();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The digest from a checksum file: lowercase hex, surrounding whitespace ignored. */
  static String parseChecksum(String content, String source) {
    String hex = content.strip();
    if (!SHA256_HEX.matcher(hex).matches()) {
      throw unavailable("malformed checksum in " + source + ": expected 64 lowercase hex digits, got '"
          + (hex.length() > 80 ? hex.substring(0, 80) + "..." : hex) + "'", null);
    }
    return hex;
  }

  static void deleteQuietly(Path file, Path dir) {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    } catch (IOException | SecurityException ignored) {
      // deleteOnExit is the fallback
    }
  }

  private static FileAttribute<?>[] ownerOnlyDirectory(Path baseDir) {
    try {
      if (Files.getFileStore(baseDir).supportsFileAttributeView("posix")) {
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR)};
      }
    } catch (IOException | UnsupportedOperationException ignored) {
      // fall through: no POSIX attributes (the engine only ships for Linux anyway)
    }
    return new FileAttribute<?>[0];
  }

  private static void setPermissionsIfPosix(Path file, Set<PosixFilePermission> permissions) throws IOException {
    try {
      Files.setPosixFilePermissions(file, permissions);
    } catch (UnsupportedOperationException ignored) {
      // non-POSIX file system: the private directory is the protection
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }

  private static NativeLibraryUnavailableException unavailable(String reason, Throwable cause) {
    return new NativeLibraryUnavailableException("gluten-delta-stats native engine unavailable: " + reason, cause);
  }
}
