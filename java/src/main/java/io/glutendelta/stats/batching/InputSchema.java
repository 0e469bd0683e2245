package io.glutendelta.stats.batching;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The columns a batch copies out of each source row: the batching side's own schema, with the
 * source ordinals given explicitly. The depth-first leaf order (the order of the engine's per-file
 * result) is derived here, and the Arrow schema of the batches walks the fields in the same order,
 * so every consumer numbers the leaves the same way. The Arrow schema is built on first use: the
 * driver analyses a write's statistics without it, and on a cluster never loads Arrow's schema
 * classes (and the Jackson ones they pull in) for it.
 */
public final class InputSchema {
  private final List<InputField> fields;
  private final List<InputField> leaves = new ArrayList<>();
  private final Map<InputField, Integer> leafIndex = new IdentityHashMap<>();
  /** Built on first use; racy but idempotent, and a Schema's fields are final. */
  private Schema arrowSchema;

  public InputSchema(List<InputField> fields) {
    this.fields = List.copyOf(fields);
    for (InputField f : this.fields) {
      numberLeaves(f, f.name());
    }
  }

  public static InputSchema of(InputField... fields) {
    return new InputSchema(List.of(fields));
  }

  private void numberLeaves(InputField f, String path) {
    if (f.isStruct()) {
      for (InputField c : f.children()) {
        numberLeaves(c, path + "." + c.name());
      }
      return;
    }
    if (leafIndex.put(f, leaves.size()) != null) {
      throw new IllegalArgumentException("column " + path + ": the same field object appears twice");
    }
    leaves.add(f);
  }

  private static Field arrowField(InputField f) {
    if (f.isStruct()) {
      List<Field> children = new ArrayList<>();
      for (InputField c : f.children()) {
        children.add(arrowField(c));
      }
      return new Field(f.name(), FieldType.nullable(ArrowType.Struct.INSTANCE), children);
    }
    return new Field(f.name(), FieldType.nullable(f.leafType().arrowType(f.type())), null);
  }

  /** Top-level fields, in batch order. */
  public List<InputField> fields() {
    return fields;
  }

  /** The Arrow schema of the batches (every field nullable). */
  public Schema arrowSchema() {
    Schema s = arrowSchema;
    if (s == null) {
      List<Field> arrow = new ArrayList<>();
      for (InputField f : fields) {
        arrow.add(arrowField(f));
      }
      s = new Schema(arrow);
      arrowSchema = s;
    }
    return s;
  }

  public int leafCount() {
    return leaves.size();
  }

  /** Leaf {@code i} in depth-first order (struct children walked). */
  public InputField leaf(int i) {
    return leaves.get(i);
  }

  /** The depth-first position of {@code leaf}, a leaf object of this schema. */
  public int leafIndex(InputField leaf) {
    Integer i = leafIndex.get(leaf);
    if (i == null) {
      throw new IllegalArgumentException(leaf + " is not a leaf of this schema");
    }
    return i;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("struct<");
    for (int i = 0; i < fields.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(fields.get(i));
    }
    return sb.append('>').toString();
  }
}
