package io.glutendelta.stats.bench.jmh;

import io.glutendelta.stats.bench.tpcds.Dirs;
import java.io.IOException;
import java.nio.file.Files;

import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.stats.DeltaJobStatisticsTracker;
import org.apache.spark.sql.delta.stats.DeltaTaskStatisticsTracker;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Delta's own per-file statistics tracker, built exactly as a Delta write builds it (from a
 * real table's transaction, so {@code statsColExpr} is Delta's), fed with rows that a
 * columnar-to-row transition produces from Arrow batches — what a native (columnar) writer had
 * to do before native statistics.
 */
public final class DeltaTrackerHarness implements AutoCloseable {
  private final SparkSession spark;
  private final java.nio.file.Path tableDir;
  private final DeltaJobStatisticsTracker job;
  private final DeltaTaskStatisticsTracker tracker;

  public DeltaTrackerHarness(org.apache.arrow.vector.types.pojo.Schema arrowSchema) throws IOException {
    this(ArrowUtils.fromArrowSchema(arrowSchema));
  }

  /** A table of this schema; Delta's job and task tracker of a write to it. */
  public DeltaTrackerHarness(StructType schema) throws IOException {
    spark = SparkSession.builder()
        .appName("gds-jmh-delta-tracker")
        .master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.databricks.delta.snapshotPartitions", "1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
    tableDir = Files.createTempDirectory("gds-jmh-delta");
    String path = tableDir.resolve("t").toString();
    spark.createDataFrame(List.<Row>of(), schema).write().format("delta").save(path);
    Dataset<Row> df = spark.read().format("delta").load(path);
    OptimisticTransaction txn = DeltaLog.forTable(spark, path).startTransaction();
    job = txn.getOptionalStatsTrackerAndStatsCollection(
        df.queryExecution().analyzed().output(), new Path(path), new StructType(), df)._1().get();
    tracker = (DeltaTaskStatisticsTracker) job.newTaskInstance();
  }

  /** One file through Delta's tracker: rows of every batch via C2R, then the stats JSON. */
  public String statsForFile(String file, List<ColumnarBatch> batches) {
    tracker.newFile(file);
    for (ColumnarBatch b : batches) {
      Iterator<InternalRow> it = b.rowIterator();
      while (it.hasNext()) {
        tracker.newRow(file, it.next());
      }
    }
    tracker.closeFile(file);
    return tracker.results().remove(file).get();
  }

  /** One file of rows (e.g. UnsafeRows as a row-based writer passes them) through Delta's tracker. */
  public String statsForRows(String file, List<? extends InternalRow> rows) {
    tracker.newFile(file);
    for (InternalRow r : rows) {
      tracker.newRow(file, r);
    }
    tracker.closeFile(file);
    return tracker.results().remove(file).get();
  }

  /** Delta's job tracker for the table: the source of statsColExpr for our collector too. */
  public DeltaJobStatisticsTracker jobTracker() {
    return job;
  }

  /** Spark's zero-copy columnar view of an Arrow batch (what a columnar writer holds). */
  public static ColumnarBatch columnar(VectorSchemaRoot root) {
    List<FieldVector> vs = root.getFieldVectors();
    ColumnVector[] cols = new ColumnVector[vs.size()];
    for (int i = 0; i < cols.length; i++) {
      cols[i] = new ArrowColumnVector(vs.get(i));
    }
    return new ColumnarBatch(cols, root.getRowCount());
  }

  @Override
  public void close() {
    spark.stop();
    Dirs.deleteRecursively(tableDir);
  }
}
