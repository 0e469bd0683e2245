package io.glutendelta.stats.delta;

import io.glutendelta.stats.compat.StatsTransactionBase;
import java.util.function.Supplier;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.DeltaOptions;
import org.apache.spark.sql.delta.files.DelayedCommitProtocol;
import org.apache.spark.sql.delta.files.TransactionalWrite$;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.StatisticsCollection;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.Tuple2;
import scala.Tuple4;

/**
 * Delta's transaction with one change: the statistics tracker Delta builds for a write is
 * replaced by {@link NativeStatsJobTracker} when the native path supports its stats expression,
 * and that expression, once Delta has analysed it for a write shape, is reused for later writes
 * of the shape ({@link StatsExpressionCache}). When each task of the write writes one file of
 * exactly its source's columnar batches, no tracker at all: the batches are tapped
 * ({@link ScanBatchStatsWrite}), for which Delta's normalised query and committer are looked at
 * on the way. Everything else, including which columns get stats and how, is Delta's own decision.
 */
public class NativeStatsTransaction extends StatsTransactionBase {

  private final NativeStatsPlanMetrics planMetrics;
  /** The write in progress: Delta's normalised query and options (set by normalizeData). */
  private QueryExecution writeQuery;
  private Option<DeltaOptions> writeOptions;
  /** The write in progress: its committer's scan-batch slot (set by getCommitter), or null. */
  private ScanBatchStatsWrite scanBatches;

  /** @param planMetrics the SQL metrics of the plan node running this transaction (null: none) */
  public NativeStatsTransaction(DeltaLog deltaLog, Option<CatalogTable> catalogTable, Snapshot snapshot,
      NativeStatsPlanMetrics planMetrics) {
    super(deltaLog, catalogTable, snapshot);
    this.planMetrics = planMetrics;
  }

  /** Delta normalises each write's data first: its query is what the tap is placed in. */
  @Override
  @SuppressWarnings({"rawtypes", "unchecked"})
  public Tuple4 normalizeData(DeltaLog log, Option options, Dataset data) {
    // Raw types: the erasure, as Delta 3.3 (Dataset<?>) and 4.x (Dataset<Row>) both declare it.
    Tuple4 normalized = super.normalizeData(log, options, data);
    writeQuery = (QueryExecution) normalized._1();
    writeOptions = options;
    scanBatches = null;
    return normalized;
  }

  /** Then it makes the write's committer: ours, inert until {@link #swapTracker} arms it. */
  @Override
  public DelayedCommitProtocol getCommitter(Path outputPath) {
    DelayedCommitProtocol delta = super.getCommitter(outputPath);
    if (writeQuery == null || !NativeStatsConf.isEnabled(SparkSession.active())
        || !NativeStatsConf.usesScanBatches(SparkSession.active().sessionState().conf())) {
      return delta;
    }
    ScanBatchStatsWrite write = new ScanBatchStatsWrite();
    ScanBatchCommitProtocol ours = ScanBatchCommitProtocol.of(delta, write);
    scanBatches = ours == null ? null : write;
    return ours == null ? delta : ours;
  }

  @Override
  protected Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> swapTracker(
      scala.collection.Seq<Attribute> output, Path outputPath, StructType partitionSchema, Dataset<Row> data,
      Supplier<Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>>> vanilla) {
    SparkSession spark = data.sparkSession();
    if (!NativeStatsConf.isEnabled(spark)) {
      return vanilla.get();
    }
    String key = NativeStatsConf.reusesStatsExpression(spark.sessionState().conf())
        ? StatsExpressionCache.key(output, partitionSchema, metadata(), protocol(), spark) : null;
    DeltaJobStatisticsTracker delta = key == null ? null
        : StatsExpressionCache.reuse(key, deltaLog().newDeltaHadoopConf(), outputPath);
    boolean analysed = delta == null;
    Option<StatisticsCollection> collection = Option.empty(); // Delta's writeFiles ignores it
    if (analysed) {
      Tuple2<Option<DeltaJobStatisticsTracker>, Option<StatisticsCollection>> pair = vanilla.get();
      if (pair._1().isEmpty()) {
        return pair;
      }
      delta = pair._1().get();
      collection = pair._2();
    }
    DeltaJobStatisticsTracker ours = NativeStatsJobTracker.swapIfSupported(delta, deltaLog(), spark, planMetrics);
    if (analysed && key != null && ours != null) { // a Delta tracker no write used: its stats stay empty
      StatsExpressionCache.remember(key, delta);
    }
    QueryExecution query = writeQuery;
    ScanBatchStatsWrite scan = tapsScanBatches(partitionSchema, spark);
    if (ours != null && scan != null && scan.arm(query, output, (NativeStatsJobTracker) ours)) {
      return new Tuple2<>(Option.empty(), collection); // the tap serves it: no tracker in the row loop
    }
    return new Tuple2<>(Option.apply(ours == null ? delta : ours), collection);
  }

  /**
   * The write's scan-batch slot if each of its tasks writes one file from all the rows it reads:
   * no partition columns (nor CDC's), no file size cap, no optimized write's shuffle; else null.
   * The placement rule checks the rest (that the plan's rows are the batches' rows).
   */
  private ScanBatchStatsWrite tapsScanBatches(StructType partitionSchema, SparkSession spark) {
    ScanBatchStatsWrite write = scanBatches;
    QueryExecution query = writeQuery;
    scanBatches = null;
    writeQuery = null;
    if (write == null || query == null || partitionSchema.nonEmpty()) {
      return null;
    }
    SQLConf conf = spark.sessionState().conf();
    Option<String> cap = writeOptions.isDefined()
        ? writeOptions.get().options().get("maxRecordsPerFile") : Option.empty();
    long maxRecords;
    try {
      maxRecords = cap.isDefined() ? Long.parseLong(cap.get().trim()) : conf.maxRecordsPerFile();
    } catch (NumberFormatException e) {
      return null; // Delta's writer reports it
    }
    if (maxRecords > 0) {
      return null;
    }
    Option<Object> optimize = writeOptions.isDefined() ? writeOptions.get().optimizeWrite() : Option.empty();
    boolean optimizeWrite = optimize.isDefined()
        ? (Boolean) optimize.get() : TransactionalWrite$.MODULE$.shouldOptimizeWrite(metadata(), conf);
    return optimizeWrite ? null : write;
  }
}
