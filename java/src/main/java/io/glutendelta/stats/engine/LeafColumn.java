package io.glutendelta.stats.engine;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One leaf of the task's schema, in the engine's depth-first order: a non-struct field, reached
 * through zero or more struct parents. {@code index} is its position in {@link FileAggregates}.
 */
public final class LeafColumn {
  private final int index;
  private final List<String> path;
  private final Field field;
  private final LeafKind kind;

  LeafColumn(int index, List<String> path, Field field, LeafKind kind) {
    this.index = index;
    this.path = List.copyOf(path);
    this.field = Objects.requireNonNull(field);
    this.kind = Objects.requireNonNull(kind);
  }

  /** Position among the leaves (and in {@link FileAggregates}). */
  public int index() {
    return index;
  }

  /** Field names from the top-level column down to this leaf. */
  public List<String> path() {
    return path;
  }

  /** The path joined with dots, for messages. */
  public String name() {
    return String.join(".", path);
  }

  /** The leaf's Arrow field (its children, for lists and maps, are not separate leaves). */
  public Field field() {
    return field;
  }

  public LeafKind kind() {
    return kind;
  }

  /** Whether min/max are collected for this leaf (null counts always are). */
  public boolean collectsMinMax() {
    return kind.collectsMinMax();
  }

  /** The decimal scale; only for {@link LeafKind#DECIMAL128}. */
  public int decimalScale() {
    if (kind != LeafKind.DECIMAL128) {
      throw new IllegalStateException("column " + name() + " is " + kind + ", not a decimal");
    }
    return ((ArrowType.Decimal) field.getType()).getScale();
  }

  @Override
  public String toString() {
    return name() + ": " + kind + (collectsMinMax() ? "" : " (null count only)");
  }
}
