package io.glutendelta.stats.skipping;

import io.glutendelta.stats.compat.ScalaColl;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.stats.DeltaScan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluator must pick exactly the files Delta's own {@code Snapshot.filesForScan} picks,
 * on random predicates over three layouts of real tables.
 */
class SkippingEvaluatorDeltaTest {
  private static final int PREDICATES_PER_LAYOUT = 25;
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("skipping-vs-delta", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @Test
  void randomLayoutMatchesDelta() {
    String path = SkippingTables.randomLayout(spark, dir);
    int pruningCases = compareWithDelta(path, 101);
    assertTrue(pruningCases > 5, "too few predicates pruned anything: " + pruningCases);
  }

  @Test
  void sortedLayoutMatchesDelta() {
    String path = SkippingTables.sortedLayout(spark, dir);
    int pruningCases = compareWithDelta(path, 202);
    assertTrue(pruningCases > 5, "too few predicates pruned anything: " + pruningCases);
  }

  @Test
  void clusteredLayoutMatchesDelta() {
    String path = SkippingTables.clusteredLayout(spark, dir);
    TableStats m = DeltaStatsLoader.load(spark, path, List.of());
    assertEquals(List.of("x", "ts"), m.clusteringColumns());
    int clustered = 0;
    for (int i = 0; i < m.numFiles(); i++) {
      if ("liquid".equals(m.clusteringProvider(i))) {
        clustered++;
        assertTrue(m.zCubeId(i) != null, "clustered file without ZCUBE_ID");
      }
    }
    assertTrue(clustered > 0 && clustered < m.numFiles(), "clustered files: " + clustered);
    int pruningCases = compareWithDelta(path, 303);
    assertTrue(pruningCases > 5, "too few predicates pruned anything: " + pruningCases);
  }

  /**
   * Hand-picked boundary cases, each checked against Delta and against the expected count:
   * the 1 ms timestamp widening, a string past the 32-character prefix, an all-null file,
   * a file without stats, Long.MIN_VALUE bounds and NaN.
   */
  @Test
  void directedEdgeCasesMatchDelta() {
    String path = dir.resolve("edges").toString();
    StructType schema = new StructType().add("ts", DataTypes.TimestampType)
        .add("s", DataTypes.StringType).add("n", DataTypes.LongType)
        .add("f", DataTypes.DoubleType);
    String longA = SkippingTables.PREFIX + "aaaa";
    String longZ = SkippingTables.PREFIX + "zzzz";
    List<Row> f1 = List.of(RowFactory.create(SkippingTables.microsToTimestamp(1_000_500L), longA,
        Long.MIN_VALUE, Double.NaN));
    List<Row> f2 = List.of(RowFactory.create(SkippingTables.microsToTimestamp(5_000_000L), longZ,
        0L, 1.0));
    List<Row> f3 = List.of(RowFactory.create(null, null, null, null)); // all null
    spark.createDataFrame(f1, schema).coalesce(1).write().format("delta").save(path);
    spark.createDataFrame(f2, schema).coalesce(1).write().format("delta").mode("append")
        .save(path);
    spark.createDataFrame(f3, schema).coalesce(1).write().format("delta").mode("append")
        .save(path);
    spark.conf().set("spark.databricks.delta.stats.collect", "false");
    try { // a file without stats: always read
      spark.createDataFrame(f2, schema).coalesce(1).write().format("delta").mode("append")
          .save(path);
    } finally {
      spark.conf().unset("spark.databricks.delta.stats.collect");
    }
    Snapshot snapshot = DeltaStatsLoader.snapshot(spark, path);
    TableStats model = DeltaStatsLoader.load(snapshot, List.of("ts", "s", "n", "f"));
    SkippingEvaluator evaluator = new SkippingEvaluator(model);
    List<Attribute> attrs = ScalaColl.asJava(spark.read().format("delta").load(path)
        .queryExecution().analyzed().output());
    java.time.Instant t1 = java.time.Instant.ofEpochSecond(1, 500_000); // 1.000500 s
    Object[][] cases = {
        // predicate, files Delta reads (of 4: f1, f2, all-null, no-stats)
        {Predicate.eq("ts", t1), 2}, // stats say max 1.000 s; widened max keeps f1
        {new Predicate.Comparison("ts", Predicate.Op.GT, t1.minusNanos(300_000)), 3},
        // both strings share the 32-char prefix: truncated bounds bracket either value
        {Predicate.eq("s", longA), 3},
        {Predicate.eq("s", SkippingTables.PREFIX + "m"), 3},
        {Predicate.eq("s", "b"), 1}, // above prefix + U+007F tie-breaker: pruned
        {new Predicate.IsNull("s"), 2},
        {new Predicate.IsNotNull("s"), 3},
        {Predicate.eq("n", Long.MIN_VALUE), 2},
        {new Predicate.Comparison("n", Predicate.Op.LT, -5L), 2},
        {new Predicate.Comparison("f", Predicate.Op.GT, 2.0), 2}, // NaN is the largest double
        {new Predicate.Not(Predicate.eq("n", 0L)), 2},
        // an all-null IN list matches nothing: even the file without stats is skipped
        {new Predicate.In("n", java.util.Arrays.asList(null, null)), 0},
    };
    for (Object[] c : cases) {
      Predicate p = (Predicate) c[0];
      RandomPredicates builder = new RandomPredicates(1, List.of());
      Expression e = builder.toCatalyst(p, attrs);
      Set<String> delta = new TreeSet<>();
      for (AddFile f : ScalaColl.asJava(
          snapshot.filesForScan(ScalaColl.seq(List.of(e)), false)
              .files())) {
        delta.add(f.path());
      }
      ScanEstimate ours = evaluator.estimate(CatalystPredicates.fromCatalyst(e));
      Set<String> mine = new TreeSet<>();
      ours.filesRead().stream().forEach(f -> mine.add(model.path(f)));
      assertEquals(delta, mine, "file sets differ for " + p.describe());
      assertEquals((int) c[1], mine.size(), "files read for " + p.describe());
    }
  }

  /**
   * Predicates as users write them in SQL, where the analyzer casts literals to the column's type
   * ({@code id = 7} on a BIGINT column is {@code id = CAST(7 AS BIGINT)}) and keeps BETWEEN as a
   * replaceable expression: converted from the DataFrame, they must skip the files Delta's scan
   * skips, and each of them prunes here.
   */
  @Test
  void sqlTextPredicatesWithCastLiteralsMatchDelta() {
    String path = dir.resolve("sql-literals").toString();
    // every column rises with id, and the 8 files hold disjoint id ranges: each predicate prunes
    spark.range(0, 800).selectExpr("id", "CAST(id AS DECIMAL(10,2)) / 10 AS amt", "CAST(id AS DOUBLE) AS f",
        "date_add(DATE'2020-01-01', CAST(id DIV 10 AS INT)) AS d")
        .repartitionByRange(8, org.apache.spark.sql.functions.col("id"))
        .write().format("delta").save(path);
    Snapshot snapshot = DeltaStatsLoader.snapshot(spark, path);
    TableStats model = DeltaStatsLoader.load(snapshot, List.of("id", "amt", "f", "d"));
    SkippingEvaluator evaluator = new SkippingEvaluator(model);
    String[] sql = {
        "id = 400", // INT literal on a BIGINT column
        "id BETWEEN 397 AND 403",
        "id IN (400, 401)",
        "id <=> 400",
        "amt < 5", // INT literal on a DECIMAL column
        "f >= 700", // INT literal on a DOUBLE column
        "d = '2020-01-05'", // STRING literal on a DATE column
    };
    int pruning = 0;
    for (String predicate : sql) {
      org.apache.spark.sql.Dataset<Row> df = spark.read().format("delta").load(path).filter(predicate);
      List<Predicate> preds = new ArrayList<>();
      for (Expression e : CatalystPredicates.filterConditions(df)) {
        preds.add(CatalystPredicates.fromCatalyst(e));
      }
      List<Expression> optimized = new ArrayList<>();
      if (df.queryExecution().optimizedPlan() instanceof org.apache.spark.sql.catalyst.plans.logical.Filter f) {
        optimized.add(f.condition());
      }
      Set<String> delta = new TreeSet<>();
      for (AddFile f : ScalaColl.asJava(
          snapshot.filesForScan(ScalaColl.seq(optimized), false).files())) {
        delta.add(f.path());
      }
      ScanEstimate ours = evaluator.estimate(preds);
      Set<String> mine = new TreeSet<>();
      ours.filesRead().stream().forEach(i -> mine.add(model.path(i)));
      assertEquals(delta, mine, "file sets differ for " + predicate);
      if (mine.size() < model.numFiles()) {
        pruning++;
      }
    }
    assertEquals(sql.length, pruning, "every SQL predicate prunes on this layout");
  }

  /** Returns how many predicates pruned at least one file (so the test is not vacuous). */
  private int compareWithDelta(String path, long seed) {
    Snapshot snapshot = DeltaStatsLoader.snapshot(spark, path);
    TableStats model = DeltaStatsLoader.load(snapshot,
        List.of("id", "x", "d", "ts", "s", "amt", "f"));
    SkippingEvaluator evaluator = new SkippingEvaluator(model);
    List<Attribute> attrs = ScalaColl.asJava(spark.read().format("delta").load(path)
        .queryExecution().analyzed().output());
    List<Row> sample = spark.read().format("delta").load(path).select("id", "x", "d", "ts", "s",
        "amt", "f").collectAsList();
    RandomPredicates gen = new RandomPredicates(seed, sample);
    int pruning = 0;
    for (int i = 0; i < PREDICATES_PER_LAYOUT; i++) {
      List<Predicate> preds = new ArrayList<>();
      List<Expression> exprs = new ArrayList<>();
      int n = 1 + (i % 3 == 0 ? 1 : 0); // sometimes two separate filters
      for (int j = 0; j < n; j++) {
        Predicate p = gen.next(2);
        Expression e = gen.toCatalyst(p, attrs);
        exprs.add(e);
        preds.add(CatalystPredicates.fromCatalyst(e)); // exercises the converter too
      }
      DeltaScan scan = snapshot.filesForScan(ScalaColl.seq(exprs), false);
      Set<String> delta = new TreeSet<>();
      for (AddFile f : ScalaColl.asJava(scan.files())) {
        delta.add(f.path());
      }
      ScanEstimate ours = evaluator.estimate(preds);
      Set<String> mine = new TreeSet<>();
      ours.filesRead().stream().forEach(f -> mine.add(model.path(f)));
      String what = preds.stream().map(Predicate::describe).toList() + " on " + path;
      assertEquals(delta, mine, "file sets differ for " + what);
      long deltaBytes = ScalaColl.asJava(scan.files()).stream()
          .mapToLong(AddFile::size).sum();
      assertEquals(deltaBytes, ours.bytesRead(), "bytes differ for " + what);
      if (mine.size() < model.numFiles()) {
        pruning++;
      }
    }
    return pruning;
  }
}
