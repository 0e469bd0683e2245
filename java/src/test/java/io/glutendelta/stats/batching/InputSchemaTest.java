package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * The leaf numbering (the order of the engine's per-file result) and the Arrow schema of the
 * batches are two walks of the same fields; the engine reads leaves by position, so they must
 * agree, nested structs included.
 */
class InputSchemaTest {

  private static final InputField A = InputField.leaf("a", 0, DataTypes.IntegerType);
  private static final InputField X = InputField.leaf("x", 0, DataTypes.StringType);
  private static final InputField Z = InputField.leaf("z", 1, DataTypes.LongType);
  private static final InputField Y = InputField.struct("y", 2, 2, List.of(Z));
  private static final InputField S = InputField.struct("s", 1, 3, List.of(X, Y));
  private static final InputField B = InputField.nullCountOnly("b", 2);

  private static void arrowLeaves(Field f, String path, List<String> out) {
    if (f.getType() instanceof ArrowType.Struct) {
      for (Field c : f.getChildren()) {
        arrowLeaves(c, path + f.getName() + ".", out);
      }
    } else {
      out.add(path + f.getName());
    }
  }

  @Test
  void leavesAreNumberedInTheArrowSchemasDepthFirstOrder() {
    InputSchema schema = InputSchema.of(A, S, B);
    List<String> arrow = new ArrayList<>();
    for (Field f : schema.arrowSchema().getFields()) {
      arrowLeaves(f, "", arrow);
    }
    assertEquals(List.of("a", "s.x", "s.y.z", "b"), arrow);
    assertEquals(4, schema.leafCount());
    List<InputField> expected = List.of(A, X, Z, B);
    for (int i = 0; i < expected.size(); i++) {
      assertSame(expected.get(i), schema.leaf(i));
      assertEquals(i, schema.leafIndex(expected.get(i)));
    }
    assertSame(schema.arrowSchema(), schema.arrowSchema());
  }

  @Test
  void aFieldObjectUsedTwiceIsRefusedWhenTheSchemaIsBuilt() {
    InputField twice = InputField.struct("t", 3, 2, List.of(Z));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InputSchema.of(Y, twice));
    assertEquals("column t.z: the same field object appears twice", e.getMessage());
  }
}
