package io.glutendelta.stats.bench.writeamp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileLedgerTest {
  private static void commit(Path table, long version, String... actions) throws Exception {
    Files.createDirectories(table.resolve("_delta_log"));
    Files.write(table.resolve("_delta_log").resolve(String.format("%020d.json", version)), List.of(actions));
  }

  private static String add(String path, long size, boolean clustered) {
    return "{\"add\":{\"path\":\"" + path + "\",\"size\":" + size + ",\"dataChange\":true"
        + (clustered ? ",\"clusteringProvider\":\"liquid\"" : "") + "}}";
  }

  private static String remove(String path) {
    return "{\"remove\":{\"path\":\"" + path + "\",\"dataChange\":false}}";
  }

  @Test
  void removesAreSplitIntoClusteredAndNewFilesBySizeOfTheirAdd(@TempDir Path table) throws Exception {
    commit(table, 0, "{\"commitInfo\":{\"operation\":\"CREATE TABLE AS SELECT\"}}", add("a", 100, false),
        add("b", 200, false));
    commit(table, 1, remove("a"), remove("b"), add("c", 290, true)); // clustering OPTIMIZE
    commit(table, 2, add("d", 7, false)); // append
    commit(table, 3, remove("c"), remove("d"), add("e", 295, true)); // re-clustering rewrites c with d
    FileLedger l = new FileLedger(table);
    FileLedger.Change base = l.advanceTo(1);
    assertEquals(new FileLedger.Change(590, 3, 300, 2, 0), base);
    assertEquals(1, l.files());
    assertEquals(290, l.clusteredBytes());
    assertEquals(new FileLedger.Change(7, 1, 0, 0, 0), l.advanceTo(2));
    FileLedger.Change opt = l.advanceTo(3);
    assertEquals(297, opt.removedBytes()); // sizes come from the adds: removes here carry none
    assertEquals(290, opt.removedClusteredBytes());
    assertEquals(295, l.bytes());
    assertEquals(new FileLedger.Change(0, 0, 0, 0, 0), l.advanceTo(3)); // idempotent
  }
}
