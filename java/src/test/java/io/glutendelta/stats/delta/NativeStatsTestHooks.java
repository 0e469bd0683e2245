package io.glutendelta.stats.delta;

import io.glutendelta.stats.jni.NativeStatsException;

/**
 * Forced native failures for tests, installed in this JVM (local mode: the tasks run here):
 * {@code create} fails creating the native task (nothing lost: Delta's tracker takes over),
 * {@code batch:N} fails the batch after N successful ones (rows lost: the attempt must fail).
 * Test code only; production reads no failure switch.
 */
public final class NativeStatsTestHooks {
  private NativeStatsTestHooks() {}

  /** Sets (or with null clears) the failure spec for native tasks created from now on. */
  public static void set(String spec) {
    StatsJsonAggregator.injectFailures(spec == null ? null : parse(spec));
  }

  private static NativeFailureInjector parse(String spec) {
    if (spec.equals("create")) {
      return new NativeFailureInjector() {
        @Override
        public void beforeCreate() {
          throw new NativeStatsException("injected native failure at task creation");
        }

        @Override
        public void beforeBatch(long batchesDone) {}
      };
    }
    if (spec.startsWith("batch:")) {
      long after = Long.parseLong(spec.substring(6).trim());
      return new NativeFailureInjector() {
        @Override
        public void beforeCreate() {}

        @Override
        public void beforeBatch(long batchesDone) {
          if (batchesDone >= after) {
            throw new NativeStatsException("injected native failure after " + batchesDone + " batches");
          }
        }
      };
    }
    throw new IllegalArgumentException("unknown failure spec (create | batch:N): " + spec);
  }
}
