package io.glutendelta.stats.line;

import java.util.function.BiConsumer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.delta.CommittedTransaction;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.hooks.AutoCompact$;
import org.apache.spark.sql.delta.hooks.AutoCompactRequest;
import org.apache.spark.sql.delta.hooks.AutoCompactUtils$;
import org.apache.spark.sql.delta.hooks.PostCommitHook;
import scala.Option;

/** Delta 4.4 runs post-commit hooks as {@code run(spark, CommittedTransaction)}. */
public final class AutoCompactHooks {
  private AutoCompactHooks() {}

  /** Delta's auto compaction can be routed on this line. */
  public static final boolean ROUTABLE = true;

  /** A post-commit hook handing each call to {@code route}. */
  public static PostCommitHook hook(String name, BiConsumer<SparkSession, AutoCompactCall> route) {
    return new PostCommitHook() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void run(SparkSession spark, CommittedTransaction txn) {
        route.accept(spark, new AutoCompactCall() {
          @Override
          public DeltaLog deltaLog() {
            return txn.deltaLog();
          }

          @Override
          public Option<CatalogTable> catalogTable() {
            return txn.catalogTable();
          }

          @Override
          public Snapshot postCommitSnapshot() {
            return txn.postCommitSnapshot();
          }

          @Override
          public String tableId() {
            return txn.deltaLog().unsafeVolatileTableId();
          }

          @Override
          public void runDelta() {
            AutoCompact$.MODULE$.run(spark, txn);
          }

          @Override
          public boolean qualified() {
            return AutoCompactUtils$.MODULE$.isQualifiedForAutoCompact(spark, txn);
          }

          @Override
          public AutoCompactRequest request(String opType) {
            return AutoCompactUtils$.MODULE$.prepareAutoCompactRequest(spark, txn, opType, Option.empty());
          }
        });
      }
    };
  }

  /** Whether the transaction has committed. */
  public static boolean committed(OptimisticTransaction txn) {
    return txn.getCommitted().isDefined();
  }
}
