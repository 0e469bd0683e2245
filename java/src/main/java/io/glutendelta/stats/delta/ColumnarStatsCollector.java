package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.line.EvalShim;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.types.DataTypeUtils;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.stats.DeltaFileStatistics;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.types.StructType;
import scala.collection.Seq;

/**
 * Columnar entry point: for writers that already hold Arrow batches (Gluten-style native
 * writers, benchmarks, tests). Batches go straight to the native engine, no row conversion; the
 * result per file is the JSON Delta would write into {@code AddFile.stats}.
 *
 * <p>Batches must carry the columns of {@link #arrowSchema()} (the table's stats columns with
 * structs pruned to the fields that get statistics; leaves that only need a null count are
 * booleans whose validity is what counts). A batch whose top-level vectors include these fields
 * by name with equal types is accepted too: the extra columns are ignored.
 *
 * <pre>{@code
 * try (ColumnarStatsCollector c = ColumnarStatsCollector.forTable(spark, path, allocator)) {
 *   c.beginFile("part-0.parquet");
 *   c.addBatch("part-0.parquet", root);
 *   String json = c.finishFile("part-0.parquet");
 * }
 * }</pre>
 * Not thread-safe.
 */
public final class ColumnarStatsCollector implements AutoCloseable {
  private final StatsExpressionPlan plan;
  private final StatsJsonAggregator engine;
  private final Schema schema;
  private final Map<String, Long> open = new LinkedHashMap<>();
  private final Map<String, String> results = new HashMap<>();
  private long nextId;

  private ColumnarStatsCollector(StatsExpressionPlan plan, BufferAllocator allocator) {
    this.plan = plan;
    this.engine = new StatsJsonAggregator(plan, allocator);
    this.schema = engine.arrowSchema();
  }

  /**
   * From Delta's stats expression as a job tracker holds it.
   *
   * @throws UnsupportedStatsException when the expression cannot run natively
   */
  public static ColumnarStatsCollector create(DeltaJobStatisticsTracker tracker, BufferAllocator allocator)
      throws UnsupportedStatsException {
    return create(tracker.dataCols(), EvalShim.prepareForEval(tracker, tracker.statsColExpr()), allocator);
  }

  /** From data columns and a stats expression already prepared for evaluation. */
  public static ColumnarStatsCollector create(Seq<Attribute> dataCols, Expression statsColExpr,
      BufferAllocator allocator) throws UnsupportedStatsException {
    return new ColumnarStatsCollector(StatsExpressionPlan.analyze(dataCols, statsColExpr), allocator);
  }

  /**
   * For the Delta table at {@code tablePath} with its current schema, properties and session
   * confs, exactly as a write to it would collect statistics now.
   *
   * @throws UnsupportedStatsException when stats collection is off or cannot run natively
   */
  public static ColumnarStatsCollector forTable(SparkSession spark, String tablePath, BufferAllocator allocator)
      throws UnsupportedStatsException {
    DeltaLog log = DeltaLog.forTable(spark, tablePath);
    OptimisticTransaction txn = log.startTransaction();
    StructType tableSchema = txn.metadata().schema();
    var output = ScalaColl.seq(List.<Attribute>copyOf(ScalaColl.asJava(DataTypeUtils.toAttributes(tableSchema))));
    Path dataPath = log.dataPath();
    var pair = txn.getOptionalStatsTrackerAndStatsCollection(output, dataPath,
        txn.metadata().physicalPartitionSchema(), spark.emptyDataFrame());
    if (pair._1().isEmpty()) {
      throw new UnsupportedStatsException("statistics collection is disabled for " + tablePath);
    }
    return create(pair._1().get(), allocator);
  }

  /** The Arrow schema batches must follow. */
  public Schema arrowSchema() {
    return schema;
  }

  /** The same schema as the row batcher takes it (with each field's source ordinal). */
  public InputSchema inputSchema() {
    return plan.inputSchema();
  }

  public void beginFile(String filePath) {
    if (open.containsKey(filePath)) {
      throw new IllegalStateException("file already open: " + filePath);
    }
    long id = nextId++;
    engine.begin(id);
    open.put(filePath, id);
  }

  /** Aggregates one batch into the file (the root stays owned by the caller). */
  public void addBatch(String filePath, VectorSchemaRoot batch) {
    Long id = open.get(filePath);
    if (id == null) {
      throw new IllegalStateException("addBatch for a file that is not open: " + filePath);
    }
    if (batch.getSchema().equals(schema)) {
      engine.add(id, batch);
      return;
    }
    List<Field> wanted = schema.getFields();
    FieldVector[] picked = new FieldVector[wanted.size()];
    for (int i = 0; i < picked.length; i++) {
      FieldVector v = batch.getVector(wanted.get(i).getName());
      if (v == null || !v.getField().getType().equals(wanted.get(i).getType())
          || !v.getField().getChildren().equals(wanted.get(i).getChildren())) {
        throw new IllegalArgumentException("column " + wanted.get(i).getName() + ": batch "
            + (v == null ? "lacks it" : "has " + v.getField() + ", expected " + wanted.get(i)));
      }
      picked[i] = v;
    }
    VectorSchemaRoot view = new VectorSchemaRoot(List.of(picked));
    view.setRowCount(batch.getRowCount());
    engine.add(id, view); // not closed: the vectors belong to the caller's root
  }

  /** Closes the file and returns its stats JSON, as Delta would store it. */
  public String finishFile(String filePath) {
    Long id = open.remove(filePath);
    if (id == null) {
      throw new IllegalStateException("finishFile for a file that is not open: " + filePath);
    }
    String json = engine.finish(id, -1);
    results.put(new Path(filePath).getName(), json);
    return json;
  }

  /** Finishes open files and returns all results keyed by file name (Delta's task result). */
  public DeltaFileStatistics finalStats() {
    for (String p : List.copyOf(open.keySet())) {
      finishFile(p);
    }
    return new DeltaFileStatistics(ScalaColl.map(results));
  }

  @Override
  public void close() {
    for (long id : open.values()) {
      engine.abort(id);
    }
    open.clear();
    engine.close();
  }
}
