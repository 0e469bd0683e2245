package io.glutendelta.stats.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class TpcdsSchemasTest {
  @Test
  void storeSalesMapsToBigintIntAndDecimal72() {
    StructType s = TpcdsSchemas.sparkSchema(Table.STORE_SALES);
    assertEquals(23, s.fields().length);
    assertEquals(DataTypes.LongType, s.apply("ss_item_sk").dataType());
    assertEquals(DataTypes.IntegerType, s.apply("ss_quantity").dataType());
    assertEquals(DataTypes.createDecimalType(7, 2), s.apply("ss_net_profit").dataType());
    assertEquals(DataTypes.StringType, TpcdsSchemas.sparkSchema(Table.ITEM).apply("i_item_id").dataType());
  }

  @Test
  void generatedRowBecomesTypedRowWithNulls() {
    Column[] cols = Table.STORE_SALES.getColumns();
    List<String> cells = Arrays.asList(new String[23]);
    cells.set(2, "3617");
    cells.set(10, "79");
    cells.set(22, "-779.73");
    Row r = TpcdsSchemas.toRow(cols, cells);
    assertNull(r.get(0));
    assertEquals(3617L, r.get(2));
    assertEquals(79, r.get(10));
    assertEquals(new BigDecimal("-779.73"), r.get(22));
  }

  @Test
  void badCellNamesColumnAndWrongArityIsRejected() {
    Column[] cols = Table.STORE_SALES.getColumns();
    List<String> cells = Arrays.asList(new String[23]);
    cells.set(10, "x7");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TpcdsSchemas.toRow(cols, cells));
    assertTrue(e.getMessage().contains("ss_quantity"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TpcdsSchemas.toRow(cols, Collections.nCopies(3, "1")));
  }

  @Test
  void rangesCoverAllRowsOnceOneBased() {
    List<long[]> r = TpcdsParquetCache.ranges(45, 20);
    assertEquals(3, r.size());
    assertEquals(1, r.get(0)[0]);
    assertEquals(20, r.get(0)[1]);
    assertEquals(41, r.get(2)[0]);
    assertEquals(45, r.get(2)[1]);
    assertEquals("sf1", TpcdsParquetCache.scaleDirName(1));
    assertEquals("sf0_1", TpcdsParquetCache.scaleDirName(0.1));
  }
}
