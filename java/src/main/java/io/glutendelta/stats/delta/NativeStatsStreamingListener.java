package io.glutendelta.stats.delta;

import io.glutendelta.stats.line.LineCheck;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQueryListener;

/**
 * Hooks Structured Streaming writes to Delta: the Delta sink starts its transactions directly on
 * the query's execution thread (no physical plan to wrap). {@code onQueryStarted} is delivered
 * synchronously on that thread, so the observer is installed there for the query's lifetime.
 * Registered through {@code spark.sql.streaming.streamingQueryListeners}; a jar of another line
 * does nothing (the {@link LineCheck} runs before any Delta-coupled class is touched).
 */
public final class NativeStatsStreamingListener extends StreamingQueryListener {

  @Override
  public void onQueryStarted(QueryStartedEvent event) {
    if (!LineCheck.matches()) {
      return;
    }
    SparkSession session = SparkSession.getActiveSession().isDefined()
        ? SparkSession.getActiveSession().get() : null;
    if (session != null && !NativeStatsConf.isEnabled(session)) {
      return;
    }
    if (NativeStatsRuntime.hookUsable()) {
      NativeStatsObserver.installOnCurrentThread();
    }
  }

  @Override
  public void onQueryProgress(QueryProgressEvent event) {}

  @Override
  public void onQueryTerminated(QueryTerminatedEvent event) {}
}
