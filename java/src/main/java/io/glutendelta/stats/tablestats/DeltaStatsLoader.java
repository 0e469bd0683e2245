package io.glutendelta.stats.tablestats;

import io.glutendelta.stats.compat.ScalaColl;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import io.glutendelta.stats.line.SnapshotShim;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaColumnMapping$;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.skipping.clustering.ClusteringColumnInfo$;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * Loads a {@link TableStats} from a Delta table's current snapshot: the parsed stats that
 * Delta's own data skipping uses ({@code Snapshot.withStats}), streamed to the driver row by
 * row so only the columnar model is retained.
 */
public final class DeltaStatsLoader {
  private DeltaStatsLoader() {}

  /** Current snapshot of the table at {@code path} (refreshed). */
  public static Snapshot snapshot(SparkSession spark, String path) {
    DeltaLog log = DeltaLog.forTable(spark, path);
    return log.update(false, Option.empty(), Option.empty());
  }

  /** The table as of {@code version} (time travel), for before/after comparisons. */
  public static Snapshot snapshotAt(SparkSession spark, String path, long version) {
    return SnapshotShim.snapshotAt(DeltaLog.forTable(spark, path), version);
  }

  /** Logical clustering columns of the snapshot (empty when the table is not clustered). */
  public static List<String> clusteringColumns(Snapshot snapshot) {
    return ScalaColl.asJava(ClusteringColumnInfo$.MODULE$.extractLogicalNames(snapshot));
  }

  /**
   * Loads the table's files with stats for {@code columns}. With no columns given, the
   * clustering columns are used, or every top-level column with min/max statistics when the
   * table is not clustered.
   */
  public static TableStats load(SparkSession spark, String path, List<String> columns) {
    return load(snapshot(spark, path), columns);
  }

  public static TableStats load(Snapshot snapshot, List<String> columns) {
    StructType schema = snapshot.metadata().schema();
    StructType statsSchema = snapshot.statsSchema();
    List<String> clustering = clusteringColumns(snapshot);
    List<String> wanted = columns == null || columns.isEmpty()
        ? (clustering.isEmpty() ? defaultColumns(schema, statsSchema) : clustering)
        : columns;

    List<Column> select = new ArrayList<>();
    select.add(col("path"));
    select.add(col("size"));
    select.add(col("stats.numRecords").cast("long"));
    select.add(col("deletionVector.cardinality"));
    select.add(col("clusteringProvider"));
    select.add(col("tags").getItem("ZCUBE_ID"));
    select.add(col("tags").getItem("ZCUBE_ZORDER_BY"));
    List<ColumnStats.Builder> builders = new ArrayList<>();
    for (String name : wanted) {
      Resolved r = resolve(schema, name);
      String physical = r.physicalPath;
      boolean minMax = hasStat(statsSchema, "minValues", physical)
          && hasStat(statsSchema, "maxValues", physical);
      boolean nulls = hasStat(statsSchema, "nullCount", physical);
      builders.add(new ColumnStats.Builder(r.logicalPath, r.type, minMax, nulls));
      select.add(minMax ? col("stats.minValues." + physical) : lit(null));
      select.add(minMax ? col("stats.maxValues." + physical) : lit(null));
      select.add(nulls ? col("stats.nullCount." + physical).cast("long") : lit(null));
    }
    TableStats.Builder model = new TableStats.Builder(snapshot.version(), builders,
        clustering);
    Iterator<Row> rows = snapshot.withStats().select(select.toArray(new Column[0]))
        .toLocalIterator();
    while (rows.hasNext()) {
      Row r = rows.next();
      model.addFile(r.getString(0), r.getLong(1), r.isNullAt(2) ? -1 : r.getLong(2),
          r.isNullAt(3) ? 0 : r.getLong(3), r.getString(4), r.getString(5), r.getString(6));
      for (int c = 0; c < builders.size(); c++) {
        int base = 7 + 3 * c;
        builders.get(c).add(r.get(base), r.get(base + 1),
            r.isNullAt(base + 2) ? null : r.getLong(base + 2));
      }
    }
    return model.build();
  }

  private static List<String> defaultColumns(StructType schema, StructType statsSchema) {
    List<String> out = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (f.dataType() instanceof StructType) {
        continue;
      }
      try {
        ColumnStats.kindOf(f.name(), f.dataType());
      } catch (IllegalArgumentException notEligible) {
        continue;
      }
      String phys = DeltaColumnMapping$.MODULE$.getPhysicalName(f);
      if (hasStat(statsSchema, "minValues", quote(phys))) {
        out.add(f.name());
      }
    }
    return out;
  }

  private record Resolved(String logicalPath, String physicalPath, DataType type) {}

  /** Resolves a dotted (optionally back-quoted) name case-insensitively to its physical path. */
  static Resolved resolve(StructType schema, String name) {
    List<String> parts = splitName(name);
    StructType current = schema;
    StringBuilder logical = new StringBuilder();
    StringBuilder physical = new StringBuilder();
    DataType type = null;
    for (int i = 0; i < parts.size(); i++) {
      if (current == null) {
        throw new IllegalArgumentException("column " + name + ": " + logical
            + " is not a struct, cannot resolve the rest of the name");
      }
      StructField found = null;
      for (StructField f : current.fields()) {
        if (f.name().equalsIgnoreCase(parts.get(i))) {
          found = f;
          break;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException("column " + name + " does not exist in the table "
            + "schema " + schema.simpleString());
      }
      if (i > 0) {
        logical.append('.');
        physical.append('.');
      }
      logical.append(quoteIfNeeded(found.name()));
      physical.append(quote(DeltaColumnMapping$.MODULE$.getPhysicalName(found)));
      type = found.dataType();
      current = type instanceof StructType st ? st : null;
    }
    ColumnStats.kindOf(name, type); // rejects ineligible types with the column name
    return new Resolved(logical.toString(), physical.toString(), type);
  }

  public static List<String> splitName(String name) {
    List<String> parts = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < name.length(); i++) {
      char ch = name.charAt(i);
      if (ch == '`') {
        if (quoted && i + 1 < name.length() && name.charAt(i + 1) == '`') {
          cur.append('`');
          i++;
        } else {
          quoted = !quoted;
        }
      } else if (ch == '.' && !quoted) {
        parts.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(ch);
      }
    }
    if (quoted || name.isEmpty()) {
      throw new IllegalArgumentException("column name '" + name + "' is malformed");
    }
    parts.add(cur.toString());
    return parts;
  }

  private static String quoteIfNeeded(String part) {
    return part.contains(".") || part.contains("`") ? quote(part) : part;
  }

  private static String quote(String part) {
    return "`" + part.replace("`", "``") + "`";
  }

  private static boolean hasStat(StructType statsSchema, String statType, String quotedPath) {
    DataType t = statsSchema;
    List<String> path = new ArrayList<>();
    path.add(statType);
    path.addAll(splitName(quotedPath));
    for (String p : path) {
      if (!(t instanceof StructType st)) {
        return false;
      }
      StructField next = null;
      for (StructField f : st.fields()) {
        if (f.name().equals(p)) {
          next = f;
          break;
        }
      }
      if (next == null) {
        return false;
      }
      t = next.dataType();
    }
    return !(t instanceof StructType);
  }
}
