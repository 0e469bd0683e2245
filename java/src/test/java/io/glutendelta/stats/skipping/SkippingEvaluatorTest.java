package io.glutendelta.stats.skipping;

import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.tablestats.ColumnStats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/** Delta's skipping rules on a synthetic model (no Spark). */
class SkippingEvaluatorTest {

  /** f0 [MIN, -1], f1 [0, 10], f2 all null, f3 no stats, f4 [5, 5] with unknown null count. */
  private static TableStats model() {
    ColumnStats.Builder c = new ColumnStats.Builder("c", DataTypes.LongType, true, true);
    TableStats.Builder b = new TableStats.Builder(0, List.of(c), List.of());
    b.addFile("f0", 10, 4, 0, null, null, null);
    c.add(Long.MIN_VALUE, -1L, 0L);
    b.addFile("f1", 20, 4, 0, null, null, null);
    c.add(0L, 10L, 1L);
    b.addFile("f2", 30, 4, 0, null, null, null);
    c.add(null, null, 4L);
    b.addFile("f3", 40, -1, 0, null, null, null);
    c.add(null, null, null);
    b.addFile("f4", 50, 4, 0, null, null, null);
    c.add(5L, 5L, null);
    return b.build();
  }

  private static String read(Predicate p) {
    TableStats m = model();
    ScanEstimate e = new SkippingEvaluator(m).estimate(p);
    StringBuilder sb = new StringBuilder();
    e.filesRead().stream().forEach(f -> sb.append(m.path(f)).append(' '));
    return sb.toString().trim();
  }

  @Test
  void rules() {
    // f3 (no stats) and f4 (no null count) are always read when min/max are needed
    assertEquals("f0 f3 f4", read(Predicate.eq("c", Long.MIN_VALUE)));
    assertEquals("f1 f3 f4", read(Predicate.eq("c", 5L)));
    assertEquals("f0 f1 f3 f4", read(new Predicate.Not(Predicate.eq("c", 5L))));
    assertEquals("f1 f3 f4", read(new Predicate.Comparison("c", Predicate.Op.GE, 0L)));
    assertEquals("f1 f2 f3 f4", read(new Predicate.IsNull("c")));
    assertEquals("f0 f1 f3 f4", read(new Predicate.IsNotNull("c")));
    assertEquals("f1 f3 f4", read(new Predicate.Not(new Predicate.Comparison("c",
        Predicate.Op.LT, 0L))));
    // NOT IN cannot be used: every file is read
    assertEquals("f0 f1 f2 f3 f4", read(new Predicate.Not(new Predicate.In("c",
        List.of(1L, 2L)))));
    // OR with an unusable side reads everything; AND keeps the usable side
    Predicate opaque = new Predicate.Opaque("udf(c)");
    assertEquals("f0 f1 f2 f3 f4", read(new Predicate.Or(Predicate.eq("c", 5L), opaque)));
    assertEquals("f1 f3 f4", read(new Predicate.And(opaque, Predicate.eq("c", 5L))));
    // De Morgan: NOT (c < 0 OR c > 10) == c >= 0 AND c <= 10
    assertEquals("f1 f3 f4", read(new Predicate.Not(new Predicate.Or(
        new Predicate.Comparison("c", Predicate.Op.LT, 0L),
        new Predicate.Comparison("c", Predicate.Op.GT, 10L)))));
    // = NULL never matches, files with complete stats are skipped
    assertEquals("f3 f4", read(Predicate.eq("c", null)));
  }

  @Test
  void badInputNamesTheColumn() {
    TableStats m = model();
    SkippingEvaluator e = new SkippingEvaluator(m);
    IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
        () -> e.estimate(Predicate.eq("c", "text")));
    assertTrue(wrongType.getMessage().contains("column c"), wrongType.getMessage());
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> e.estimate(Predicate.eq("nope", 1L)));
    assertTrue(unknown.getMessage().contains("nope"), unknown.getMessage());
    IllegalArgumentException ineligible = assertThrows(IllegalArgumentException.class,
        () -> new ColumnStats.Builder("flag", DataTypes.BooleanType, true, true));
    assertTrue(ineligible.getMessage().contains("flag"), ineligible.getMessage());
  }
}
