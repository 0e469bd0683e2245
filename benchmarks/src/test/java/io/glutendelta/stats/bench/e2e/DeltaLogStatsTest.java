package io.glutendelta.stats.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeltaLogStatsTest {
  @TempDir Path tmp;

  private Path table(String name, String... addStats) throws IOException {
    Path log = Files.createDirectories(tmp.resolve(name).resolve("_delta_log"));
    StringBuilder sb = new StringBuilder("{\"commitInfo\":{}}\n{\"metaData\":{}}\n");
    int i = 0;
    for (String s : addStats) {
      sb.append("{\"add\":{\"path\":\"part-").append(name).append(i++).append("\",\"stats\":")
          .append(s == null ? "null" : "\"" + s.replace("\"", "\\\"") + "\"").append("}}\n");
    }
    Files.writeString(log.resolve("00000000000000000000.json"), sb.toString());
    return tmp.resolve(name);
  }

  @Test
  void sameStatsInOtherFileOrderAreEqual() throws IOException {
    DeltaLogStats a = DeltaLogStats.read(table("a", "{\"numRecords\":2}", "{\"numRecords\":5}"));
    DeltaLogStats b = DeltaLogStats.read(table("b", "{\"numRecords\":5}", "{\"numRecords\":2}"));
    assertEquals(2, a.files());
    assertEquals(7, a.numRecords());
    assertEquals(List.of("{\"numRecords\":2}", "{\"numRecords\":5}"), a.stats());
    assertNull(DeltaLogStats.difference(a, b));
  }

  @Test
  void differentMinOrMissingStatsAreReported() throws IOException {
    DeltaLogStats a = DeltaLogStats.read(table("a", "{\"numRecords\":1,\"minValues\":{\"x\":1}}"));
    DeltaLogStats b = DeltaLogStats.read(table("b", "{\"numRecords\":1,\"minValues\":{\"x\":2}}"));
    DeltaLogStats off = DeltaLogStats.read(table("c", (String) null));
    String diff = DeltaLogStats.difference(a, b);
    assertNotNull(diff);
    assertTrue(diff.contains("\"x\":2"), diff);
    assertEquals(1, off.files());
    assertEquals(0, off.stats().size());
    assertNotNull(DeltaLogStats.difference(a, off));
  }
}
