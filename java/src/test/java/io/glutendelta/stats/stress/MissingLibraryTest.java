package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.jni.NativeLoader;
import java.nio.file.Path;
import java.util.List;
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
    StressEnv.ChildResult r = StressEnv.runChildJvm(List.of("-Xmx1g",
        "-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=/nonexistent/libglutendeltastats.so"),
        MissingLibraryApp.class, temp.toString());
    String out = r.output();
    List<String> status = out.lines().filter(l -> l.contains("native Delta statistics are NOT active")).toList();
    assertEquals(0, r.exitCode(), r.tail());
    assertTrue(out.contains("GDS-MISSING-LIB OK"), r.tail());
    assertEquals(1, status.size(), "one start-up line: " + status + "\n" + r.tail());
    assertTrue(status.get(0).contains("WARN") && status.get(0).contains("/nonexistent"),
        "the line is a warning naming the path: " + status.get(0));
    assertTrue(out.lines().noneMatch(l -> l.contains("SIGSEGV") || l.contains("hs_err")), r.tail());
  }
}
