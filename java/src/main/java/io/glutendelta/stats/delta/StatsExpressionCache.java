package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.ScalaColl;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.actions.Metadata;
import org.apache.spark.sql.delta.actions.Protocol;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.internal.SessionState;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SizeEstimator;

/**
 * Delta's analysed statistics expression, kept per write shape. Delta builds it for every write
 * by running a plan through the analyzer; that is quick, but the Catalyst code it runs keeps the
 * JIT compiling for many writes, the larger part of what a small write pays for statistics
 * (benchmarks/README.md, stats expression A/B). A later write of the same shape gets a new Delta
 * tracker for its own path over the same expression, so its statistics are still Delta's.
 *
 * <p>The key holds every input of Delta's {@code getOptionalStatsTrackerAndStatsCollection}: the
 * write's output columns (names, types, nullability, metadata) and partition schema, the table's
 * schema, partition columns and configuration (column mapping, indexed and stats columns), its
 * protocol, every SQL conf set in the session, and the session itself (its functions), named by a
 * number no other session gets. Only the expression and its input columns are kept, not the
 * tracker (which holds a copy of the table's Hadoop configuration) nor the session.
 */
final class StatsExpressionCache {
  private StatsExpressionCache() {}

  /** Shapes kept, over all sessions (least recently used first out). */
  static final int MAX_SHAPES = 32;

  /** What a Delta tracker is made of besides its path and Hadoop configuration. */
  private record Kept(scala.collection.Seq<Attribute> dataCols, Expression statsColExpr) {}

  private static final Map<String, Kept> SHAPES = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
      return size() > MAX_SHAPES;
    }
  };

  /** A number per live session: identity hash codes may repeat, these never do. */
  private static final Map<SessionState, Long> SESSION_IDS = new WeakHashMap<>();
  private static long nextSessionId;

  private static final LongAdder REUSES = new LongAdder();

  /** Set by Delta after each commit of the session; no input of the statistics expression. */
  private static final String LAST_COMMIT_VERSION = "spark.databricks.delta.lastCommitVersionInSession";

  private static long sessionId(SessionState session) {
    synchronized (SESSION_IDS) {
      return SESSION_IDS.computeIfAbsent(session, s -> nextSessionId++);
    }
  }

  static String key(scala.collection.Seq<Attribute> output, StructType partitionSchema, Metadata metadata,
      Protocol protocol, SparkSession spark) {
    StringBuilder b = new StringBuilder(4096);
    b.append("session ").append(sessionId(spark.sessionState())).append('\n');
    for (Attribute a : ScalaColl.asJava(output)) {
      b.append("column ").append(a.name()).append(' ').append(a.dataType().json()).append(' ')
          .append(a.nullable()).append(' ').append(a.metadata().json()).append('\n');
    }
    b.append("partitions ").append(partitionSchema.json()).append('\n');
    b.append("schema ").append(metadata.schemaString()).append('\n');
    b.append("partitionColumns ").append(ScalaColl.asJava(metadata.partitionColumns())).append('\n');
    b.append("configuration ").append(new TreeMap<>(ScalaColl.asJava(metadata.configuration()))).append('\n');
    b.append("protocol ").append(protocol.json()).append('\n');
    TreeMap<String, String> confs = new TreeMap<>(ScalaColl.asJava(spark.sessionState().conf().getAllConfs()));
    confs.remove(LAST_COMMIT_VERSION);
    b.append("confs ").append(confs);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  /** A Delta tracker for {@code path} over the expression kept for {@code key}, or null. */
  static DeltaJobStatisticsTracker reuse(String key, Configuration hadoopConf, Path path) {
    Kept kept;
    synchronized (SHAPES) {
      kept = SHAPES.get(key);
    }
    if (kept == null) {
      return null;
    }
    REUSES.increment();
    return new DeltaJobStatisticsTracker(hadoopConf, path, ScalaColl.seq(kept.dataCols()), kept.statsColExpr());
  }

  /** Keeps {@code delta}'s expression and its input columns for {@code key}. */
  static void remember(String key, DeltaJobStatisticsTracker delta) {
    Kept kept = new Kept(delta.dataCols(), delta.statsColExpr());
    synchronized (SHAPES) {
      SHAPES.put(key, kept);
    }
  }

  /** Shapes kept now. */
  static int size() {
    synchronized (SHAPES) {
      return SHAPES.size();
    }
  }

  /** Estimated bytes the kept shapes hold (Spark's SizeEstimator: shared objects counted once). */
  static long estimatedBytes() {
    synchronized (SHAPES) {
      return SizeEstimator.estimate(new ArrayList<>(SHAPES.values()));
    }
  }

  /** Writes that reused an expression, since the JVM started. */
  static long reuses() {
    return REUSES.sum();
  }
}
