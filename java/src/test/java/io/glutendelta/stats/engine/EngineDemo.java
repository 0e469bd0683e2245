package io.glutendelta.stats.engine;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams generated Arrow batches for a few interleaved files through the native engine and prints
 * each file's statistics. Proves the jar works standalone (library extracted from the jar, no
 * {@code java.library.path}). Arguments: [files (default 3)] [batches per file (default 4)]
 * [rows per batch (default 10000)]. Exit code 0 when every file got stats.
 */
public final class EngineDemo {
  private EngineDemo() {}

  public static void main(String[] args) {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int batches = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int rows = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
    Schema schema = new Schema(List.of(
        field("ss_item_sk", new ArrowType.Int(64, true)),
        field("ss_quantity", new ArrowType.Int(32, true)),
        field("ss_sales_price", new ArrowType.Decimal(7, 2, 128)),
        field("ss_sold_date", new ArrowType.Date(DateUnit.DAY)),
        field("ss_sold_ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        field("ss_ratio", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("ss_store_name", new ArrowType.Utf8()),
        new Field("ss_customer", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
            field("id", new ArrowType.Int(32, true)), field("city", new ArrowType.Utf8())))));
    Random rnd = new Random(42);
    long startNanos = System.nanoTime();
    long totalRows = 0;
    long addBatchNanos = 0;
    try (BufferAllocator allocator = new RootAllocator();
         NativeAggregator task = NativeAggregator.create(allocator, schema);
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      for (int f = 0; f < files; f++) {
        task.beginFile(f);
      }
      // Round-robin over the open files, like Spark's concurrent dynamic-partition writer.
      for (int b = 0; b < batches; b++) {
        for (int f = 0; f < files; f++) {
          fill(root, rows, f, rnd);
          long t0 = System.nanoTime();
          task.addBatch(f, root);
          addBatchNanos += System.nanoTime() - t0;
          totalRows += rows;
        }
      }
      for (int f = 0; f < files; f++) {
        FileAggregates stats = task.finishFile(f);
        System.out.println("file " + f + ": numRecords=" + stats.numRecords());
        for (int i = 0; i < stats.leafCount(); i++) {
          System.out.println("  " + stats.leaf(i).name() + ": nullCount=" + stats.nullCount(i)
              + (stats.hasMinMax(i) ? " min=" + show(stats, i, false) + " max=" + show(stats, i, true) : ""));
        }
      }
      AggregatorCounters counters = task.counters();
      double seconds = (System.nanoTime() - startNanos) / 1e9;
      System.out.printf("done: %d files, %d batches, %d rows in %.3f s (including data generation); "
          + "addBatch (export + native) %.1f ns/row%n",
          counters.filesFinished(), counters.batches(), totalRows, seconds, (double) addBatchNanos / totalRows);
      if (counters.filesFinished() != files) {
        System.exit(1);
      }
    }
  }

  /** Dates and timestamps shown as calendar values (the engine returns days / microseconds). */
  private static Object show(FileAggregates stats, int i, boolean max) {
    Object value = max ? stats.max(i) : stats.min(i);
    switch (stats.leaf(i).kind()) {
      case DATE32:
        return LocalDate.ofEpochDay((Integer) value);
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
        long micros = (Long) value;
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
      default:
        return value;
    }
  }

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static void fill(VectorSchemaRoot root, int rows, int file, Random rnd) {
    root.allocateNew();
    BigIntVector item = (BigIntVector) root.getVector(0);
    IntVector quantity = (IntVector) root.getVector(1);
    DecimalVector price = (DecimalVector) root.getVector(2);
    DateDayVector date = (DateDayVector) root.getVector(3);
    TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector(4);
    Float8Vector ratio = (Float8Vector) root.getVector(5);
    VarCharVector store = (VarCharVector) root.getVector(6);
    StructVector customer = (StructVector) root.getVector(7);
    IntVector customerId = (IntVector) customer.getChild("id");
    VarCharVector city = (VarCharVector) customer.getChild("city");
    String[] stores = {"able", "ation", "bar", "ought", "\u00e9sprit", "\u6771\u4eac"};
    for (int i = 0; i < rows; i++) {
      item.setSafe(i, 1 + rnd.nextInt(200_000) + 1_000_000L * file);
      if (rnd.nextInt(50) == 0) {
        quantity.setNull(i);
        price.setNull(i);
      } else {
        quantity.setSafe(i, 1 + rnd.nextInt(100));
        price.setSafe(i, BigDecimal.valueOf(rnd.nextInt(20_000), 2));
      }
      date.setSafe(i, 10_957 + file * 365 + rnd.nextInt(365));
      ts.setSafe(i, (10_957L + file * 365 + rnd.nextInt(365)) * 86_400_000_000L + rnd.nextInt(86_400_000) * 1000L);
      ratio.setSafe(i, rnd.nextInt(1000) == 0 ? Double.NaN : rnd.nextDouble());
      store.setSafe(i, stores[rnd.nextInt(stores.length)].getBytes(StandardCharsets.UTF_8));
      customerId.setSafe(i, rnd.nextInt(100_000));
      city.setSafe(i, ("city" + rnd.nextInt(500)).getBytes(StandardCharsets.UTF_8));
      if (rnd.nextInt(20) == 0) {
        customer.setNull(i);
      } else {
        customer.setIndexDefined(i);
      }
    }
    root.setRowCount(rows);
  }
}
