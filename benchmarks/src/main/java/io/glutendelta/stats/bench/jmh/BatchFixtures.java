package io.glutendelta.stats.bench.jmh;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow batches every stats path is measured on: one schema per type family plus
 * store_sales' 23 columns filled from the real TPC-DS generator. Seeded, about 5 % nulls, so
 * the three paths see identical input.
 */
public final class BatchFixtures {
  /** The type families of the microbenchmark. */
  public enum Family { INTS, DECIMALS, STRINGS, TIMESTAMPS, NESTED, WIDE }

  private static final double NULL_RATE = 0.05;

  private BatchFixtures() {}

  public static Family family(String name) {
    return Family.valueOf(name.toUpperCase(Locale.ROOT));
  }

  public static Schema schema(Family f) {
    return switch (f) {
      case INTS -> new Schema(List.of(leaf("i8", new ArrowType.Int(8, true)), leaf("i16", new ArrowType.Int(16, true)),
          leaf("i32", new ArrowType.Int(32, true)), leaf("i64", new ArrowType.Int(64, true))));
      case DECIMALS -> new Schema(List.of(leaf("d7_2", new ArrowType.Decimal(7, 2, 128)),
          leaf("d18_4", new ArrowType.Decimal(18, 4, 128)), leaf("d38_10", new ArrowType.Decimal(38, 10, 128))));
      case STRINGS -> new Schema(List.of(leaf("ascii", ArrowType.Utf8.INSTANCE), leaf("multibyte", ArrowType.Utf8.INSTANCE)));
      case TIMESTAMPS -> new Schema(List.of(leaf("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
          leaf("ts_ntz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), leaf("d", new ArrowType.Date(DateUnit.DAY))));
      case NESTED -> new Schema(List.of(
          new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
              leaf("a", new ArrowType.Int(64, true)), leaf("b", ArrowType.Utf8.INSTANCE),
              new Field("c", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                  leaf("d", new ArrowType.Int(32, true)),
                  leaf("e", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))),
          new Field("l", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
              new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null)))));
      case WIDE -> storeSalesSchema();
    };
  }

  /** Leaf columns (struct children walked; a list is one leaf) — the "values" of values/s. */
  public static int leafCount(Family f) {
    int n = 0;
    for (Field field : schema(f).getFields()) {
      n += leaves(field);
    }
    return n;
  }

  private static int leaves(Field f) {
    if (!(f.getType() instanceof ArrowType.Struct)) {
      return 1;
    }
    int n = 0;
    for (Field c : f.getChildren()) {
      n += leaves(c);
    }
    return n;
  }

  /** {@code batches} batches of {@code rows} rows each; the caller closes them. */
  public static List<VectorSchemaRoot> batches(Family f, BufferAllocator alloc, int batches, int rows, long seed) {
    List<VectorSchemaRoot> out = new ArrayList<>(batches);
    SplittableRandom rnd = new SplittableRandom(seed);
    Iterator<List<String>> tpcds = f == Family.WIDE ? storeSalesRows() : null;
    for (int b = 0; b < batches; b++) {
      VectorSchemaRoot root = VectorSchemaRoot.create(schema(f), alloc);
      root.allocateNew();
      for (FieldVector v : root.getFieldVectors()) {
        if (f == Family.WIDE) {
          continue;
        }
        fill(v, rows, rnd);
      }
      if (f == Family.WIDE) {
        fillStoreSales(root, rows, tpcds);
      }
      root.setRowCount(rows);
      out.add(root);
    }
    return out;
  }

  private static Field leaf(String name, ArrowType t) {
    return new Field(name, FieldType.nullable(t), null);
  }

  private static boolean isNull(SplittableRandom rnd) {
    return rnd.nextDouble() < NULL_RATE;
  }

  private static void fill(FieldVector v, int rows, SplittableRandom rnd) {
    for (int i = 0; i < rows; i++) {
      if (v instanceof StructVector s) {
        if (isNull(rnd)) {
          s.setNull(i);
        } else {
          s.setIndexDefined(i);
        }
        continue;
      }
      if (v instanceof ListVector l) {
        if (isNull(rnd)) {
          l.setNull(i);
          continue;
        }
        IntVector data = (IntVector) l.getDataVector();
        int start = l.startNewValue(i);
        int n = rnd.nextInt(4);
        for (int k = 0; k < n; k++) {
          data.setSafe(start + k, rnd.nextInt());
        }
        l.endValue(i, n);
        continue;
      }
      if (isNull(rnd)) {
        v.setNull(i);
        continue;
      }
      if (v instanceof TinyIntVector t) {
        t.setSafe(i, (byte) rnd.nextInt());
      } else if (v instanceof SmallIntVector t) {
        t.setSafe(i, (short) rnd.nextInt());
      } else if (v instanceof IntVector t) {
        t.setSafe(i, rnd.nextInt());
      } else if (v instanceof BigIntVector t) {
        t.setSafe(i, rnd.nextLong());
      } else if (v instanceof Float8Vector t) {
        t.setSafe(i, rnd.nextDouble() * 1e6 - 5e5);
      } else if (v instanceof DecimalVector t) {
        long bound = t.getPrecision() >= 19 ? Long.MAX_VALUE : pow10(t.getPrecision());
        BigDecimal d = BigDecimal.valueOf(rnd.nextLong(-bound + 1, bound), t.getScale());
        if (t.getPrecision() > 18) {
          d = d.multiply(BigDecimal.TEN.pow(t.getPrecision() - 19)).setScale(t.getScale());
        }
        t.setSafe(i, d);
      } else if (v instanceof VarCharVector t) {
        t.setSafe(i, randomString(rnd, "multibyte".equals(v.getName())).getBytes(StandardCharsets.UTF_8));
      } else if (v instanceof TimeStampMicroTZVector t) {
        t.setSafe(i, 946_684_800_000_000L + rnd.nextLong(0, 30L * 365 * 86_400_000_000L));
      } else if (v instanceof TimeStampMicroVector t) {
        t.setSafe(i, 946_684_800_000_000L + rnd.nextLong(0, 30L * 365 * 86_400_000_000L));
      } else if (v instanceof DateDayVector t) {
        t.setSafe(i, rnd.nextInt(0, 20_000));
      } else {
        throw new IllegalArgumentException("no filler for column " + v.getName() + " of " + v.getField().getType());
      }
    }
    for (FieldVector child : v.getChildrenFromFields()) {
      if (!(v instanceof ListVector)) {
        fill(child, rows, rnd);
      }
    }
    v.setValueCount(rows);
  }

  private static long pow10(int p) {
    long r = 1;
    for (int i = 0; i < p; i++) {
      r *= 10;
    }
    return r;
  }

  private static final String MULTI = "äöüßéèçñøåæœΩπλжяш中文字日本語한국어";

  private static String randomString(SplittableRandom rnd, boolean multibyte) {
    int len = 4 + rnd.nextInt(20);
    StringBuilder sb = new StringBuilder(len);
    for (int k = 0; k < len; k++) {
      sb.append(multibyte && rnd.nextInt(3) == 0 ? MULTI.charAt(rnd.nextInt(MULTI.length()))
          : (char) ('a' + rnd.nextInt(26)));
    }
    return sb.toString();
  }

  private static Schema storeSalesSchema() {
    List<Field> fields = new ArrayList<>();
    for (Column c : Table.STORE_SALES.getColumns()) {
      ArrowType t = switch (c.getType().getBase()) {
        case IDENTIFIER -> new ArrowType.Int(64, true);
        case INTEGER -> new ArrowType.Int(32, true);
        case DECIMAL -> new ArrowType.Decimal(c.getType().getPrecision().orElse(7), c.getType().getScale().orElse(2), 128);
        default -> throw new IllegalStateException("unexpected store_sales type " + c.getType().getBase());
      };
      fields.add(leaf(c.getName(), t));
    }
    return new Schema(fields);
  }

  private static Iterator<List<String>> storeSalesRows() {
    Session session = Session.getDefaultSession().withScale(1).withTable(Table.STORE_SALES);
    Iterator<List<List<String>>> it = Results.constructResults(Table.STORE_SALES, session).iterator();
    return new Iterator<>() {
      @Override public boolean hasNext() {
        return it.hasNext();
      }

      @Override public List<String> next() {
        return it.next().get(0);
      }
    };
  }

  private static void fillStoreSales(VectorSchemaRoot root, int rows, Iterator<List<String>> gen) {
    List<FieldVector> vs = root.getFieldVectors();
    for (int i = 0; i < rows; i++) {
      List<String> cells = gen.next();
      for (int c = 0; c < vs.size(); c++) {
        String cell = cells.get(c);
        FieldVector v = vs.get(c);
        if (cell == null) {
          v.setNull(i);
        } else if (v instanceof BigIntVector t) {
          t.setSafe(i, Long.parseLong(cell));
        } else if (v instanceof IntVector t) {
          t.setSafe(i, Integer.parseInt(cell));
        } else {
          ((DecimalVector) v).setSafe(i, new BigDecimal(cell));
        }
      }
    }
    for (FieldVector v : vs) {
      v.setValueCount(rows);
    }
  }
}
