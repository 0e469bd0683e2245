package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.engine.LeafColumn;
import io.glutendelta.stats.engine.LeafKind;
import io.glutendelta.stats.engine.NativeAggregator;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.junit.jupiter.api.Test;

/**
 * The type table agrees with the engine: each entry's Arrow type is read by the engine as the
 * entry's leaf kind, and the engine numbers the leaves of an input schema as the schema does.
 * (This replaces a run-time comparison of the two walks at every task start.)
 */
class SparkLeafTypeTest {
  /** One Spark type per entry. */
  private static final Map<SparkLeafType, DataType> SAMPLE = Map.ofEntries(
      Map.entry(SparkLeafType.NULL_COUNT_ONLY, DataTypes.BooleanType),
      Map.entry(SparkLeafType.BYTE, DataTypes.ByteType),
      Map.entry(SparkLeafType.SHORT, DataTypes.ShortType),
      Map.entry(SparkLeafType.INT, DataTypes.IntegerType),
      Map.entry(SparkLeafType.LONG, DataTypes.LongType),
      Map.entry(SparkLeafType.FLOAT, DataTypes.FloatType),
      Map.entry(SparkLeafType.DOUBLE, DataTypes.DoubleType),
      Map.entry(SparkLeafType.DECIMAL, DataTypes.createDecimalType(18, 4)),
      Map.entry(SparkLeafType.WIDE_DECIMAL, DataTypes.createDecimalType(38, 18)),
      Map.entry(SparkLeafType.DATE, DataTypes.DateType),
      Map.entry(SparkLeafType.TIMESTAMP, DataTypes.TimestampType),
      Map.entry(SparkLeafType.TIMESTAMP_NTZ, DataTypes.TimestampNTZType),
      Map.entry(SparkLeafType.STRING, DataTypes.StringType));

  @Test
  void everyEntryIsReadByTheEngineAsItsKind() {
    assertEquals(EnumSet.allOf(SparkLeafType.class), EnumSet.copyOf(SAMPLE.keySet()));
    for (Map.Entry<SparkLeafType, DataType> e : SAMPLE.entrySet()) {
      SparkLeafType t = e.getKey();
      assertEquals(t, SparkLeafType.of(e.getValue()), e.getValue().simpleString());
      assertEquals(t.engineKind(), LeafKind.of(t.arrowType(e.getValue()), t.name()), t.name());
      assertEquals(t.engineKind().collectsMinMax(), t.collectsMinMax(), t.name());
      assertEquals(t.collectsMinMax(), SparkLeafType.minMaxEligible(e.getValue()), t.name());
    }
    assertEquals(18, ((org.apache.arrow.vector.types.pojo.ArrowType.Decimal)
        SparkLeafType.WIDE_DECIMAL.arrowType(DataTypes.createDecimalType(38, 18))).getScale());
  }

  @Test
  void typesWithoutValuesAreNullCountOnlyOrRejected() {
    assertNull(SparkLeafType.of(DataTypes.BinaryType));
    assertNull(SparkLeafType.of(DataTypes.createArrayType(DataTypes.IntegerType)));
    assertNull(SparkLeafType.of(DataTypes.CalendarIntervalType));
    assertFalse(SparkLeafType.minMaxEligible(DataTypes.BooleanType));
    assertFalse(SparkLeafType.minMaxEligible(DataTypes.BinaryType));
    assertTrue(SparkLeafType.minMaxEligible(DataTypes.createDecimalType(38, 0)));
  }

  @Test
  void engineNumbersTheLeavesAsTheInputSchemaDoes() {
    List<InputField> top = new ArrayList<>();
    List<InputField> inner = new ArrayList<>();
    int ordinal = 0;
    for (SparkLeafType t : SparkLeafType.values()) {
      DataType type = SAMPLE.get(t);
      top.add(InputField.leaf("c" + t.name(), ordinal++, type));
      inner.add(InputField.leaf("s" + t.name(), inner.size() * 2, type));
    }
    top.add(1, InputField.struct("st", ordinal++, 2 * inner.size(),
        List.of(InputField.leaf("sINT", 6, DataTypes.IntegerType), InputField.struct("deep", 2 * inner.size() - 1, 2 * inner.size(), inner))));
    top.add(InputField.nullCountOnly("arr", ordinal));
    InputSchema schema = new InputSchema(top);
    try (BufferAllocator alloc = new RootAllocator();
         NativeAggregator task = NativeAggregator.create(alloc, schema.arrowSchema())) {
      List<LeafColumn> leaves = task.leaves();
      assertEquals(schema.leafCount(), leaves.size());
      assertEquals(2 * SparkLeafType.values().length + 2, leaves.size());
      for (int i = 0; i < leaves.size(); i++) {
        InputField f = schema.leaf(i);
        assertEquals(f.name(), leaves.get(i).path().get(leaves.get(i).path().size() - 1), "leaf " + i);
        assertEquals(f.leafType().engineKind(), leaves.get(i).kind(), "leaf " + i);
        assertEquals(i, schema.leafIndex(f));
      }
      assertEquals(List.of("st", "sINT"), leaves.get(1).path());
      assertEquals(List.of("st", "deep", "sBYTE"), leaves.get(3).path());
    }
  }
}
