package io.glutendelta.stats.delta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/** Reads {@code AddFile.stats} strings straight from a table's JSON commit files. */
final class DeltaLogStats {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DeltaLogStats() {}

  static long latestVersion(String tablePath) {
    try (Stream<Path> s = Files.list(Path.of(tablePath, "_delta_log"))) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.matches("\\d{20}\\.json"))
          .mapToLong(n -> Long.parseLong(n.substring(0, 20)))
          .max().orElse(-1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sorted stats strings of the files added by the latest commit ("null" for missing stats). */
  static List<String> lastCommitAddStats(String tablePath) {
    return addStats(tablePath, latestVersion(tablePath));
  }

  static List<String> addStats(String tablePath, long version) {
    Path file = Path.of(tablePath, "_delta_log", String.format("%020d.json", version));
    List<String> out = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        JsonNode add = JSON.readTree(line).get("add");
        if (add != null) {
          JsonNode stats = add.get("stats");
          out.add(stats == null || stats.isNull() ? "null" : stats.asText());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Collections.sort(out);
    return out;
  }
}
