package io.glutendelta.stats.batching;

import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.types.BooleanType$;
import org.apache.spark.sql.types.DataType;

/**
 * One field of an {@link InputSchema}: where it lives in the source row (or source struct) and
 * what is copied from it. A leaf carries values of its Spark type; a null-count-only leaf carries
 * only validity (any source type: booleans, binaries, arrays, maps, ...); a struct carries the
 * referenced subset of its fields, so a null parent still nulls its leaves.
 */
public final class InputField {
  private final String name;
  private final int sourceOrdinal;
  /** Leaves: the Spark type of the values copied; null-count-only leaves: boolean. Structs: null. */
  private final DataType type;
  /** Leaves: the type table's entry for {@link #type}. Structs: null. */
  private final SparkLeafType leafType;
  /** Structs: how many fields the source struct has (Spark's getStruct needs it). */
  private final int sourceFields;
  private final List<InputField> children;

  private InputField(String name, int sourceOrdinal, DataType type, SparkLeafType leafType, int sourceFields,
      List<InputField> children) {
    if (sourceOrdinal < 0) {
      throw new IllegalArgumentException("column " + name + ": negative source ordinal " + sourceOrdinal);
    }
    this.name = Objects.requireNonNull(name, "name");
    this.sourceOrdinal = sourceOrdinal;
    this.type = type;
    this.leafType = leafType;
    this.sourceFields = sourceFields;
    this.children = children;
  }

  /**
   * A leaf whose values (of Spark type {@code type}) are copied from source field {@code sourceOrdinal}.
   *
   * @throws IllegalArgumentException naming the column when the type has no entry in {@link SparkLeafType}
   */
  public static InputField leaf(String name, int sourceOrdinal, DataType type) {
    SparkLeafType leafType = SparkLeafType.of(Objects.requireNonNull(type, "type"));
    if (leafType == null) {
      throw new IllegalArgumentException("column " + name + ": type " + type.simpleString()
          + " cannot be batched for native statistics");
    }
    return new InputField(name, sourceOrdinal, type, leafType, 0, List.of());
  }

  /** A leaf of which only validity is copied (its null count is all that is needed). */
  public static InputField nullCountOnly(String name, int sourceOrdinal) {
    return new InputField(name, sourceOrdinal, BooleanType$.MODULE$, SparkLeafType.NULL_COUNT_ONLY, 0, List.of());
  }

  /**
   * A struct of which only {@code children} are copied.
   *
   * @param sourceFields number of fields of the struct in the source row
   */
  public static InputField struct(String name, int sourceOrdinal, int sourceFields, List<InputField> children) {
    if (children.isEmpty()) {
      throw new IllegalArgumentException("struct " + name + " has no referenced fields");
    }
    for (InputField c : children) {
      if (c.sourceOrdinal >= sourceFields) {
        throw new IllegalArgumentException("column " + name + "." + c.name + ": source ordinal "
            + c.sourceOrdinal + " outside a struct of " + sourceFields + " fields");
      }
    }
    return new InputField(name, sourceOrdinal, null, null, sourceFields, List.copyOf(children));
  }

  public String name() {
    return name;
  }

  /** Position of the field in the source row or source struct. */
  public int sourceOrdinal() {
    return sourceOrdinal;
  }

  public boolean isStruct() {
    return type == null;
  }

  /** The Spark type of a leaf's values (boolean for null-count-only leaves); null for structs. */
  public DataType type() {
    return type;
  }

  /** Leaves: the type table's entry (how the leaf is batched, aggregated and read back); null for structs. */
  public SparkLeafType leafType() {
    return leafType;
  }

  /** Structs: the number of fields of the source struct. */
  public int sourceFields() {
    return sourceFields;
  }

  /** Structs: the copied fields, in batch order; empty for leaves. */
  public List<InputField> children() {
    return children;
  }

  @Override
  public String toString() {
    if (isStruct()) {
      StringBuilder sb = new StringBuilder(name).append('@').append(sourceOrdinal).append(":struct<");
      for (int i = 0; i < children.size(); i++) {
        sb.append(i == 0 ? "" : ",").append(children.get(i));
      }
      return sb.append('>').toString();
    }
    return name + '@' + sourceOrdinal + ':' + type.simpleString();
  }
}
