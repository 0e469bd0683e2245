package io.glutendelta.stats.clustering;

import io.glutendelta.stats.delta.ForwardingObserver;
import io.glutendelta.stats.line.AutoCompactCall;
import io.glutendelta.stats.line.AutoCompactHooks;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.TransactionExecutionObserver;
import org.apache.spark.sql.delta.hooks.AutoCompact$;
import org.apache.spark.sql.delta.hooks.AutoCompactPartitionReserve$;
import org.apache.spark.sql.delta.hooks.AutoCompactRequest;
import org.apache.spark.sql.delta.hooks.AutoCompactUtils$;
import org.apache.spark.sql.delta.hooks.PostCommitHook;
import org.apache.spark.sql.delta.sources.DeltaSQLConf$;
import org.apache.spark.sql.delta.stats.AutoCompactPartitionStats$;
import scala.Function0;
import scala.Option;

/**
 * Routes Delta's auto compaction through {@link OptimizeRouter}. Delta registers its
 * {@code AutoCompact} post-commit hook from {@code writeFiles} and runs it after the commit;
 * there is no extension point, so a transaction observer (installed around Delta write commands
 * by {@code AutoCompactRoutingExec}, and on a streaming query's thread by
 * {@link AutoCompactStreamingListener}) remembers the transactions the command starts and, when
 * one prepares its commit, swaps Delta's hook for {@link #HOOK}. The hook keeps Delta's own
 * decision of whether to compact ({@code AutoCompact.getAutoCompactType} and
 * {@code AutoCompactUtils.prepareAutoCompactRequest}: the conf or table property, the file-count
 * rules) and its sizes ({@code autoCompact.maxFileSize}, min = max / 2 unless set), and hands
 * tables our routing does not take to Delta's hook unchanged. The hook's signature is Delta's
 * per line ({@link AutoCompactHooks}); where it cannot be routed ({@code ROUTABLE} false) the
 * observer is never installed.
 */
public final class AutoCompactRouting extends ForwardingObserver {
  private static final String OP_TYPE = "delta.commit.hooks.autoOptimize";

  /** Whether this line's Delta lets us replace its auto-compaction hook. */
  public static final boolean ROUTABLE = AutoCompactHooks.ROUTABLE;

  private static volatile PostCommitHook hook;

  /**
   * Transactions started under this observer and not yet committed. Weakly held: a transaction
   * that never commits (a streaming batch already written, a failed command) must not pile up
   * in an observer that lives as long as a streaming query.
   */
  private final Set<OptimisticTransaction> started =
      Collections.newSetFromMap(new WeakHashMap<>());

  public AutoCompactRouting(TransactionExecutionObserver previous) {
    super(previous);
  }

  /** The hook that replaces Delta's {@code AutoCompact} (created on first use). */
  static PostCommitHook hook() {
    if (hook == null) {
      hook = AutoCompactHooks.hook("Auto Compact (gluten-delta-stats routing)",
          AutoCompactRouting::runAutoCompaction);
    }
    return hook;
  }

  static void runAutoCompaction(SparkSession spark, AutoCompactCall txn) {
    AutoCompact$ delta = AutoCompact$.MODULE$;
    String path = txn.deltaLog().dataPath().toString();
    boolean ours = OptimizeRouter.enabled(spark) && OptimizeRouter.clustered(
        txn.postCommitSnapshot());
    if (!ours) {
      txn.runDelta();
      return;
    }
    if (delta.getAutoCompactType(spark.sessionState().conf(),
        txn.postCommitSnapshot().metadata()).isEmpty()
        || !txn.qualified()) {
      return;
    }
    AutoCompactRequest request = txn.request(OP_TYPE);
    if (!request.shouldCompact()) {
      return;
    }
    DeltaSQLConf$ c = DeltaSQLConf$.MODULE$;
    String tableId = txn.tableId();
    try {
      long max = ((Number) spark.sessionState().conf()
          .getConf(c.DELTA_AUTO_COMPACT_MAX_FILE_SIZE())).longValue();
      Option<?> minOpt = (Option<?>) spark.sessionState().conf()
          .getConf(c.DELTA_AUTO_COMPACT_MIN_FILE_SIZE());
      long min = minOpt.isDefined() ? ((Number) minOpt.get()).longValue() : max / 2;
      OptimizeRouter.Routed r = OptimizeRouter.run(spark, path, false, true, min, max);
      if (r.tier() == OptimizeRouter.Tier.DELTA) {
        delta.compact(spark, txn.deltaLog(), txn.catalogTable(), request.targetPartitionsPredicate(),
            OP_TYPE, Option.empty());
      }
      AutoCompactPartitionStats$.MODULE$.instance(spark).markPartitionsAsCompacted(tableId,
          request.allowedPartitions());
    } finally {
      if (AutoCompactUtils$.MODULE$.reservePartitionEnabled(spark)) {
        AutoCompactPartitionReserve$.MODULE$.releasePartitions(tableId,
            request.allowedPartitions());
      }
    }
  }

  /** Swaps Delta's AutoCompact hook on the transactions started under this observer. */
  private void reroute() {
    for (OptimisticTransaction t : started) {
      if (!AutoCompactHooks.committed(t) && t.containsPostCommitHook(AutoCompact$.MODULE$)) {
        t.unregisterPostCommitHooksWhere(h -> h == AutoCompact$.MODULE$);
        t.registerPostCommitHook(hook());
      }
    }
    started.removeIf(AutoCompactHooks::committed);
  }

  @Override
  public OptimisticTransaction startingTransaction(Function0<OptimisticTransaction> f) {
    OptimisticTransaction txn = previous.startingTransaction(f);
    if (txn != null) {
      started.add(txn);
    }
    return txn;
  }

  @Override
  public <T> T preparingCommit(Function0<T> f) {
    reroute();
    return previous.preparingCommit(f);
  }

  @Override
  public TransactionExecutionObserver createChild() {
    return new AutoCompactRouting(previous.createChild());
  }

}
