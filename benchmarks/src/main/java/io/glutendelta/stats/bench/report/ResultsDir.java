package io.glutendelta.stats.bench.report;

import io.glutendelta.stats.bench.tpcds.Dirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

/**
 * Results layout: {@code <root>/<kind>-<UTC timestamp>/} per run, and {@code <root>/latest/<kind>/}
 * refreshed with a copy (the small committed snapshot the README links to).
 */
public final class ResultsDir {
  private ResultsDir() {}

  public static Path create(Path root, String kind) {
    String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path dir = root.resolve(kind + "-" + stamp);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    return dir;
  }

  public static String utcNow() {
    return ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
  }

  /** Replaces {@code <root>/latest/<kind>} with a copy of {@code run}. */
  public static Path publishLatest(Path root, String kind, Path run) {
    Path latest = root.resolve("latest").resolve(kind);
    Dirs.deleteRecursively(latest);
    try {
      Files.createDirectories(latest);
      try (Stream<Path> files = Files.list(run)) {
        for (Path f : files.toList()) {
          if (Files.isRegularFile(f)) {
            Files.copy(f, latest.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot publish " + run + " to " + latest, e);
    }
    return latest;
  }
}
