package io.glutendelta.stats.engine;

/**
 * A snapshot of a task's native counters.
 *
 * @param filesFinished files whose stats were produced by finishFile
 * @param batches batches aggregated
 * @param rows rows aggregated
 * @param openFiles files begun and neither finished nor aborted
 * @param stateBytes bytes of native state retained for reuse (grows with open files and the
 *     longest string seen; must stay flat across many files)
 */
public record AggregatorCounters(long filesFinished, long batches, long rows, long openFiles, long stateBytes) {
  static AggregatorCounters of(long[] values) {
    if (values == null || values.length < 5) {
      throw new io.glutendelta.stats.jni.NativeStatsException(
          "native taskCounters returned " + (values == null ? "null" : values.length + " values") + ", expected 5");
    }
    return new AggregatorCounters(values[0], values[1], values[2], values[3], values[4]);
  }
}
