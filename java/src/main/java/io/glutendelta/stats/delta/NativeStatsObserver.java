package io.glutendelta.stats.delta;

import java.util.function.Supplier;
import org.apache.spark.sql.delta.ChainableExecutionObserver;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.TransactionExecutionObserver;
import org.apache.spark.sql.delta.TransactionExecutionObserver$;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Function0;

/**
 * Delta transaction observer (a thread-local consulted by {@code DeltaLog.startTransaction})
 * that swaps each new transaction for a {@link NativeStatsTransaction}. Every other callback is
 * forwarded to the observer that was installed before ours, so Delta's own (test) observers keep
 * working.
 */
public final class NativeStatsObserver extends ForwardingObserver {
  private static final Logger LOG = LoggerFactory.getLogger(NativeStatsObserver.class);

  /** The SQL metrics of the plan node that installed us; null on a streaming thread. */
  private final NativeStatsPlanMetrics planMetrics;

  NativeStatsObserver(TransactionExecutionObserver previous, NativeStatsPlanMetrics planMetrics) {
    super(previous);
    this.planMetrics = planMetrics;
  }

  /**
   * Runs {@code body} with our observer installed on this thread (restoring the previous one
   * afterwards). Nested write roots (CTAS around an append) reuse the observer already present
   * instead of growing the chain (their writes then report to the outer node's metrics).
   *
   * @param planMetrics where the writes started in {@code body} report their numbers
   */
  @SuppressWarnings("unchecked")
  public static <T> T runObserved(NativeStatsPlanMetrics planMetrics, Supplier<T> body) {
    ChainableExecutionObserver<?> current = TransactionExecutionObserver$.MODULE$.getObserver();
    if (current instanceof NativeStatsObserver) {
      return body.get();
    }
    NativeStatsObserver ours = new NativeStatsObserver((TransactionExecutionObserver) current, planMetrics);
    Function0<T> f = body::get;
    return (T) TransactionExecutionObserver$.MODULE$.withObserver(ours, f);
  }

  /**
   * Installs our observer on the current thread for good (streaming: the query's own execution
   * thread, which lives as long as the query). No-op when already installed.
   */
  public static void installOnCurrentThread() {
    ChainableExecutionObserver<?> current = TransactionExecutionObserver$.MODULE$.getObserver();
    if (!(current instanceof NativeStatsObserver)) {
      TransactionExecutionObserver$.MODULE$.setObserver(
          new NativeStatsObserver((TransactionExecutionObserver) current, null));
    }
  }

  @Override
  public OptimisticTransaction startingTransaction(Function0<OptimisticTransaction> f) {
    OptimisticTransaction txn = previous.startingTransaction(f);
    if (txn == null || txn.getClass() != OptimisticTransaction.class) {
      // Someone else already substituted the transaction; do not hide their class.
      LOG.debug("gluten-delta-stats: leaving transaction of class {} untouched",
          txn == null ? "null" : txn.getClass().getName());
      return txn;
    }
    return new NativeStatsTransaction(txn.deltaLog(), txn.catalogTable(), txn.snapshot(), planMetrics);
  }

  @Override
  public TransactionExecutionObserver createChild() {
    return new NativeStatsObserver(previous.createChild(), planMetrics);
  }


}
