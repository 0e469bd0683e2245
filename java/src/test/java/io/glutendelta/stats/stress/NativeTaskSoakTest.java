package io.glutendelta.stats.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import io.glutendelta.stats.engine.AggregatorCounters;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Soak of one native task: 10 000 files (200 000 with -Dgds.heavy=true), several batches each,
 * some files interleaved and some aborted, with strings of varying length. Leaks show up as
 * Arrow memory left in the allocator, native state bytes growing after warm-up, or process RSS
 * growing between the two halves of the run.
 */
public class NativeTaskSoakTest {
  private static final int FILES = StressEnv.size(10_000, 200_000);
  private static final int ROWS = 64;
  /**
   * RSS growth allowed between the end of the first and of the second half (measured 0.0 MiB with
   * the pre-touched heap of the child JVM). Generous against
   * allocator and JIT noise, yet far below what a per-file leak of the native state would add:
   * even 1 KiB per file (several hundred bytes of min/max strings plus maps) is ~5 MiB per
   * 5 000 files, and a leaked batch import is ~10 KiB per file.
   */
  private static final long RSS_GROWTH_BOUND = 24L << 20;

  /** Strings of 1..200 bytes, made once: per-row garbage would make the JVM heap (and RSS) grow. */
  private static final byte[][] STRINGS = new byte[200][];

  static {
    for (int i = 0; i < STRINGS.length; i++) {
      STRINGS[i] = "x".repeat(i + 1).getBytes(StandardCharsets.UTF_8);
    }
  }

  private static Field nullable(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
  }

  private static Schema schema() {
    return new Schema(List.of(
        nullable("id", new ArrowType.Int(64, true)),
        nullable("s", ArrowType.Utf8.INSTANCE),
        nullable("n", ArrowType.Struct.INSTANCE,
            nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            nullable("m", new ArrowType.Decimal(20, 2, 128)))));
  }

  /** Fills {@code root} with rows derived from {@code file} and {@code batch}; every 7th row has nulls. */
  private static void fill(VectorSchemaRoot root, int file, int batch) {
    BigIntVector id = (BigIntVector) root.getVector(0);
    VarCharVector s = (VarCharVector) root.getVector(1);
    StructVector n = (StructVector) root.getVector(2);
    Float8Vector d = (Float8Vector) n.getChild("d");
    DecimalVector m = (DecimalVector) n.getChild("m");
    root.allocateNew();
    for (int r = 0; r < ROWS; r++) {
      long v = (long) file * 1000 + batch * ROWS + r;
      id.setSafe(r, v);
      if (r % 7 == 3) {
        s.setNull(r);
        n.setNull(r);
      } else {
        // lengths cycle 1..200 bytes so the string min/max buffers are exercised, not just reused
        s.setSafe(r, STRINGS[(int) ((v * 31) % STRINGS.length)]);
        n.setIndexDefined(r);
        d.setSafe(r, v / 3.0);
        m.setSafe(r, v * 100 + 7);
      }
    }
    root.setRowCount(ROWS);
  }

  /**
   * The soak runs in a child JVM with a fixed, pre-touched heap: in a JVM whose heap is still
   * growing, RSS (and even RSS minus committed memory, through G1's side tables) grows by tens of
   * MiB with no native leak at all, which would hide or fake one.
   */
  @Test
  void tenThousandFilesThroughOneTaskStayFlat() throws Exception {
    StressEnv.ChildResult r = StressEnv.runChildJvm(
        List.of("-Xms512m", "-Xmx512m", "-XX:+AlwaysPreTouch"), NativeTaskSoakTest.class);
    System.out.println(r.output().lines().filter(l -> l.startsWith("GDS-")).findFirst().orElse("no GDS line"));
    assertEquals(0, r.exitCode(), r.tail());
    assertTrue(r.output().contains("GDS-SOAK engine: " + FILES + " files"), r.tail());
  }

  /** Child-JVM entry point: exit 0 when every bound held. */
  public static void main(String[] args) {
    int code = 0;
    try {
      soak();
    } catch (Throwable t) {
      t.printStackTrace(System.out);
      code = 1;
    }
    System.out.flush();
    System.exit(code);
  }

  private static void soak() {
    Schema schema = schema();
    long rssHalf = 0;
    long nativeHalf = 0;
    long stateAfterWarmup = -1;
    long maxState = 0;
    long started = System.nanoTime();
    try (BufferAllocator allocator = new RootAllocator()) {
      try (NativeAggregator task = NativeAggregator.create(allocator, schema);
           VectorSchemaRoot a = VectorSchemaRoot.create(schema, allocator);
           VectorSchemaRoot b = VectorSchemaRoot.create(schema, allocator)) {
        long finished = 0;
        for (int file = 0; file < FILES; file += 2) {
          // two files open at once, batches interleaved, as a partitioned writer does
          task.beginFile(file);
          task.beginFile(file + 1);
          for (int batch = 0; batch < 3; batch++) {
            fill(a, file, batch);
            task.addBatch(file, a);
            fill(b, file + 1, batch);
            task.addBatch(file + 1, b);
          }
          FileAggregates fs = task.finishFile(file);
          finished++;
          assertEquals(3L * ROWS, fs.numRecords());
          assertEquals((long) file * 1000, fs.minLong(0));
          if (file % 10 == 8) {
            task.abortFile(file + 1); // a failed/rolled-back file every so often
          } else {
            assertEquals(3L * ROWS, task.finishFile(file + 1).numRecords());
            finished++;
          }
          AggregatorCounters c = task.counters();
          assertEquals(0, c.openFiles());
          assertEquals(finished, c.filesFinished());
          if (file == 200) {
            stateAfterWarmup = c.stateBytes();
          } else if (file > 200) {
            maxState = Math.max(maxState, c.stateBytes());
          }
          if (file == FILES / 2) {
            rssHalf = StressEnv.rssBytes();
            nativeHalf = StressEnv.nativeResidentBytes();
          }
        }
        long rssEnd = StressEnv.rssBytes();
        long nativeEnd = StressEnv.nativeResidentBytes();
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("GDS-SOAK engine: %d files, %.0f files/s, native state %d B after warm-up, "
                + "max %d B, RSS half %s end %s; RSS outside JVM-committed memory half %s end %s (growth %s); "
                + "RSS growth %s (bound %s), Arrow bytes before close %d%n",
            FILES, FILES / seconds, stateAfterWarmup, maxState, StressEnv.mib(rssHalf),
            StressEnv.mib(rssEnd), StressEnv.mib(nativeHalf), StressEnv.mib(nativeEnd),
            StressEnv.mib(nativeEnd - nativeHalf), StressEnv.mib(rssEnd - rssHalf), StressEnv.mib(RSS_GROWTH_BOUND), allocator.getAllocatedMemory());
        assertTrue(maxState <= stateAfterWarmup, "native state grew after warm-up from "
            + stateAfterWarmup + " to " + maxState + " bytes");
        assertTrue(rssEnd - rssHalf < RSS_GROWTH_BOUND, "RSS grew by " + StressEnv.mib(rssEnd - rssHalf)
            + " over the second half of " + FILES + " files");
        assertEquals(FILES, task.counters().filesFinished() + FILES / 10);
      }
      // the task's C Data struct and every exported batch went back to the allocator
      assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory left after close");
    }
  }
}
