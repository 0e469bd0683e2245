package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.report.Samples;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one child JVM of {@link JvmPerModeBenchmark} measured, written by {@link ModeJvm} to a
 * small text file and read back by the parent. Times are {@code System.nanoTime}, which on Linux
 * is CLOCK_MONOTONIC and so comparable between the parent (launch) and the child.
 */
final class JvmRun {
  /** One write: wall and process CPU/GC seconds, peak RSS and peak heap after GC during it. */
  record Write(long startNanos, long endNanos, double cpuSeconds, double gcSeconds, long peakRssBytes,
      long peakHeapAfterGcBytes, int files, long nativeFiles) {
    double seconds() {
      return (endNanos - startNanos) / 1e9;
    }
  }

  long launchNanos;
  long sessionReadyNanos;
  /** Process CPU from JVM start until the first write was done (start-up, session, cold write). */
  double cpuToFirstWriteSeconds = Double.NaN;
  /** Rows of the source (-1 when not counted). */
  long sourceRows = -1;
  /** -Xmx of the child, bytes. */
  long heapMaxBytes;
  /** True when the heap was pre-touched (-Xms = -Xmx): RSS minus heap is then memory outside it. */
  boolean heapPreTouched;
  /** True when VmHWM was reset before each write (/proc/self/clear_refs), else it is since JVM start. */
  boolean rssPeakPerWrite;
  /** Peak Arrow memory of the plugin over the JVM's writes, bytes (-1 when not recorded). */
  long arrowPeakBytes = -1;
  final List<Write> writes = new ArrayList<>();
  final List<String> problems = new ArrayList<>();

  double coldSeconds() {
    return first().seconds();
  }

  double coldCpuSeconds() {
    return first().cpuSeconds();
  }

  /** JVM launch (by the parent) until the SparkSession was ready. */
  double sessionStartSeconds() {
    return (sessionReadyNanos - launchNanos) / 1e9;
  }

  /** JVM launch until the first write was done: what a short job waits for. */
  double secondsToFirstWrite() {
    return (first().endNanos() - launchNanos) / 1e9;
  }

  /** Median wall seconds of the writes after the first {@code warmWrites}. */
  double warmSeconds(int warmWrites) {
    Samples s = new Samples();
    timed(warmWrites).forEach(w -> s.add(w.seconds()));
    return s.median();
  }

  double warmCpuSeconds(int warmWrites) {
    Samples s = new Samples();
    timed(warmWrites).forEach(w -> s.add(w.cpuSeconds()));
    return s.median();
  }

  /** Highest RSS seen in any write of this JVM. */
  long peakRssBytes() {
    return writes.stream().mapToLong(Write::peakRssBytes).max().orElse(-1);
  }

  /** Highest heap occupancy right after a collection in any write; -1 when no GC ran during one. */
  long peakHeapAfterGcBytes() {
    return writes.stream().mapToLong(Write::peakHeapAfterGcBytes).max().orElse(-1);
  }

  private List<Write> timed(int warmWrites) {
    if (writes.size() <= warmWrites) {
      throw new IllegalStateException(writes.size() + " writes recorded, " + warmWrites
          + " of them warm-up: no timed write");
    }
    return writes.subList(warmWrites, writes.size());
  }

  private Write first() {
    if (writes.isEmpty()) {
      throw new IllegalStateException("the JVM recorded no write");
    }
    return writes.get(0);
  }

  List<String> toLines() {
    List<String> out = new ArrayList<>();
    out.add("launch_ns " + launchNanos);
    out.add("session_ready_ns " + sessionReadyNanos);
    out.add("cpu_to_first_write_s " + cpuToFirstWriteSeconds);
    out.add("source_rows " + sourceRows);
    out.add("heap_max_bytes " + heapMaxBytes);
    out.add("heap_pretouched " + heapPreTouched);
    out.add("rss_peak_per_write " + rssPeakPerWrite);
    out.add("arrow_peak_bytes " + arrowPeakBytes);
    for (Write w : writes) {
      out.add(String.format(Locale.ROOT, "write %d %d %.6f %.6f %d %d %d %d", w.startNanos(), w.endNanos(),
          w.cpuSeconds(), w.gcSeconds(), w.peakRssBytes(), w.peakHeapAfterGcBytes(), w.files(), w.nativeFiles()));
    }
    for (String p : problems) {
      out.add("problem " + p.replace('\n', ' '));
    }
    return out;
  }

  static JvmRun parse(List<String> lines) {
    JvmRun r = new JvmRun();
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      int sp = line.indexOf(' ');
      String key = sp < 0 ? line : line.substring(0, sp);
      String rest = sp < 0 ? "" : line.substring(sp + 1);
      switch (key) {
        case "launch_ns" -> r.launchNanos = Long.parseLong(rest);
        case "session_ready_ns" -> r.sessionReadyNanos = Long.parseLong(rest);
        case "cpu_to_first_write_s" -> r.cpuToFirstWriteSeconds = Double.parseDouble(rest);
        case "source_rows" -> r.sourceRows = Long.parseLong(rest);
        case "heap_max_bytes" -> r.heapMaxBytes = Long.parseLong(rest);
        case "heap_pretouched" -> r.heapPreTouched = Boolean.parseBoolean(rest);
        case "rss_peak_per_write" -> r.rssPeakPerWrite = Boolean.parseBoolean(rest);
        case "arrow_peak_bytes" -> r.arrowPeakBytes = Long.parseLong(rest);
        case "write" -> {
          String[] f = rest.split(" ");
          if (f.length != 8) {
            throw new IllegalArgumentException("bad write line (8 fields expected): " + line);
          }
          r.writes.add(new Write(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]),
              Double.parseDouble(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]), Integer.parseInt(f[6]),
              Long.parseLong(f[7])));
        }
        case "problem" -> r.problems.add(rest);
        default -> throw new IllegalArgumentException("unknown line in JVM result: " + line);
      }
    }
    return r;
  }
}
