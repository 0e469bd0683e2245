package io.glutendelta.stats.bench.tpcds;

import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Maps the generator's column types onto Spark types (identifier → bigint, integer → int,
 * decimal(p,s), date, char/varchar/time → string) and its string cells onto typed values. The
 * generator emits Java {@code null} for SQL NULL.
 */
public final class TpcdsSchemas {
  private TpcdsSchemas() {}

  public static StructType sparkSchema(Table table) {
    List<StructField> fields = new ArrayList<>();
    for (Column c : table.getColumns()) {
      fields.add(DataTypes.createStructField(c.getName(), sparkType(c.getType()), true));
    }
    return DataTypes.createStructType(fields);
  }

  static DataType sparkType(ColumnType t) {
    switch (t.getBase()) {
      case IDENTIFIER:
        return DataTypes.LongType;
      case INTEGER:
        return DataTypes.IntegerType;
      case DECIMAL:
        return DataTypes.createDecimalType(t.getPrecision().orElse(7), t.getScale().orElse(2));
      case DATE:
        return DataTypes.DateType;
      case CHAR:
      case VARCHAR:
      case TIME:
        return DataTypes.StringType;
      default:
        throw new IllegalArgumentException("unsupported TPC-DS column type " + t.getBase());
    }
  }

  /** Converts one generated row; {@code columns} must be {@code table.getColumns()}. */
  public static Row toRow(Column[] columns, List<String> cells) {
    if (cells.size() != columns.length) {
      throw new IllegalArgumentException("TPC-DS row has " + cells.size() + " cells, table "
          + columns[0].getTable().getName() + " has " + columns.length + " columns");
    }
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = toValue(columns[i], cells.get(i));
    }
    return RowFactory.create(values);
  }

  static Object toValue(Column column, String cell) {
    if (cell == null) {
      return null;
    }
    try {
      switch (column.getType().getBase()) {
        case IDENTIFIER:
          return Long.parseLong(cell);
        case INTEGER:
          return Integer.parseInt(cell);
        case DECIMAL:
          return new BigDecimal(cell);
        case DATE:
          return LocalDate.parse(cell); // needs spark.sql.datetime.java8API.enabled=true
        default:
          return cell;
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("column " + column.getName() + ": cannot parse '" + cell
          + "' as " + column.getType().getBase(), e);
    }
  }
}
