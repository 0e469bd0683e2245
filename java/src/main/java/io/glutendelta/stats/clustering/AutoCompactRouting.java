package io.glutendelta.stats.clustering;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.CommittedTransaction;
import org.apache.spark.sql.delta.OptimisticTransaction;
import io.glutendelta.stats.delta.ForwardingObserver;
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
 * by {@code AutoCompactRoutingExec}) remembers the transactions the command starts and, when
 * one prepares its commit, swaps Delta's hook for {@link #HOOK}. The hook keeps Delta's own
 * decision of whether to compact ({@code AutoCompact.getAutoCompactType} and
 * {@code AutoCompactUtils.prepareAutoCompactRequest}: the conf or table property, the file-count
 * rules) and its sizes ({@code autoCompact.maxFileSize}, min = max / 2 unless set), and hands
 * tables our routing does not take to Delta's hook unchanged.
 */
public final class AutoCompactRouting extends ForwardingObserver {
  private static final String OP_TYPE = "delta.commit.hooks.autoOptimize";

  /** The hook that replaces Delta's {@code AutoCompact}. */
  public static final PostCommitHook HOOK = new PostCommitHook() {
    @Override
    public String name() {
      return "Auto Compact (gluten-delta-stats routing)";
    }

    @Override
    public void run(SparkSession spark, CommittedTransaction txn) {
      runAutoCompaction(spark, txn);
    }
  };

  private final List<OptimisticTransaction> started = new ArrayList<>();

  public AutoCompactRouting(TransactionExecutionObserver previous) {
    super(previous);
  }

  static void runAutoCompaction(SparkSession spark, CommittedTransaction txn) {
    AutoCompact$ delta = AutoCompact$.MODULE$;
    String path = txn.deltaLog().dataPath().toString();
    boolean ours = OptimizeRouter.enabled(spark) && OptimizeRouter.clustered(
        txn.postCommitSnapshot());
    if (!ours) {
      delta.run(spark, txn);
      return;
    }
    if (delta.getAutoCompactType(spark.sessionState().conf(),
        txn.postCommitSnapshot().metadata()).isEmpty()
        || !AutoCompactUtils$.MODULE$.isQualifiedForAutoCompact(spark, txn)) {
      return;
    }
    AutoCompactRequest request = AutoCompactUtils$.MODULE$.prepareAutoCompactRequest(spark, txn,
        OP_TYPE, Option.empty());
    if (!request.shouldCompact()) {
      return;
    }
    DeltaSQLConf$ c = DeltaSQLConf$.MODULE$;
    String tableId = txn.deltaLog().unsafeVolatileTableId();
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
      if (t.getCommitted().isEmpty() && t.containsPostCommitHook(AutoCompact$.MODULE$)) {
        t.unregisterPostCommitHooksWhere(h -> h == AutoCompact$.MODULE$);
        t.registerPostCommitHook(HOOK);
      }
    }
    started.removeIf(t -> t.getCommitted().isDefined());
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
