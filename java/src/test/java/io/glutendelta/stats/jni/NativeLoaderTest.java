package io.glutendelta.stats.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real loader against the library the build produced. */
class NativeLoaderTest {
  private static final String RESOURCE = LibraryFiles.resourceName("linux-x86_64");

  @TempDir
  Path temp;

  @Test
  void concurrentFirstUseFrom16ThreadsInAFreshJvmLoadsOnce() throws Exception {
    Result r = probe("-D" + NativeLoader.TMPDIR_PROPERTY + "=" + temp.resolve("race"), "16");
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("threads ok 16 of 16, load attempts 1"), r.output);
    assertTrue(r.output.contains("numRecords 0"), r.output);
  }

  @Test
  void usableFromManyThreadsInThisJvm() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        results.add(pool.submit(() -> {
          start.await();
          NativeLoader.load();
          return NativeLoader.isAvailable();
        }));
      }
      start.countDown();
      for (Future<Boolean> r : results) {
        assertTrue(r.get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, NativeLoader.attempts());
    assertNull(NativeLoader.loadError());
    assertNotNull(NativeLoader.loadedFrom());
  }

  @Test
  void packagedChecksumMatchesThePackagedLibrary() throws Exception {
    Path copy = copyPackagedLibrary(temp.resolve("lib"));
    String packaged;
    try (InputStream in = resource(RESOURCE + LibraryFiles.CHECKSUM_SUFFIX)) {
      packaged = LibraryFiles.parseChecksum(new String(in.readAllBytes(), StandardCharsets.US_ASCII), "resource");
    }
    assertEquals(LibraryFiles.sha256Hex(copy), packaged);
  }

  @Test
  void explicitPathPropertyWinsInAFreshJvm() throws Exception {
    Path copy = copyPackagedLibrary(temp.resolve("custom"));
    Files.writeString(copy.resolveSibling(copy.getFileName() + ".sha256"), LibraryFiles.sha256Hex(copy));
    Result r = probe("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + copy);
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("loaded " + copy), r.output);
    assertTrue(r.output.contains("numRecords 0"), r.output);
  }

  @Test
  void explicitPathWithWrongChecksumFailsClearlyInAFreshJvm() throws Exception {
    Path copy = copyPackagedLibrary(temp.resolve("tampered"));
    Files.writeString(copy.resolveSibling(copy.getFileName() + ".sha256"), "0".repeat(64));
    Result r = probe("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + copy);
    assertEquals(2, r.exitCode, r.output);
    assertTrue(r.output.contains("checksum mismatch"), r.output);
  }

  @Test
  void extractionUsesTheConfiguredTmpdirAndCleansUp() throws Exception {
    Path base = temp.resolve("extract-base");
    Result r = probe("-D" + NativeLoader.TMPDIR_PROPERTY + "=" + base);
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("loaded " + base + "/gds-native-"), r.output);
    assertTrue(r.output.contains("numRecords 0"), r.output);
    try (Stream<Path> left = Files.list(base)) {
      assertEquals(List.of(), left.toList(), "extracted library and its directory deleted");
    }
  }

  @Test
  void unsupportedArchitectureFailsNamingTheSupportedPlatformsInAFreshJvm() throws Exception {
    Result r = probe("-Dos.arch=s390x");
    assertEquals(2, r.exitCode, r.output);
    assertTrue(r.output.contains("unsupported platform") && r.output.contains("s390x")
        && r.output.contains("supported: linux-x86_64") && r.output.contains("linux-aarch64"), r.output);
  }

  @Test
  void arm64ArchitecturePicksThePackagedAarch64LibraryInAFreshJvm() throws Exception {
    String aarch64 = LibraryFiles.resourceName("linux-aarch64");
    assumeTrue(NativeLoaderTest.class.getClassLoader().getResource(aarch64) != null,
        "built with -Dnative.aarch64.skip=true: no " + aarch64);
    // Found, extracted and checksum-verified; only System.load can fail, as this JVM is x86_64.
    Result r = probe(List.of("-Dos.arch=arm64", "-D" + NativeLoader.TMPDIR_PROPERTY + "=" + temp.resolve("arm")));
    assertEquals(2, r.exitCode, r.output);
    assertTrue(r.output.contains("System.load(" + temp.resolve("arm")) && r.output.contains("platform linux-aarch64")
        && r.output.contains("glibc >= 2.17"), r.output);
  }

  private record Result(int exitCode, String output) {}

  private static Result probe(String property, String... args) throws IOException, InterruptedException {
    return probe(List.of(property), args);
  }

  private static Result probe(List<String> properties, String... args) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "--add-opens=java.base/java.nio=ALL-UNNAMED"));
    command.addAll(properties);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), LoaderProbe.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("probe JVM hung: " + out);
    }
    return new Result(p.exitValue(), out);
  }

  private static InputStream resource(String name) {
    InputStream in = NativeLoaderTest.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new AssertionError("the build did not produce " + name);
    }
    return in;
  }

  private static Path copyPackagedLibrary(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path copy = dir.resolve(LibraryFiles.LIBRARY_FILE);
    try (InputStream in = resource(RESOURCE)) {
      Files.copy(in, copy);
    }
    return copy;
  }
}
