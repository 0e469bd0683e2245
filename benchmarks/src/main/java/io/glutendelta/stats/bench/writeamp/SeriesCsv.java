package io.glutendelta.stats.bench.writeamp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-run record of a write-amplification run ({@code runs.csv}). Rewritten after every run,
 * so a run stopped midway keeps what it measured; read back by {@code --merge} to report variants
 * measured by separate runs side by side. Bytes and files read follow from the scale factor, the
 * append seeds, the base table and the generated Parquet cache; OPTIMIZE seconds belong to each
 * run's machine.
 */
final class SeriesCsv {
  private SeriesCsv() {}

  static final String FILE = "runs.csv";
  static final String HEADER = "variant,run,appended_bytes,rewritten_bytes,rewritten_clustered_bytes,"
      + "added_bytes,files_removed,files_added,optimize_seconds,operation,files_after,table_bytes_after,files_read";

  static void write(Path file, Map<Variant, AmplificationSeries> results) throws IOException {
    StringBuilder sb = new StringBuilder(HEADER).append('\n');
    results.forEach((v, s) -> {
      List<AmplificationSeries.Run> runs = s.runs();
      for (int i = 0; i < runs.size(); i++) {
        line(sb, v, Integer.toString(i + 1), runs.get(i));
      }
      if (s.finalFull() != null) {
        line(sb, v, FULL, s.finalFull());
      }
    });
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, sb.toString(), StandardCharsets.UTF_8);
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** The run column of the OPTIMIZE FULL after a series. */
  static final String FULL = "full";

  private static void line(StringBuilder sb, Variant v, String run, AmplificationSeries.Run r) {
    List<String> read = new ArrayList<>();
    r.filesRead().forEach((probe, n) -> read.add(probe + "=" + n));
    sb.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%d,%.3f,%s,%d,%d,%s%n", v.label(), run,
        r.appendedBytes(), r.rewrittenBytes(), r.rewrittenClusteredBytes(), r.addedBytes(), r.filesRemoved(),
        r.filesAdded(), r.optimizeSeconds(), r.operation(), r.filesAfter(), r.tableBytesAfter(),
        String.join(";", read)));
  }

  static Map<Variant, AmplificationSeries> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(file + " is not a write-amplification runs.csv (header differs)");
    }
    Map<Variant, AmplificationSeries> out = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", -1);
      if (f.length != 13) {
        throw new IllegalArgumentException(file + ": expected 13 fields in '" + line + "'");
      }
      Variant v = Variant.parse(f[0]);
      AmplificationSeries s = out.computeIfAbsent(v, k -> new AmplificationSeries());
      boolean full = f[1].equals(FULL);
      if (!full && (s.finalFull() != null || Integer.parseInt(f[1]) != s.runs().size() + 1)) {
        throw new IllegalArgumentException(file + ": runs of " + f[0] + " out of order at '" + line + "'");
      }
      Map<String, Long> read = new LinkedHashMap<>();
      if (!f[12].isEmpty()) {
        for (String kv : f[12].split(";")) {
          int eq = kv.lastIndexOf('=');
          read.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
        }
      }
      AmplificationSeries.Run r = new AmplificationSeries.Run(Long.parseLong(f[2]), Long.parseLong(f[3]),
          Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]),
          Double.parseDouble(f[8]), f[9], Long.parseLong(f[10]), Long.parseLong(f[11]), read);
      if (full) {
        s.finalFull(r);
      } else {
        s.add(r);
      }
    }
    return out;
  }
}
