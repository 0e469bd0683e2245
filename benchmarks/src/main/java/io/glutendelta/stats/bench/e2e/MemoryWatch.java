package io.glutendelta.stats.bench.e2e;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Peak memory of one write: process RSS (Linux VmHWM, reset before the write through
 * {@code /proc/self/clear_refs}) and the JVM heap right after each collection during it (the
 * live data plus what the collector kept, from GC notifications), the largest one kept.
 */
final class MemoryWatch {
  private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");
  private static final Path STATUS = Path.of("/proc/self/status");

  private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
  private final AtomicLong peakHeapAfterGc = new AtomicLong(-1);
  private boolean hwmResettable = true;

  MemoryWatch() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener((n, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            long used = heapUsed(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData())
                .getGcInfo().getMemoryUsageAfterGc());
            peakHeapAfterGc.accumulateAndGet(used, Math::max);
          }
        }, null, null);
      }
    }
  }

  private long heapUsed(Map<String, MemoryUsage> pools) {
    long sum = 0;
    for (Map.Entry<String, MemoryUsage> e : pools.entrySet()) {
      if (heapPools.contains(e.getKey())) {
        sum += e.getValue().getUsed();
      }
    }
    return sum;
  }

  /** Starts a new measurement: resets the RSS high-water mark and the heap peak. */
  void reset() {
    peakHeapAfterGc.set(-1);
    if (hwmResettable) {
      try {
        Files.writeString(CLEAR_REFS, "5");
      } catch (IOException | SecurityException e) {
        hwmResettable = false; // then VmHWM counts from JVM start; the report says so
      }
    }
  }

  boolean rssPeakPerWrite() {
    return hwmResettable;
  }

  /** Peak RSS since {@link #reset} in bytes (since JVM start when the reset is not possible), -1 if unknown. */
  long peakRssBytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /**
   * The most Arrow memory this JVM's plugin held at once, in bytes: the count of Spark's Arrow root
   * allocator, under which every task of the plugin allocates (exact, unlike RSS; 0 without it).
   */
  long arrowPeakBytes() {
    return org.apache.spark.sql.util.ArrowUtils.rootAllocator().getPeakMemoryAllocation();
  }

  /** Largest heap occupancy after a GC since {@link #reset}; -1 when no collection ran. */
  long peakHeapAfterGcBytes() {
    return peakHeapAfterGc.get();
  }
}
