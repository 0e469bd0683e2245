package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.line.LineCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar of another line (its line.properties names another known line, shadowing this build's
 * on the class path of a fresh JVM): one WARN line names the jar that fits, the plugin and the
 * extension register nothing, and every write gets Delta's own statistics.
 */
class WrongLineJarTest {
  @TempDir
  Path temp;

  @Test
  void wrongLineJarLogsOneLineAndLeavesWritesToDelta() throws Exception {
    Path first = temp.resolve("cp-first");
    Path props = first.resolve(LineCheck.RESOURCE);
    Files.createDirectories(props.getParent());
    LineCheck.Line running = LineCheck.jarLine();
    LineCheck.Line wrong = LineCheck.KNOWN.stream().filter(l -> !l.equals(running)).findFirst().orElseThrow();
    Files.writeString(props, "line=" + wrong.id() + "\nspark=" + wrong.spark() + "\ndelta=" + wrong.delta()
        + "\nscala=" + wrong.scala() + "\njar=" + wrong.jar() + "\n");
    StressEnv.ChildResult r = StressEnv.runChildJvm(List.of("-Xmx1g"), first, WrongLineJarApp.class,
        temp.resolve("tables").toString());
    String out = r.output();
    assertEquals(0, r.exitCode(), r.tail());
    assertTrue(out.contains("GDS-WRONG-LINE OK"), r.tail());
    List<String> lines = out.lines().filter(l -> l.contains("gluten-delta-stats: this is ")).toList();
    assertEquals(1, lines.size(), "one start-up line: " + lines + "\n" + r.tail());
    String line = lines.get(0);
    assertTrue(line.contains("WARN") && line.contains(wrong.jar() + " (Spark " + wrong.spark() + " / Delta "
        + wrong.delta() + " / Scala " + wrong.scala() + ")") && line.contains("Delta computes its own statistics")
        && line.endsWith("Use " + running.jar() + "."), line);
    assertTrue(out.lines().noneMatch(l -> l.contains("native Delta statistics are")),
        "no status line of the hook: " + r.tail());
  }
}
