package io.glutendelta.stats.bench.tpcds;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * TPC-DS tables generated once per scale factor into Parquet ({@code <root>/sf<N>/<table>}) so
 * that benchmark runs read a cached source and never time the generator. The generator's row
 * API is slow (string formatting), so rows are produced in parallel by explicit row ranges, one
 * Spark partition per range; a table directory counts as complete only once it was renamed
 * into place.
 */
public final class TpcdsParquetCache {
  /** Generator "rows" per range: ticket numbers for the sales tables, plain rows otherwise. */
  private static final long ROWS_PER_RANGE = 20_000;

  private final SparkSession spark;
  private final Path scaleDir;
  private final double scaleFactor;

  public TpcdsParquetCache(SparkSession spark, Path root, double scaleFactor) {
    if (!(scaleFactor > 0)) {
      throw new IllegalArgumentException("scale factor must be > 0, got " + scaleFactor);
    }
    this.spark = spark;
    this.scaleFactor = scaleFactor;
    this.scaleDir = root.resolve(scaleDirName(scaleFactor));
  }

  public static String scaleDirName(double sf) {
    String s = sf == Math.rint(sf) ? Long.toString((long) sf) : Double.toString(sf);
    return "sf" + s.replace('.', '_');
  }

  /** Where {@link #ensure} keeps {@code tableName} (no Spark needed: for launchers of child JVMs). */
  public static Path tableDir(Path root, double scaleFactor, String tableName) {
    return root.resolve(scaleDirName(scaleFactor)).resolve(table(tableName).getName());
  }

  /** Returns the Parquet directory of {@code tableName}, generating it first if missing. */
  public Path ensure(String tableName) {
    Table table = table(tableName);
    Path dir = scaleDir.resolve(table.getName());
    if (Files.isDirectory(dir)) {
      return dir;
    }
    long t0 = System.nanoTime();
    Path tmp = scaleDir.resolve(table.getName() + ".tmp");
    Dirs.deleteRecursively(tmp);
    long generatorRows = Session.getDefaultSession().withScale(scaleFactor)
        .getScaling().getRowCount(table);
    List<long[]> ranges = ranges(generatorRows, ROWS_PER_RANGE);
    System.out.printf(Locale.ROOT, "[tpcds] generating %s %s: %d generator rows in %d ranges -> %s%n",
        table.getName(), scaleDirName(scaleFactor), generatorRows, ranges.size(), dir);
    final String name = table.getName();
    final double sf = scaleFactor;
    JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
        .parallelize(ranges, ranges.size())
        .flatMap(r -> generate(name, sf, r[0], r[1]));
    // Few, evenly sized files so that every write task in the benchmark gets similar work.
    int files = Math.max(2, Math.min(16, ranges.size()));
    spark.createDataFrame(rows, TpcdsSchemas.sparkSchema(table))
        .coalesce(files)
        .write().parquet(tmp.toString());
    try {
      Files.createDirectories(scaleDir);
      Files.move(tmp, dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + tmp + " to " + dir, e);
    }
    System.out.printf(Locale.ROOT, "[tpcds] %s ready in %.1f s%n", name, (System.nanoTime() - t0) / 1e9);
    return dir;
  }

  /**
   * Every TPC-DS table ({@code --tables all}): the generator's base tables without
   * {@code dbgen_version}, which describes the generator run rather than holding data.
   */
  public static List<String> allTables() {
    return Table.getBaseTables().stream().filter(t -> t != Table.DBGEN_VERSION).map(Table::getName).toList();
  }

  /** Fails with the list of valid names when {@code name} is not a TPC-DS table. */
  public static void requireTable(String name) {
    table(name);
  }

  static Table table(String name) {
    try {
      return Table.getTable(name.toLowerCase(Locale.ROOT));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("unknown TPC-DS table '" + name + "' (tables: all or "
          + String.join(",", allTables()) + ")", e);
    }
  }

  /** Splits rows 1..total (inclusive, 1-based as the generator wants) into ranges. */
  static List<long[]> ranges(long total, long perRange) {
    List<long[]> out = new ArrayList<>();
    for (long first = 1; first <= total; first += perRange) {
      out.add(new long[] {first, Math.min(total, first + perRange - 1)});
    }
    return out;
  }

  private static Iterator<Row> generate(String tableName, double sf, long first, long last) {
    Table table = Table.getTable(tableName);
    Session session = Session.getDefaultSession().withScale(sf).withTable(table);
    Column[] columns = table.getColumns();
    Iterator<List<List<String>>> it = Results.constructResults(table, first, last, session).iterator();
    return new Iterator<>() {
      @Override public boolean hasNext() {
        return it.hasNext();
      }

      @Override public Row next() {
        // withTable(...) generates only this table: element 0 is its row.
        return TpcdsSchemas.toRow(columns, it.next().get(0));
      }
    };
  }
}
