package io.glutendelta.stats.bench.writeamp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The live files of a Delta table, replayed from its JSON commits, with whether a clustering
 * wrote each one ({@code AddFile.clusteringProvider} set). Lets the benchmark split the bytes an
 * OPTIMIZE removed into clustered files rewritten and new (unclustered) data compacted.
 */
final class FileLedger {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What one commit did to the ledger. */
  record Change(long addedBytes, long addedFiles, long removedBytes, long removedFiles, long removedClusteredBytes) {}

  private record Entry(long size, boolean clustered) {}

  private final Path log;
  private final Map<String, Entry> live = new HashMap<>();
  private long nextVersion;

  FileLedger(Path table) {
    this.log = table.resolve("_delta_log");
  }

  /** Applies every commit up to and including {@code version}; the change of those commits together. */
  Change advanceTo(long version) {
    long addedBytes = 0;
    long addedFiles = 0;
    long removedBytes = 0;
    long removedFiles = 0;
    long removedClustered = 0;
    for (; nextVersion <= version; nextVersion++) {
      Path commit = log.resolve(String.format("%020d.json", nextVersion));
      try (BufferedReader r = Files.newBufferedReader(commit, StandardCharsets.UTF_8)) {
        String line;
        while ((line = r.readLine()) != null) {
          JsonNode n = JSON.readTree(line);
          JsonNode add = n.get("add");
          JsonNode remove = n.get("remove");
          if (add != null) {
            JsonNode provider = add.get("clusteringProvider");
            Entry e = new Entry(add.get("size").asLong(), provider != null && !provider.isNull());
            live.put(add.get("path").asText(), e);
            addedBytes += e.size;
            addedFiles++;
          } else if (remove != null) {
            Entry e = live.remove(remove.get("path").asText());
            long size = e != null ? e.size : remove.path("size").asLong(0);
            removedBytes += size;
            removedFiles++;
            if (e != null && e.clustered) {
              removedClustered += size;
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read commit " + commit, e);
      }
    }
    return new Change(addedBytes, addedFiles, removedBytes, removedFiles, removedClustered);
  }

  long files() {
    return live.size();
  }

  long bytes() {
    return live.values().stream().mapToLong(Entry::size).sum();
  }

  long clusteredBytes() {
    return live.values().stream().filter(Entry::clustered).mapToLong(Entry::size).sum();
  }
}
