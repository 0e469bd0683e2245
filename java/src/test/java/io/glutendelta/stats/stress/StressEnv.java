package io.glutendelta.stats.stress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * Measurements shared by the soak/stress suites: process RSS, heap after GC, the Arrow memory the
 * Delta hook's task trackers hold, and the stats strings a table's latest commit recorded.
 */
final class StressEnv {
  /** Full sizes (scripts/soak.sh); the defaults keep the whole package within a few minutes. */
  static final boolean HEAVY = Boolean.getBoolean("gds.heavy");

  /** Name of the child allocator every native task tracker opens under Spark's root allocator. */
  private static final String TASK_ALLOCATOR = "gluten-delta-stats task";

  private StressEnv() {}

  static int size(int ci, int heavy) {
    return HEAVY ? heavy : ci;
  }

  /** Resident set size of this JVM (VmRSS of /proc/self/status), in bytes. */
  static long rssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          String[] parts = line.trim().split("\\s+");
          return Long.parseLong(parts[1]) * 1024; // reported in kB
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("no VmRSS line in /proc/self/status");
  }

  /**
   * RSS not accounted for by the JVM's committed heap and non-heap pools: native allocations
   * (the engine, Arrow, glibc arenas) plus thread stacks. Raw RSS of a JVM with a large -Xmx keeps
   * growing while G1 touches more of its committed heap, which says nothing about native leaks.
   */
  static long nativeResidentBytes() {
    var mx = ManagementFactory.getMemoryMXBean();
    return rssBytes() - mx.getHeapMemoryUsage().getCommitted() - mx.getNonHeapMemoryUsage().getCommitted();
  }

  /** Used heap after a few full collections (System.gc is a hint, hence the repetition). */
  static long heapAfterGc() {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      best = Math.min(best, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return best;
  }

  static String mib(long bytes) {
    return String.format("%.1f MiB", bytes / (1024.0 * 1024.0));
  }

  /** Task trackers still holding an Arrow allocator (each one also owns a native task). */
  static long openTaskAllocators() {
    return ArrowUtils.rootAllocator().getChildAllocators().stream()
        .map(BufferAllocator::getName).filter(TASK_ALLOCATOR::equals).count();
  }

  static long arrowBytes() {
    return ArrowUtils.rootAllocator().getAllocatedMemory();
  }

  /**
   * Waits until every task tracker released its native task and Arrow memory. Killed tasks run
   * their completion listeners asynchronously to the driver's job failure, hence a wait with a
   * generous cap (a condition, not a timing assertion).
   */
  static void awaitNativeReleased() throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while ((openTaskAllocators() != 0 || arrowBytes() != 0) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    if (openTaskAllocators() != 0 || arrowBytes() != 0) {
      throw new AssertionError("native task state not released: " + openTaskAllocators()
          + " task allocators open, " + arrowBytes() + " Arrow bytes held");
    }
  }

  /** Latest commit version of a Delta table at {@code path}, -1 when there is none. */
  static long latestVersion(String path) {
    try (var s = Files.list(Path.of(path, "_delta_log"))) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d{20}\\.json"))
          .mapToLong(n -> Long.parseLong(n.substring(0, 20))).max().orElse(-1);
    } catch (java.nio.file.NoSuchFileException e) {
      return -1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sorted {@code add.stats} strings of the latest commit, read through Spark's JSON reader. */
  static List<String> lastCommitStats(SparkSession spark, String path) {
    return commitStats(spark, path, latestVersion(path));
  }

  /** Sorted {@code add.stats} strings ("null" when absent) of the files commit {@code version} added. */
  static List<String> commitStats(SparkSession spark, String path, long version) {
    String commit = Path.of(path, "_delta_log", String.format("%020d.json", version)).toString();
    return spark.read().json(commit).where("add is not null").selectExpr("coalesce(add.stats, 'null')")
        .collectAsList().stream().map(r -> r.getString(0)).sorted().toList();
  }

  static Path tempDir(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String causeChain(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c).append(" <- ");
    }
    return sb.toString();
  }
}
