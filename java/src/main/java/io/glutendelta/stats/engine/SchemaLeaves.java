package io.glutendelta.stats.engine;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Walks an Arrow schema the way the native engine does (depth-first; struct children are walked,
 * everything else is a leaf) and rejects types the engine does not support before any native
 * call, with an {@link IllegalArgumentException} naming the column. Types nested inside lists and
 * maps are checked too, since the engine validates their arrays.
 */
final class SchemaLeaves {
  private SchemaLeaves() {}

  static List<LeafColumn> of(Schema schema) {
    List<LeafColumn> leaves = new ArrayList<>();
    List<String> path = new ArrayList<>();
    for (Field field : schema.getFields()) {
      walk(field, path, leaves);
    }
    return List.copyOf(leaves);
  }

  private static void walk(Field field, List<String> path, List<LeafColumn> leaves) {
    path.add(field.getName());
    try {
      if (field.getType().getTypeID() == ArrowType.ArrowTypeID.Struct) {
        checkNotDictionary(field, path);
        for (Field child : field.getChildren()) {
          walk(child, path, leaves);
        }
      } else {
        LeafKind kind = kindOf(field, path);
        leaves.add(new LeafColumn(leaves.size(), path, field, kind));
      }
    } finally {
      path.remove(path.size() - 1);
    }
  }

  /**
   * Checks that batches of {@code actual} have the memory layout of {@code expected}: the same
   * Arrow types in the same tree shape (names, nullability and metadata may differ). The C Data
   * Interface carries no buffer sizes, so a batch of another type would make the native side read
   * past its buffers; this check stops it in Java.
   *
   * @throws IllegalArgumentException naming the first differing column
   */
  static void checkSameLayout(Schema expected, Schema actual) {
    checkSameLayout(expected.getFields(), actual.getFields(), "");
  }

  private static void checkSameLayout(List<Field> expected, List<Field> actual, String parent) {
    if (expected.size() != actual.size()) {
      throw new IllegalArgumentException("batch does not match the task schema: "
          + (parent.isEmpty() ? "top level" : "column " + parent) + " has " + actual.size()
          + " fields, expected " + expected.size());
    }
    for (int i = 0; i < expected.size(); i++) {
      Field e = expected.get(i);
      Field a = actual.get(i);
      String path = parent.isEmpty() ? e.getName() : parent + "." + e.getName();
      if (!e.getType().equals(a.getType())) {
        throw new IllegalArgumentException("batch does not match the task schema: column " + path
            + " is " + a.getType() + " (field '" + a.getName() + "'), expected " + e.getType());
      }
      checkSameLayout(e.getChildren(), a.getChildren(), path);
    }
  }

  /** The leaf kind of a non-struct field; checks nested list/map element types as well. */
  private static LeafKind kindOf(Field field, List<String> path) {
    checkNotDictionary(field, path);
    LeafKind kind = LeafKind.of(field.getType(), String.join(".", path));
    if (kind == LeafKind.LIST || kind == LeafKind.MAP) {
      checkNested(field, path);
    }
    return kind;
  }

  /** Element (and map entry) types must be supported too; structs inside are walked. */
  private static void checkNested(Field field, List<String> path) {
    for (Field child : field.getChildren()) {
      path.add(child.getName());
      try {
        if (child.getType().getTypeID() == ArrowType.ArrowTypeID.Struct) {
          checkNotDictionary(child, path);
          checkNested(child, path);
        } else {
          kindOf(child, path);
        }
      } finally {
        path.remove(path.size() - 1);
      }
    }
  }

  private static void checkNotDictionary(Field field, List<String> path) {
    if (field.getDictionary() != null) {
      throw new IllegalArgumentException("column " + String.join(".", path)
          + ": dictionary-encoded Arrow fields are not supported by the native stats engine");
    }
  }
}
