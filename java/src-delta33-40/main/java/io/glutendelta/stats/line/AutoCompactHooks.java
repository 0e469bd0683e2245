package io.glutendelta.stats.line;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.BiConsumer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.OptimisticTransactionImpl;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.hooks.AutoCompact$;
import org.apache.spark.sql.delta.hooks.AutoCompactRequest;
import org.apache.spark.sql.delta.hooks.AutoCompactUtils$;
import org.apache.spark.sql.delta.hooks.PostCommitHook;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * Delta 3.3 and 4.0 run post-commit hooks as {@code run(spark, txn, version, snapshot, actions)}
 * where the transaction type (OptimisticTransactionImpl on 3.3, DeltaTransaction on 4.0) and
 * the actions type (the Scala version's Seq on 3.3, Iterator on 4.0) differ, so no one Java
 * source can override it (on 4.0 the hook even receives a CommittedTransaction, not the
 * OptimisticTransaction). The hook is therefore a {@link Proxy} of Delta's trait: it hands the
 * arguments on as they came (Delta's own hook is called with the same {@link Method}), and what
 * it needs of the transaction type and of the two Delta helpers that take it is looked up once,
 * by name and arity, on the types the hook's {@code run} declares. If any is missing,
 * {@link #ROUTABLE} is false and Delta's own auto compaction runs unchanged.
 */
public final class AutoCompactHooks {
  private AutoCompactHooks() {}

  private static final Logger LOG = LoggerFactory.getLogger(AutoCompactHooks.class);
  /** The transaction type of this Delta's {@code PostCommitHook.run}. */
  private static final Class<?> TXN = hookTransactionType();
  private static final Method DELTA_LOG = accessor("deltaLog");
  private static final Method CATALOG_TABLE = accessor("catalogTable");
  private static final Method PARTITIONS_ADDED = accessor("partitionsAddedToOpt");
  /** {@code AutoCompactUtils.isQualifiedForAutoCompact(spark, txn)}. */
  private static final Method QUALIFIED = find("isQualifiedForAutoCompact", 2);
  /** {@code AutoCompactUtils.prepareAutoCompactRequest(spark, txn, snapshot, partitions, opType, ratio)}. */
  private static final Method REQUEST = find("prepareAutoCompactRequest", 6);
  /** {@code OptimisticTransactionImpl.committed()}: a boolean on 3.3, an Option on 4.0. */
  private static final Method COMMITTED = committedAccessor();

  /** Delta's auto compaction can be routed on this line. */
  public static final boolean ROUTABLE = QUALIFIED != null && REQUEST != null && COMMITTED != null
      && DELTA_LOG != null && CATALOG_TABLE != null && PARTITIONS_ADDED != null;

  private static Class<?> hookTransactionType() {
    for (Method m : PostCommitHook.class.getMethods()) {
      if (m.getName().equals("run") && m.getParameterCount() == 5) {
        return m.getParameterTypes()[1];
      }
    }
    return OptimisticTransactionImpl.class;
  }

  private static Method accessor(String name) {
    try {
      return TXN.getMethod(name);
    } catch (NoSuchMethodException e) {
      LOG.warn("gluten-delta-stats: this Delta's {} has no {}(); auto compaction stays Delta's own",
          TXN.getName(), name);
      return null;
    }
  }

  private static Method find(String name, int arity) {
    for (Method m : AutoCompactUtils$.class.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == arity) {
        return m;
      }
    }
    LOG.warn("gluten-delta-stats: this Delta has no AutoCompactUtils.{} with {} arguments; "
        + "auto compaction stays Delta's own", name, arity);
    return null;
  }

  private static Method committedAccessor() {
    try {
      return OptimisticTransactionImpl.class.getMethod("committed");
    } catch (NoSuchMethodException e) {
      LOG.warn("gluten-delta-stats: this Delta's transaction has no committed(); auto compaction "
          + "stays Delta's own");
      return null;
    }
  }

  /** A post-commit hook handing each call to {@code route}. */
  public static PostCommitHook hook(String name, BiConsumer<SparkSession, AutoCompactCall> route) {
    InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
      case "name" -> name;
      case "run" -> {
        route.accept((SparkSession) args[0], call(method, args));
        yield null;
      }
      case "toString" -> name;
      case "hashCode" -> System.identityHashCode(proxy);
      case "equals" -> proxy == args[0];
      default -> InvocationHandler.invokeDefault(proxy, method, args);
    };
    return (PostCommitHook) Proxy.newProxyInstance(PostCommitHook.class.getClassLoader(),
        new Class<?>[] {PostCommitHook.class}, handler);
  }

  /** One call of {@code run(spark, txn, version, postCommitSnapshot, actions)}. */
  private static AutoCompactCall call(Method run, Object[] args) {
    SparkSession spark = (SparkSession) args[0];
    Object txn = args[1];
    Snapshot snapshot = (Snapshot) args[3];
    DeltaLog log = (DeltaLog) invoke(DELTA_LOG, txn);
    @SuppressWarnings("unchecked")
    Option<CatalogTable> table = (Option<CatalogTable>) invoke(CATALOG_TABLE, txn);
    return new AutoCompactCall() {
      @Override
      public DeltaLog deltaLog() {
        return log;
      }

      @Override
      public Option<CatalogTable> catalogTable() {
        return table;
      }

      @Override
      public Snapshot postCommitSnapshot() {
        return snapshot;
      }

      @Override
      public String tableId() {
        return log.tableId();
      }

      @Override
      public void runDelta() {
        invoke(run, AutoCompact$.MODULE$, args);
      }

      @Override
      public boolean qualified() {
        return (Boolean) invoke(QUALIFIED, AutoCompactUtils$.MODULE$, spark, txn);
      }

      @Override
      public AutoCompactRequest request(String opType) {
        // As Delta's own hook on these lines: the partitions this transaction added.
        Option<?> partitions = ((Option<?>) invoke(PARTITIONS_ADDED, txn))
            .map(added -> ((scala.collection.mutable.HashSet<?>) added).toSet());
        return (AutoCompactRequest) invoke(REQUEST, AutoCompactUtils$.MODULE$, spark, txn,
            snapshot, partitions, opType, Option.empty());
      }
    };
  }

  /** Whether the transaction has committed. */
  public static boolean committed(OptimisticTransaction txn) {
    Object c = invoke(COMMITTED, txn);
    return c instanceof Boolean b ? b : ((Option<?>) c).isDefined();
  }

  /** Calls a Delta method, rethrowing what it threw as itself. */
  private static Object invoke(Method m, Object target, Object... args) {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
