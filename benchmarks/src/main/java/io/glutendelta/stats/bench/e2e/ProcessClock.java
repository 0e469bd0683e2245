package io.glutendelta.stats.bench.e2e;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * CPU and GC time of this JVM. In local mode the executors are threads of this process, so the
 * CPU time spent during a write (all threads: tasks, GC, JIT, Spark's own) tells whether a mode
 * that takes longer did more work or waited longer (stragglers, scheduling, I/O).
 */
record ProcessClock(long cpuNanos, long gcMillis) {
  static ProcessClock now() {
    long gc = 0;
    for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
      gc += Math.max(0, b.getCollectionTime());
    }
    long cpu = ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    return new ProcessClock(cpu, gc);
  }

  /** CPU seconds from {@code earlier} to this one, NaN when the JVM does not report process CPU. */
  double cpuSecondsSince(ProcessClock earlier) {
    return cpuNanos < 0 || earlier.cpuNanos < 0 ? Double.NaN : (cpuNanos - earlier.cpuNanos) / 1e9;
  }

  /** Seconds of GC pauses and concurrent cycles reported by the collectors since {@code earlier}. */
  double gcSecondsSince(ProcessClock earlier) {
    return (gcMillis - earlier.gcMillis) / 1e3;
  }
}
