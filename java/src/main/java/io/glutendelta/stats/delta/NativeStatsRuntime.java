package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.jni.NativeLoader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.delta.ChainableExecutionObserver;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.TransactionExecutionObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides once per JVM whether the Delta hook can be used: the observer trait must have exactly
 * the abstract methods our Java implementation was written against (a Delta upgrade that adds
 * one would otherwise surface as AbstractMethodError mid-write), the transaction must have the
 * constructor and method we override, and the native library must load. Any failure logs one
 * line and leaves Delta's own statistics in place.
 */
public final class NativeStatsRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(NativeStatsRuntime.class);

  /** Abstract members of TransactionExecutionObserver + ChainableExecutionObserver (Delta 3.3, 4.0, 4.4). */
  static final Set<String> PINNED_OBSERVER_METHODS = Set.of(
      "createChild()", "startingTransaction(Function0)", "preparingCommit(Function0)",
      "beginDoCommit()", "beginBackfill()", "beginPostCommit()", "transactionCommitted()",
      "transactionAborted()", "nextObserver()", "nextObserver_$eq(Option)");

  private static volatile String hookProblem;
  private static volatile boolean checked;
  private static volatile boolean logged;

  private NativeStatsRuntime() {}

  /** Null when the hook and the library are usable, else the reason (checked once). */
  public static String hookProblem() {
    if (!checked) {
      synchronized (NativeStatsRuntime.class) {
        if (!checked) {
          hookProblem = computeProblem();
          checked = true;
        }
      }
    }
    return hookProblem;
  }

  public static boolean hookUsable() {
    return hookProblem() == null;
  }

  /** The start-up line saying whether native stats are active, logged once per JVM. */
  public static void logStatusOnce() {
    if (logged) {
      return;
    }
    logged = true;
    String problem = hookProblem();
    if (problem == null) {
      LOG.info("gluten-delta-stats: native Delta statistics are active (switch off with {}=false)",
          NativeStatsConf.ENABLED);
    } else {
      LOG.warn("gluten-delta-stats: native Delta statistics are NOT active, Delta computes its own "
          + "statistics: {}", problem);
    }
  }

  private static String computeProblem() {
    try {
      Set<String> actual = abstractMethods();
      if (!actual.equals(PINNED_OBSERVER_METHODS)) {
        return "Delta's TransactionExecutionObserver does not match the shape this jar was built for: "
            + "expected " + new TreeSet<>(PINNED_OBSERVER_METHODS) + " but found " + new TreeSet<>(actual);
      }
      OptimisticTransaction.class.getConstructor(org.apache.spark.sql.delta.DeltaLog.class,
          scala.Option.class, org.apache.spark.sql.delta.Snapshot.class);
      OptimisticTransaction.class.getMethod("getOptionalStatsTrackerAndStatsCollection",
          ScalaColl.SEQ_CLASS, org.apache.hadoop.fs.Path.class,
          org.apache.spark.sql.types.StructType.class, org.apache.spark.sql.Dataset.class);
    } catch (ReflectiveOperationException | LinkageError e) {
      return "Delta classes do not match the Delta line this jar was built for: " + e;
    }
    if (!NativeLoader.isAvailable()) {
      return "native library unavailable: " + NativeLoader.loadError().getMessage();
    }
    return null;
  }

  static Set<String> abstractMethods() {
    Set<String> out = new TreeSet<>();
    for (Class<?> c : new Class<?>[] {TransactionExecutionObserver.class, ChainableExecutionObserver.class}) {
      for (Method m : c.getDeclaredMethods()) {
        if (Modifier.isAbstract(m.getModifiers())) {
          StringBuilder sb = new StringBuilder(m.getName()).append('(');
          Class<?>[] ps = m.getParameterTypes();
          for (int i = 0; i < ps.length; i++) {
            sb.append(i == 0 ? "" : ",").append(ps[i].getSimpleName());
          }
          out.add(sb.append(')').toString());
        }
      }
    }
    // advanceToNextThreadObserver is abstract in the parent but implemented by the child trait.
    out.remove("advanceToNextThreadObserver()");
    return out;
  }
}
