package io.glutendelta.stats.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** The Java leaf walk must match the engine's result order and reject what it cannot take. */
class SchemaLeavesTest {
  private static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
  }

  @Test
  void depthFirstLeavesWithKinds() {
    Field map = f("m", new ArrowType.Map(false), new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(new Field("key", FieldType.notNullable(new ArrowType.Utf8()), null), f("value", new ArrowType.Int(64, true)))));
    Schema schema = new Schema(List.of(
        f("id", new ArrowType.Int(64, true)),
        f("s", ArrowType.Struct.INSTANCE,
            f("t", ArrowType.Struct.INSTANCE, f("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))),
            f("l", ArrowType.LargeList.INSTANCE, f("item", ArrowType.Struct.INSTANCE, f("x", new ArrowType.Int(8, true)))),
            f("ntz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))),
        map,
        f("b", ArrowType.Bool.INSTANCE),
        f("bin", new ArrowType.LargeBinary()),
        f("str", new ArrowType.LargeUtf8()),
        f("dec", new ArrowType.Decimal(20, 3, 128)),
        f("flt", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
    List<LeafColumn> leaves = SchemaLeaves.of(schema);
    assertEquals(List.of("id", "s.t.ts", "s.l", "s.ntz", "m", "b", "bin", "str", "dec", "flt"),
        leaves.stream().map(LeafColumn::name).toList());
    assertEquals(List.of(LeafKind.INT64, LeafKind.TIMESTAMP_MICROS, LeafKind.LIST, LeafKind.TIMESTAMP_NTZ_MICROS,
        LeafKind.MAP, LeafKind.BOOLEAN, LeafKind.BINARY, LeafKind.STRING, LeafKind.DECIMAL128, LeafKind.FLOAT32),
        leaves.stream().map(LeafColumn::kind).toList());
    for (int i = 0; i < leaves.size(); i++) {
      assertEquals(i, leaves.get(i).index());
    }
    assertEquals(List.of("s", "t", "ts"), leaves.get(1).path());
    assertEquals(3, leaves.get(8).decimalScale());
    assertTrue(leaves.get(0).collectsMinMax());
    assertTrue(!leaves.get(2).collectsMinMax() && !leaves.get(4).collectsMinMax() && !leaves.get(5).collectsMinMax()
        && !leaves.get(6).collectsMinMax());
  }

  @Test
  void rejectsUnsupportedTypesNamingThePath() {
    assertRejected(f("u", new ArrowType.Int(32, false)), "u");
    assertRejected(f("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)), "h");
    assertRejected(f("d", new ArrowType.Decimal(40, 2, 256)), "d");
    assertRejected(f("dm", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.MILLISECOND)), "dm");
    assertRejected(f("ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)), "ns");
    assertRejected(f("s", ArrowType.Struct.INSTANCE, f("dur", new ArrowType.Duration(TimeUnit.SECOND))), "s.dur");
    assertRejected(f("l", ArrowType.List.INSTANCE, f("item", new ArrowType.Time(TimeUnit.MILLISECOND, 32))), "l.item");
    assertRejected(f("fsb", new ArrowType.FixedSizeBinary(4)), "fsb");
    assertRejected(new Field("dict", new FieldType(true, new ArrowType.Utf8(),
        new DictionaryEncoding(1, false, new ArrowType.Int(32, true))), null), "dict");
  }

  private static void assertRejected(Field field, String path) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchemaLeaves.of(new Schema(List.of(field))));
    assertTrue(e.getMessage().startsWith("column " + path + ":"), e.getMessage());
  }
}
