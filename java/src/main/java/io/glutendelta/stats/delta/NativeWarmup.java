package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputField;
import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.batching.RowBatcher;
import io.glutendelta.stats.engine.NativeAggregator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.unsafe.types.UTF8String;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does, once per JVM and on a daemon thread, the one-time work the first native statistics
 * task would otherwise do on its own thread while its write waits: extract, verify and load
 * the native library, set up Arrow's allocator and C Data export, and load the classes of the
 * row path by running one small batch of every kind the batcher transposes through it and a
 * native task. A few rows only: enough to load and link; a run long enough to get the loops
 * compiled would train the JIT on the warm-up's columns instead of the application's (tried
 * with a quarter million rows: no gain in the cold write, slower second writes). Started when
 * an executor JVM starts (the plugin's executor side; not in local mode, see the plugin),
 * usually well before tasks arrive; a first
 * write that comes sooner finds it in progress (class initialisation makes a task wait for the
 * part still running, never repeat it). A failure here changes nothing: the write path makes
 * its own checks and falls back as before.
 */
public final class NativeWarmup {
  private static final Logger LOG = LoggerFactory.getLogger(NativeWarmup.class);
  private static final int FIELDS = 8;
  private static final AtomicBoolean STARTED = new AtomicBoolean();
  private static final CountDownLatch FINISHED = new CountDownLatch(1);
  private static volatile boolean succeeded;

  private NativeWarmup() {}

  /** Starts the warm-up unless it already ran in this JVM. */
  public static void startInBackground() {
    if (!STARTED.compareAndSet(false, true)) {
      return;
    }
    Thread t = new Thread(NativeWarmup::run, "gluten-delta-stats-warmup");
    t.setDaemon(true);
    t.start();
  }

  static void run() {
    long t0 = System.nanoTime();
    try {
      if (!NativeStatsRuntime.hookUsable()) { // loads the library; logs nothing, the driver reports
        return;
      }
      InputSchema schema = InputSchema.of(InputField.leaf("n", 0, DataTypes.LongType),
          InputField.leaf("i", 1, DataTypes.IntegerType), InputField.leaf("d", 2, DataTypes.createDecimalType(7, 2)),
          InputField.leaf("s", 3, DataTypes.StringType), InputField.leaf("day", 4, DataTypes.DateType),
          InputField.leaf("b", 5, DataTypes.ByteType), InputField.leaf("h", 6, DataTypes.ShortType),
          InputField.nullCountOnly("flag", 7));
      UnsafeRow[] rows = rows();
      try (BufferAllocator allocator = ArrowUtils.rootAllocator().newChildAllocator("gluten-delta-stats warm-up", 0, Long.MAX_VALUE);
           RowBatcher batch = new RowBatcher(schema, allocator, rows.length);
           NativeAggregator task = NativeAggregator.create(allocator, batch.schema())) {
        for (UnsafeRow r : rows) {
          batch.append(r);
        }
        task.beginFile(0);
        task.addBatch(0, batch.seal());
        task.finishFile(0);
      }
      succeeded = true;
      LOG.debug("gluten-delta-stats: native path warmed up in {} ms", (System.nanoTime() - t0) / 1_000_000);
    } catch (RuntimeException | LinkageError e) {
      LOG.debug("gluten-delta-stats: warm-up failed (writes check and fall back on their own)", e);
    } finally {
      FINISHED.countDown();
    }
  }

  /** A few distinct rows of every kind the batcher transposes, one of them all nulls. */
  private static UnsafeRow[] rows() {
    UnsafeRow[] rows = new UnsafeRow[8];
    for (int k = 0; k < rows.length; k++) {
      UnsafeRowWriter w = new UnsafeRowWriter(FIELDS);
      w.resetRowWriter();
      if (k == rows.length - 1) {
        for (int f = 0; f < FIELDS; f++) {
          w.setNullAt(f);
        }
      } else {
        w.write(0, 1_000_000L * k - 7);
        w.write(1, 31 * k - 100);
        w.write(2, Decimal.apply(12_345L * k, 7, 2), 7, 2);
        w.write(3, UTF8String.fromString("warm-up row " + k));
        w.write(4, 19_000 + k);
        w.write(5, (byte) k);
        w.write(6, (short) (k * 300));
        w.write(7, k % 2 == 0);
      }
      rows[k] = w.getRow().copy();
    }
    return rows;
  }

  /** Test seam: whether anything started the warm-up in this JVM. */
  static boolean started() {
    return STARTED.get();
  }

  /** Test seam: waits for this JVM's warm-up to end; true when it ran the whole native path. */
  static boolean awaitSuccess(long seconds) throws InterruptedException {
    return FINISHED.await(seconds, TimeUnit.SECONDS) && succeeded;
  }
}
