package io.glutendelta.stats.delta;

/**
 * Seam through which tests make native calls fail at chosen points. Production never installs
 * one: {@link StatsJsonAggregator} reads the installed injector once per native task, so the write
 * path pays one null check per batch and reads no configuration.
 */
interface NativeFailureInjector {
  /** Called before the native task is created; throwing stands for a native task that cannot start. */
  void beforeCreate();

  /** Called before each batch is handed over; {@code batchesDone} counts this task's batches so far. */
  void beforeBatch(long batchesDone);
}
