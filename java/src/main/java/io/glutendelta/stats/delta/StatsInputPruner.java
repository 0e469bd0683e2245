package io.glutendelta.stats.delta;

import io.glutendelta.stats.batching.InputField;
import io.glutendelta.stats.batching.InputSchema;
import io.glutendelta.stats.compat.ScalaColl;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.collection.Seq;

/**
 * The rows the engine needs for a list of aggregates: only the referenced data columns, structs
 * pruned to their referenced fields (so a null parent still nulls its leaves), and leaves
 * without min/max reduced to their validity. Each aggregate is bound to its leaf's position in
 * the schema's depth-first order.
 */
final class StatsInputPruner {
  private StatsInputPruner() {}

  /**
   * @param schema what the row batcher copies and the engine aggregates
   * @param leafOf per aggregate (same order): its leaf in {@code schema}, -1 for numRecords
   */
  record PrunedInput(InputSchema schema, int[] leafOf) {}

  static PrunedInput prune(Seq<Attribute> dataCols, List<StatsAggregate> aggregates)
      throws UnsupportedStatsException {
    List<Attribute> cols = ScalaColl.asJava(dataCols);
    Node root = new Node(null, -1, null);
    for (StatsAggregate a : aggregates) {
      if (a.kind() != StatsAggregate.Kind.NUM_RECORDS) {
        root.add(a.path(), cols, a.kind().needsMinMax());
      }
    }
    Map<Node, InputField> fieldOf = new IdentityHashMap<>();
    InputSchema schema = new InputSchema(root.toInputFields(fieldOf));
    int[] leafOf = new int[aggregates.size()];
    for (int i = 0; i < leafOf.length; i++) {
      StatsAggregate a = aggregates.get(i);
      if (a.kind() == StatsAggregate.Kind.NUM_RECORDS) {
        leafOf[i] = -1;
        continue;
      }
      Node n = root.find(a.path());
      if (!n.children.isEmpty()) {
        throw new UnsupportedStatsException("statistic on a struct that also has statistics on its fields");
      }
      leafOf[i] = schema.leafIndex(fieldOf.get(n));
    }
    return new PrunedInput(schema, leafOf);
  }

  /** One referenced field: a leaf, or a struct with its referenced children by ordinal. */
  private static final class Node {
    final String name;
    final int ordinal;
    final DataType type;
    final TreeMap<Integer, Node> children = new TreeMap<>();
    boolean minMax;

    Node(String name, int ordinal, DataType type) {
      this.name = name;
      this.ordinal = ordinal;
      this.type = type;
    }

    void add(List<Integer> path, List<Attribute> cols, boolean withMinMax) {
      Node cur = this;
      for (int depth = 0; depth < path.size(); depth++) {
        int ord = path.get(depth);
        Node next = cur.children.get(ord);
        if (next == null) {
          StructField f = depth == 0 ? null : ((StructType) cur.type).fields()[ord];
          String n = depth == 0 ? cols.get(ord).name() : f.name();
          DataType t = depth == 0 ? cols.get(ord).dataType() : f.dataType();
          next = new Node(n, ord, t);
          cur.children.put(ord, next);
        }
        cur = next;
      }
      cur.minMax |= withMinMax;
    }

    Node find(List<Integer> path) {
      Node cur = this;
      for (int ord : path) {
        cur = cur.children.get(ord);
      }
      return cur;
    }

    List<InputField> toInputFields(Map<Node, InputField> fieldOf) {
      List<InputField> fields = new ArrayList<>();
      for (Node c : children.values()) {
        InputField f;
        if (c.children.isEmpty()) {
          f = c.minMax ? InputField.leaf(c.name, c.ordinal, c.type) : InputField.nullCountOnly(c.name, c.ordinal);
        } else {
          f = InputField.struct(c.name, c.ordinal, ((StructType) c.type).fields().length, c.toInputFields(fieldOf));
        }
        fieldOf.put(c, f);
        fields.add(f);
      }
      return fields;
    }
  }
}
