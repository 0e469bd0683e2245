package io.glutendelta.stats.line;

import java.util.function.BiConsumer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.hooks.PostCommitHook;

/**
 * Delta 3.3 and 4.0 run post-commit hooks as {@code run(spark, txn, version, snapshot, actions)},
 * where the transaction type (OptimisticTransactionImpl / DeltaTransaction) and the actions type
 * (Seq of the Scala version / Iterator) differ between the two, and Delta 3.3 keeps no committed
 * transaction object. Auto compaction is therefore not routed on these lines: Delta's own
 * AutoCompact hook runs unchanged (OPTIMIZE routing is unaffected).
 */
public final class AutoCompactHooks {
  private AutoCompactHooks() {}

  /** Delta's auto compaction can be routed on this line. */
  public static final boolean ROUTABLE = false;

  public static PostCommitHook hook(String name, BiConsumer<SparkSession, AutoCompactCall> route) {
    throw new UnsupportedOperationException("auto compaction is not routed on Delta 3.3 / 4.0");
  }

  public static boolean committed(OptimisticTransaction txn) {
    throw new UnsupportedOperationException("auto compaction is not routed on Delta 3.3 / 4.0");
  }
}
