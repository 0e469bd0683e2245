package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.jni.NativeLoader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A missing native library in a fresh JVM (the loader is once per JVM): the status line at
 * start-up says clearly that native stats are off and why, once, and Delta's own statistics are
 * written (the writes succeed, stats identical to vanilla, nothing claimed as native).
 */
class MissingLibraryTest {
  @TempDir
  Path temp;

  @Test
  void missingLibraryLogsOnceAndDeltaWritesItsOwnStats() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx1g"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("-XX:+IgnoreUnrecognized") || a.startsWith("-Djdk.reflect")
          || a.startsWith("-Dio.netty")) {
        command.add(a); // Spark's module flags, as this JVM got them
      }
    }
    command.addAll(List.of("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=/nonexistent/libglutendeltastats.so",
        "-cp", System.getProperty("java.class.path"), MissingLibraryApp.class.getName(), temp.toString()));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM hung: " + out);
    }
    List<String> status = out.lines().filter(l -> l.contains("native Delta statistics are NOT active")).toList();
    String tail = out.length() > 6000 ? out.substring(out.length() - 6000) : out;
    assertEquals(0, p.exitValue(), tail);
    assertTrue(out.contains("GDS-MISSING-LIB OK"), tail);
    assertEquals(1, status.size(), "one start-up line: " + status + "\n" + tail);
    assertTrue(status.get(0).contains("WARN") && status.get(0).contains("/nonexistent"),
        "the line is a warning naming the path: " + status.get(0));
    assertTrue(out.lines().noneMatch(l -> l.contains("SIGSEGV") || l.contains("hs_err")), tail);
  }
}
