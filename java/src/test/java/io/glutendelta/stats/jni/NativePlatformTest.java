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
    assertEquals("linux-aarch_64", NativePlatform.directoryFor("Linux", "aarch64"));
  }

  @Test
  void unsupportedPlatformNamesItAndWrapsUnsatisfiedLinkError() {
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class,
        () -> NativePlatform.directoryFor("Mac OS X", "aarch64"));
    assertTrue(e.getMessage().contains("Mac OS X") && e.getMessage().contains("aarch64"), e.getMessage());
    assertInstanceOf(UnsatisfiedLinkError.class, e.getCause());
    e = assertThrows(NativeLibraryUnavailableException.class, () -> NativePlatform.directoryFor("Linux", "s390x"));
    assertTrue(e.getMessage().contains("s390x"), e.getMessage());
  }
}
