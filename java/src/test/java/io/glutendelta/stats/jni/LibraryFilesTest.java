package io.glutendelta.stats.jni;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extraction and checksum verification with a fake library in a throw-away class path, so these
 * run without the native build (nothing is loaded).
 */
class LibraryFilesTest {
  private static final byte[] FAKE_LIBRARY = "\u007fELF not really a library".getBytes(StandardCharsets.ISO_8859_1);

  @TempDir
  Path temp;

  private ClassLoader jarWith(byte[] library, String checksum) throws IOException {
    Path root = temp.resolve("classpath");
    Path dir = root.resolve("native/linux-x86_64");
    Files.createDirectories(dir);
    if (library != null) {
      Files.write(dir.resolve(LibraryFiles.LIBRARY_FILE), library);
    }
    if (checksum != null) {
      Files.writeString(dir.resolve(LibraryFiles.LIBRARY_FILE + ".sha256"), checksum);
    }
    return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
  }

  private static String sha256(byte[] data) throws Exception {
    return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(data));
  }

  @Test
  void extractsIntoAPrivateRandomDirectoryUnderTheConfiguredBase() throws Exception {
    Path base = temp.resolve("base/not-yet-created");
    ClassLoader jar = jarWith(FAKE_LIBRARY, sha256(FAKE_LIBRARY) + "\n");
    Path first = LibraryFiles.extract(jar, "linux-x86_64", base);
    Path second = LibraryFiles.extract(jar, "linux-x86_64", base);
    assertEquals(base, first.getParent().getParent());
    assertNotEquals(first.getParent(), second.getParent(), "directory names are not predictable/reused");
    assertTrue(first.getParent().getFileName().toString().startsWith("gds-native-"));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(first.getParent())));
    assertEquals("r-x------", PosixFilePermissions.toString(Files.getPosixFilePermissions(first)));
    assertArrayEquals(FAKE_LIBRARY, Files.readAllBytes(first));
  }

  @Test
  void checksumMismatchFailsClearlyAndLeavesNothingBehind() throws Exception {
    Path base = temp.resolve("base");
    String wrong = sha256("something else".getBytes(StandardCharsets.UTF_8));
    ClassLoader jar = jarWith(FAKE_LIBRARY, wrong);
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.extract(jar, "linux-x86_64", base));
    assertTrue(e.getMessage().contains("checksum mismatch") && e.getMessage().contains(wrong)
        && e.getMessage().contains(sha256(FAKE_LIBRARY)), e.getMessage());
    try (Stream<Path> left = Files.list(base)) {
      assertEquals(0, left.count(), "the rejected file and its directory are deleted");
    }
  }

  @Test
  void missingOrMalformedChecksumFails() throws Exception {
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.extract(jarWith(FAKE_LIBRARY, null), "linux-x86_64", temp.resolve("b1")));
    assertTrue(e.getMessage().contains("no checksum"), e.getMessage());
    e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.extract(jarWith(FAKE_LIBRARY, sha256(FAKE_LIBRARY).toUpperCase()), "linux-x86_64", temp.resolve("b2")));
    assertTrue(e.getMessage().contains("malformed checksum"), e.getMessage());
  }

  @Test
  void missingPlatformLibraryNamesThePlatformAndWhatTheJarCarries() throws Exception {
    ClassLoader empty = jarWith(null, null);
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.extract(empty, "linux-aarch64", temp.resolve("b")));
    assertTrue(e.getMessage().contains("linux-aarch64") && e.getMessage().contains("carries no native library")
        && e.getMessage().contains("supported: linux-x86_64"), e.getMessage());
    ClassLoader x86Only = jarWith(FAKE_LIBRARY, sha256(FAKE_LIBRARY));
    e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.extract(x86Only, "linux-aarch64", temp.resolve("c")));
    assertTrue(e.getMessage().contains("it carries linux-x86_64,"), e.getMessage());
  }

  @Test
  void explicitPathIsCheckedAgainstASiblingChecksumWhenPresent() throws Exception {
    Path lib = temp.resolve("custom.so");
    Files.write(lib, FAKE_LIBRARY);
    assertEquals(lib, LibraryFiles.verifyExplicit(lib), "no sibling checksum: trusted as configured");
    Files.writeString(temp.resolve("custom.so.sha256"), sha256(FAKE_LIBRARY));
    assertEquals(lib, LibraryFiles.verifyExplicit(lib));
    Files.writeString(temp.resolve("custom.so.sha256"), sha256(new byte[] {1}));
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> LibraryFiles.verifyExplicit(lib));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    e = assertThrows(NativeLibraryUnavailableException.class, () -> LibraryFiles.verifyExplicit(temp.resolve("absent.so")));
    assertTrue(e.getMessage().contains(NativeLoader.LIBRARY_PATH_PROPERTY), e.getMessage());
    assertFalse(Files.exists(temp.resolve("absent.so")));
  }
}
