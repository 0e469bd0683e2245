package io.glutendelta.stats.bench.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code AddFile.stats} strings a write committed, read straight from the table's JSON
 * commits. File names are random per write, so two writes of the same data are compared as
 * sorted multisets of stats strings (same source files and partitioning → same file layout).
 */
public final class DeltaLogStats {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<String> stats;
  private final int files;
  private final long numRecords;

  private DeltaLogStats(List<String> stats, int files, long numRecords) {
    this.stats = stats;
    this.files = files;
    this.numRecords = numRecords;
  }

  public static DeltaLogStats read(Path table) {
    Path log = table.resolve("_delta_log");
    List<String> stats = new ArrayList<>();
    int files = 0;
    long rows = 0;
    try (Stream<Path> commits = Files.list(log)) {
      List<Path> jsons = commits.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
      if (jsons.isEmpty()) {
        throw new IllegalStateException("no commit JSON in " + log);
      }
      for (Path commit : jsons) {
        try (BufferedReader r = Files.newBufferedReader(commit, StandardCharsets.UTF_8)) {
          String line;
          while ((line = r.readLine()) != null) {
            JsonNode add = JSON.readTree(line).get("add");
            if (add == null) {
              continue;
            }
            files++;
            JsonNode s = add.get("stats");
            if (s != null && !s.isNull()) {
              stats.add(s.asText());
              JsonNode n = JSON.readTree(s.asText()).get("numRecords");
              rows += n == null ? 0 : n.asLong();
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read Delta log " + log, e);
    }
    Collections.sort(stats);
    return new DeltaLogStats(Collections.unmodifiableList(stats), files, rows);
  }

  /** Sorted stats strings, one per file that has stats. */
  public List<String> stats() {
    return stats;
  }

  public int files() {
    return files;
  }

  /** Sum of numRecords over files with stats (0 when stats are off). */
  public long numRecords() {
    return numRecords;
  }

  /** Null when equal, else a short description of the first difference. */
  public static String difference(DeltaLogStats expected, DeltaLogStats actual) {
    if (expected.files != actual.files) {
      return "file count " + expected.files + " vs " + actual.files;
    }
    if (expected.stats.size() != actual.stats.size()) {
      return "files with stats " + expected.stats.size() + " vs " + actual.stats.size();
    }
    for (int i = 0; i < expected.stats.size(); i++) {
      if (!expected.stats.get(i).equals(actual.stats.get(i))) {
        return "stats differ:\n  expected " + expected.stats.get(i) + "\n  actual   " + actual.stats.get(i);
      }
    }
    return null;
  }
}
