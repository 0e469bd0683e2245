package io.glutendelta.stats.delta;

import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.TransactionExecutionObserver;
import scala.Function0;
import scala.Option;

/**
 * A Delta transaction observer that forwards every callback to the observer installed before it,
 * so Delta's own (test) observers keep working under ours. Subclasses override only the
 * callbacks they act on. It also keeps the observer trait's shape, which differs between Delta
 * lines, in one place.
 */
public abstract class ForwardingObserver implements TransactionExecutionObserver {
  protected final TransactionExecutionObserver previous;
  private Option<TransactionExecutionObserver> nextObserver = Option.empty();

  protected ForwardingObserver(TransactionExecutionObserver previous) {
    this.previous = previous;
  }

  @Override
  public OptimisticTransaction startingTransaction(Function0<OptimisticTransaction> f) {
    return previous.startingTransaction(f);
  }

  @Override
  public <T> T preparingCommit(Function0<T> f) {
    return previous.preparingCommit(f);
  }

  @Override
  public void beginDoCommit() {
    previous.beginDoCommit();
  }

  @Override
  public void beginBackfill() {
    previous.beginBackfill();
  }

  @Override
  public void beginPostCommit() {
    previous.beginPostCommit();
  }

  @Override
  public void transactionCommitted() {
    previous.transactionCommitted();
  }

  @Override
  public void transactionAborted() {
    previous.transactionAborted();
  }

  @Override
  public Option<TransactionExecutionObserver> nextObserver() {
    return nextObserver;
  }

  @Override
  public void nextObserver_$eq(Option<TransactionExecutionObserver> next) {
    this.nextObserver = next;
  }
}
