package io.glutendelta.stats.clustering;

import io.glutendelta.stats.line.LineCheck;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.TransactionExecutionObserver;
import org.apache.spark.sql.delta.TransactionExecutionObserver$;
import org.apache.spark.sql.streaming.StreamingQueryListener;

/**
 * Routes the auto compaction of Structured Streaming writes to clustered Delta tables: the Delta
 * sink commits on the query's execution thread, outside any physical plan that
 * {@code AutoCompactRoutingExec} could wrap. {@code onQueryStarted} is delivered synchronously on
 * that thread, so an {@link AutoCompactRouting} observer is installed there for the query's
 * lifetime (the query's session conf is fixed at its start, so the routing decision is too).
 * It must sit outside the native-statistics observer, whose transaction is the one that commits:
 * list it after {@code io.glutendelta.stats.delta.NativeStatsStreamingListener} in
 * {@code spark.sql.streaming.streamingQueryListeners} (the plugin does).
 */
public final class AutoCompactStreamingListener extends StreamingQueryListener {

  @Override
  public void onQueryStarted(QueryStartedEvent event) {
    if (!LineCheck.matches() || !AutoCompactRouting.ROUTABLE) {
      return;
    }
    SparkSession session = SparkSession.getActiveSession().isDefined()
        ? SparkSession.getActiveSession().get() : null;
    if (session == null || !OptimizeRouter.enabled(session)) {
      return;
    }
    TransactionExecutionObserver$ observers = TransactionExecutionObserver$.MODULE$;
    Object current = observers.getObserver();
    if (!(current instanceof AutoCompactRouting)) {
      observers.setObserver(new AutoCompactRouting((TransactionExecutionObserver) current));
    }
  }

  @Override
  public void onQueryProgress(QueryProgressEvent event) {}

  @Override
  public void onQueryTerminated(QueryTerminatedEvent event) {}
}
