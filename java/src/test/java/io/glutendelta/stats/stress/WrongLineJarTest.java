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
 * A jar of another line (here: its line.properties says spark3.5_2.12, shadowing this build's
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
    Files.writeString(props, "line=spark3.5_2.12\nspark=3.5\ndelta=3.3\nscala=2.12\n"
        + "jar=gluten-delta-stats-spark3.5_2.12.jar\n");
    StressEnv.ChildResult r = StressEnv.runChildJvm(List.of("-Xmx1g"), first, WrongLineJarApp.class,
        temp.resolve("tables").toString());
    String out = r.output();
    assertEquals(0, r.exitCode(), r.tail());
    assertTrue(out.contains("GDS-WRONG-LINE OK"), r.tail());
    List<String> lines = out.lines().filter(l -> l.contains("gluten-delta-stats: this is ")).toList();
    assertEquals(1, lines.size(), "one start-up line: " + lines + "\n" + r.tail());
    String line = lines.get(0);
    assertTrue(line.contains("WARN") && line.contains("gluten-delta-stats-spark3.5_2.12.jar (Spark 3.5 / Delta 3.3 "
        + "/ Scala 2.12)") && line.contains("Delta computes its own statistics")
        && line.endsWith("Use gluten-delta-stats-spark4.2_2.13.jar."), line);
    assertTrue(out.lines().noneMatch(l -> l.contains("native Delta statistics are")),
        "no status line of the hook: " + r.tail());
  }
}
