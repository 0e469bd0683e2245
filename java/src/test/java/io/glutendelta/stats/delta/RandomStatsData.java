package io.glutendelta.stats.delta;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Seeded rows covering every stats type and the edge cases of delta-stats-semantics.md §12:
 * integer extremes, NaN/±Infinity/-0.0/subnormals, decimals up to precision 38 with tiny
 * values, dates and timestamps before 1970 (with micros) and beyond year 9999, strings around
 * the 32-character cut with multi-byte, surrogate pairs, U+007F/U+0080/U+FFFF/U+10FFFF, binary,
 * boolean, arrays, maps, nested structs with null parents, an all-null column and a struct with
 * only ineligible leaves.
 */
final class RandomStatsData {
  private RandomStatsData() {}

  static final StructType SCHEMA = StructType.fromDDL(String.join(", ",
      "p INT", "b TINYINT", "sh SMALLINT", "i INT", "l BIGINT", "f FLOAT", "d DOUBLE",
      "dec5 DECIMAL(5,2)", "dec18 DECIMAL(18,4)", "dec38 DECIMAL(38,18)", "dec20 DECIMAL(20,0)",
      "dt DATE", "ts TIMESTAMP", "tsn TIMESTAMP_NTZ", "s STRING", "s2 STRING", "bin BINARY",
      "bool BOOLEAN", "arr ARRAY<INT>", "mp MAP<STRING,INT>",
      "st STRUCT<a: INT, b: STRUCT<c: STRING, d: DOUBLE>, e: BOOLEAN>",
      "onlyIneligible STRUCT<f: BOOLEAN, g: BINARY>", "allNull STRING"));

  private static final String[] PIECES = {"a", "z", "Z", "0", "~", "\u007E", "\u007F", "\u0080", "é",
      "中", "\uFFFF", "\uE000", "\uD800\uDC00", "😀", "\uDBFF\uDFFF", " ", "é"};

  static List<Row> rows(long seed, int n, int partitions) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      out.add(RowFactory.create(
          r.nextInt(partitions),
          nullable(r, 0.1, () -> pick(r, new Byte[] {Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1}, (byte) r.nextInt())),
          nullable(r, 0.1, () -> pick(r, new Short[] {Short.MIN_VALUE, Short.MAX_VALUE, 0}, (short) r.nextInt())),
          nullable(r, 0.1, () -> pick(r, new Integer[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0}, r.nextInt())),
          nullable(r, 0.1, () -> pick(r, new Long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0L}, r.nextLong())),
          nullable(r, 0.1, () -> pick(r, new Float[] {Float.NaN, Float.POSITIVE_INFINITY,
              Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE, -Float.MAX_VALUE, Float.MAX_VALUE},
              (r.nextFloat() - 0.5f) * 1e6f)),
          nullable(r, 0.1, () -> pick(r, new Double[] {Double.NaN, Double.POSITIVE_INFINITY,
              Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, -Double.MAX_VALUE, 1.0e10},
              (r.nextDouble() - 0.5) * 1e12)),
          nullable(r, 0.1, () -> BigDecimal.valueOf(r.nextInt(199999) - 99999, 2)),
          nullable(r, 0.1, () -> pick(r, new BigDecimal[] {new BigDecimal("0.0000"),
              new BigDecimal("-99999999999999.9999")}, BigDecimal.valueOf(r.nextLong() % 999999999999999999L, 4))),
          nullable(r, 0.1, () -> pick(r, new BigDecimal[] {new BigDecimal(BigInteger.ZERO, 18),
              new BigDecimal(BigInteger.ONE, 18), new BigDecimal(BigInteger.ONE.negate(), 18),
              new BigDecimal("99999999999999999999.999999999999999999")},
              new BigDecimal(new BigInteger(120, r).subtract(BigInteger.ONE.shiftLeft(119)), 18))),
          nullable(r, 0.1, () -> new BigDecimal(new BigInteger(64, r).negate().add(BigInteger.valueOf(r.nextInt(1000))), 0)),
          nullable(r, 0.1, () -> pick(r, new LocalDate[] {LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31),
              LocalDate.of(1969, 12, 31)}, LocalDate.ofEpochDay(r.nextInt(40000) - 20000))),
          nullable(r, 0.1, () -> pick(r, new Instant[] {Instant.ofEpochSecond(0, -1000),
              Instant.ofEpochSecond(-1, 999_999_000), Instant.parse("0900-06-07T01:02:03.456789Z"),
              Instant.parse("+12345-06-07T08:09:10.111213Z")},
              Instant.ofEpochSecond(r.nextInt() % 4_000_000_000L, r.nextInt(1_000_000) * 1000L))),
          nullable(r, 0.1, () -> pick(r, new LocalDateTime[] {LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000)},
              LocalDateTime.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000) * 1000, ZoneOffset.UTC))),
          nullable(r, 0.1, () -> string(r)),
          nullable(r, 0.5, () -> string(r)),
          nullable(r, 0.2, () -> new byte[] {(byte) r.nextInt(), (byte) r.nextInt()}),
          nullable(r, 0.2, r::nextBoolean),
          nullable(r, 0.2, () -> List.of(r.nextInt(), r.nextInt())),
          nullable(r, 0.2, () -> Map.of("k" + r.nextInt(5), r.nextInt())),
          nullable(r, 0.15, () -> RowFactory.create(
              nullable(r, 0.2, r::nextInt),
              nullable(r, 0.2, () -> RowFactory.create(nullable(r, 0.2, () -> string(r)),
                  nullable(r, 0.2, () -> pick(r, new Double[] {Double.NaN, -0.0, 0.0}, r.nextDouble())))),
              nullable(r, 0.2, r::nextBoolean))),
          nullable(r, 0.3, () -> RowFactory.create(nullable(r, 0.3, r::nextBoolean), nullable(r, 0.3, () -> new byte[] {1}))),
          null));
    }
    return out;
  }

  /** Strings shorter, at and longer than the 32 cut, with interesting characters near it. */
  static String string(Random r) {
    StringBuilder sb = new StringBuilder();
    int mode = r.nextInt(6);
    int len = switch (mode) {
      case 0 -> r.nextInt(4);
      case 1 -> 31 + r.nextInt(3);
      case 2 -> 64 + r.nextInt(8);
      default -> r.nextInt(48);
    };
    for (int i = 0; i < len; i++) {
      sb.append(r.nextInt(3) == 0 ? PIECES[r.nextInt(PIECES.length)] : String.valueOf((char) ('a' + r.nextInt(26))));
    }
    if (mode == 5) {
      // A prefix of exactly 32 units followed by a tail of U+10FFFF (max gets omitted) or a cut char.
      String head = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz";
      String[] tails = {"\uDBFF\uDFFF\uDBFF\uDFFF", "\u007F", "\u0080", "\u007E", "😀", ""};
      return head + tails[r.nextInt(tails.length)];
    }
    return sb.toString();
  }

  private static <T> T pick(Random r, T[] edges, T random) {
    return r.nextInt(8) == 0 ? edges[r.nextInt(edges.length)] : random;
  }

  private static Object nullable(Random r, double pNull, java.util.function.Supplier<?> v) {
    return r.nextDouble() < pNull ? null : v.get();
  }

  static StructType schema() {
    return SCHEMA;
  }
}
