package io.glutendelta.stats.stress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
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

  /**
   * Task-tracker allocators open before a suite started (e.g. trackers another test class drove
   * without a TaskContext); they are not this suite's to free.
   */
  private static volatile Set<BufferAllocator> baseline = Set.of();

  /** Records the currently open task-tracker allocators as pre-existing; call in @BeforeAll. */
  static void markBaseline() {
    baseline = Set.copyOf(taskAllocators());
  }

  /** Open allocators of task trackers (each open one also owns a native task). */
  private static List<BufferAllocator> taskAllocators() {
    return ArrowUtils.rootAllocator().getChildAllocators().stream()
        .filter(a -> TASK_ALLOCATOR.equals(a.getName())).toList();
  }

  /** Task trackers opened since {@link #markBaseline} that still hold their allocator. */
  private static List<BufferAllocator> leakedTaskAllocators() {
    Set<BufferAllocator> before = baseline;
    return taskAllocators().stream().filter(a -> !before.contains(a)).toList();
  }

  /**
   * Waits until every task tracker since the baseline released its native task and Arrow memory.
   * Killed tasks run their completion listeners asynchronously to the driver's job failure, hence
   * a wait with a generous cap (a condition, not a timing assertion).
   */
  static void awaitNativeReleased() throws InterruptedException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!leakedTaskAllocators().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    List<BufferAllocator> left = leakedTaskAllocators();
    if (!left.isEmpty()) {
      throw new AssertionError("native task state not released: " + left.size()
          + " task allocators open, holding " + left.stream().mapToLong(BufferAllocator::getAllocatedMemory).sum()
          + " Arrow bytes");
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

  record ChildResult(int exitCode, String output) {
    /** The last few thousand characters, for assertion messages. */
    String tail() {
      return output.length() > 6000 ? output.substring(output.length() - 6000) : output;
    }
  }

  /**
   * Runs {@code main} in a fresh JVM on this JVM's class path with Spark's module flags (as this
   * JVM got them), the heavy switch and {@code jvmArgs}; output and error streams merged.
   */
  static ChildResult runChildJvm(List<String> jvmArgs, Class<?> main, String... args)
      throws IOException, InterruptedException {
    return runChildJvm(jvmArgs, null, main, args);
  }

  /** As above, with {@code classPathFirst} (when not null) ahead of this JVM's class path. */
  static ChildResult runChildJvm(List<String> jvmArgs, Path classPathFirst, Class<?> main, String... args)
      throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("-XX:+IgnoreUnrecognized") || a.startsWith("-Djdk.reflect")
          || a.startsWith("-Dio.netty")) {
        command.add(a);
      }
    }
    command.add("-Dgds.heavy=" + HEAVY); // surefire sets it as a property, not a JVM argument
    command.addAll(jvmArgs);
    String cp = System.getProperty("java.class.path");
    if (classPathFirst != null) {
      cp = classPathFirst + java.io.File.pathSeparator + cp;
    }
    command.addAll(List.of("-cp", cp, main.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(10, java.util.concurrent.TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("child JVM hung: " + out);
    }
    return new ChildResult(p.exitValue(), out);
  }

  /** Deletes a test's table directory tree (soak tables hold thousands of files). */
  static void deleteRecursively(String dir) {
    try (var walk = Files.walk(Path.of(dir))) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
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
