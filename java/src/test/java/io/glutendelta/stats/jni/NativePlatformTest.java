package io.glutendelta.stats.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NativePlatformTest {
  @Test
  void normalisesLinuxArchitectures() {
    assertEquals("linux-x86_64", NativePlatform.directoryFor("Linux", "amd64"));
    assertEquals("linux-x86_64", NativePlatform.directoryFor("Linux", "x86_64"));
    assertEquals("linux-aarch64", NativePlatform.directoryFor("Linux", "aarch64"));
    assertEquals("linux-aarch64", NativePlatform.directoryFor("Linux", "arm64"));
    assertEquals("linux-aarch64", NativePlatform.directoryFor("linux", "AARCH64"));
  }

  @Test
  void everyNormalisedPlatformIsOneThePackagingBuilds() {
    assertTrue(NativePlatform.SUPPORTED.contains(NativePlatform.directoryFor("Linux", "amd64")));
    assertTrue(NativePlatform.SUPPORTED.contains(NativePlatform.directoryFor("Linux", "aarch64")));
  }

  @Test
  void unsupportedPlatformNamesItAndWrapsUnsatisfiedLinkError() {
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> NativePlatform.directoryFor("Mac OS X", "aarch64"));
    assertTrue(e.getMessage().contains("Mac OS X") && e.getMessage().contains("aarch64"), e.getMessage());
    assertInstanceOf(UnsatisfiedLinkError.class, e.getCause());
    assertNamesSupportedPlatforms(e.getMessage());
    e = assertThrows(NativeLibraryUnavailableException.class, () -> NativePlatform.directoryFor("Linux", "s390x"));
    assertTrue(e.getMessage().contains("s390x"), e.getMessage());
    assertNamesSupportedPlatforms(e.getMessage());
  }

  private static void assertNamesSupportedPlatforms(String message) {
    assertTrue(message.contains("supported: linux-x86_64") && message.contains("linux-aarch64")
        && message.contains("glibc >= 2.17"), message);
  }
}
