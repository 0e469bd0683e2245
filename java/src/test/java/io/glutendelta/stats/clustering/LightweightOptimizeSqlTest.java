package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitActions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.delta.tables.DeltaTable;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proposal's lightweight-compaction behaviours through Delta's own commands (SQL OPTIMIZE,
 * DeltaTable.optimize(), auto compaction) and the proposal's confs only. Fixture: one file per
 * day for 8 days, row counts chosen so size order interleaves the days, and a maxFileSize that
 * fits any two files but no three. Which days went into which output is read from the output
 * files' min/max of {@code d} in the commit.
 */
class LightweightOptimizeSqlTest {
  private static final String LW = "spark.databricks.delta.optimize.clustering.lightweight.";
  private static final int[] ROWS_PER_DAY = {31, 37, 30, 36, 32, 35, 33, 34};
  /** Day pairs in (min, max) order of d, and in size order (rows 30,31 | 32,33 | 34,35 | 36,37). */
  private static final Set<String> DAY_PAIRS = Set.of("0-1", "2-3", "4-5", "6-7");
  private static final Set<String> SIZE_PAIRS = Set.of("0-2", "4-6", "5-7", "1-3");
  private static SparkSession spark;
  @TempDir static Path dir;
  private static int tables;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("lightweight-sql", Map.of("spark.sql.extensions",
        "io.delta.sql.DeltaSparkSessionExtension,io.glutendelta.stats.delta.NativeStatsExtension,"
            + "io.glutendelta.stats.clustering.ClusteringExtension",
        "spark.sql.streaming.streamingQueryListeners",
        "io.glutendelta.stats.delta.NativeStatsStreamingListener,"
            + "io.glutendelta.stats.clustering.AutoCompactStreamingListener"));
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @AfterEach
  void unset() {
    for (String k : List.of(LW + "enabled", LW + "column", LW + "maxUnclusteredBytes",
        LW + "maxRelativeFileRange", "spark.databricks.delta.optimize.maxFileSize",
        "spark.databricks.delta.autoCompact.enabled", "spark.databricks.delta.autoCompact.minNumFiles",
        "spark.databricks.delta.autoCompact.maxFileSize", ClusteringConfig.INCREMENTAL_ENABLED)) {
      spark.conf().unset(k);
    }
  }

  private static final Map<String, Path> BASES = new java.util.HashMap<>();

  /**
   * The fixture table, clustered by {@code clusterBy}: built once per layout and copied (the
   * log holds relative paths, so a copy is an independent table). Returns its path.
   */
  private static String dayTable(String clusterBy, String props) {
    Path base = BASES.computeIfAbsent(clusterBy + "|" + props,
        k -> Path.of(buildDayTable(clusterBy, props)));
    Path copy = dir.resolve("t" + (tables++));
    ClusteringFixtures.copyTree(base, copy);
    return copy.toString();
  }

  private static String buildDayTable(String clusterBy, String props) {
    String path = dir.resolve("base" + BASES.size()).toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, d DATE, n STRUCT<d: DATE>, "
        + "s STRING) USING delta CLUSTER BY (" + clusterBy + ")"
        + (props.isEmpty() ? "" : " TBLPROPERTIES (" + props + ")"));
    for (int day = 0; day < ROWS_PER_DAY.length; day++) {
      insertDay(path, day, ROWS_PER_DAY[day]);
    }
    return path;
  }

  private static void insertDay(String path, int day, int rows) {
    spark.sql("INSERT INTO delta.`" + path + "` SELECT /*+ COALESCE(1) */ id, "
        + "date_add(DATE'2024-03-01', " + day + ") AS d, "
        + "named_struct('d', date_add(DATE'2024-03-01', " + day + ")) AS n, "
        + "concat('s', sha2(cast(id * 31 + " + day + " AS STRING), 256)) AS s "
        + "FROM range(" + rows + ")");
  }

  /** Row count and content checksum of a version, through SQL time travel. */
  private static String checksumAt(String path, long v) {
    Row r = spark.sql("SELECT count(*), sum(cast(xxhash64(*) AS DECIMAL(38,0))) FROM delta.`"
        + path + "` VERSION AS OF " + v).first();
    return r.get(0) + "/" + r.get(1);
  }

  private static long version(String path) {
    return spark.sql("DESCRIBE HISTORY delta.`" + path + "` LIMIT 1").first().getLong(0);
  }

  private static Row history(String path) {
    return spark.sql("DESCRIBE HISTORY delta.`" + path + "` LIMIT 1").first();
  }

  private static Map<String, String> params(String path) {
    return history(path).getJavaMap(history(path).fieldIndex("operationParameters"));
  }

  /** Sets maxFileSize so any two of the 8 day files fit in a bin, three never do. */
  private static void pairBins(String path) {
    List<Long> s = new ArrayList<>();
    for (JsonNode a : adds(path, 0, version(path))) {
      s.add(a.get("size").asLong());
    }
    s.sort(null);
    int n = s.size();
    long pair = s.get(n - 1) + s.get(n - 2);
    assertTrue(s.get(0) + s.get(1) + s.get(2) > pair, "fixture: three files must not fit " + s);
    spark.conf().set("spark.databricks.delta.optimize.maxFileSize", Long.toString(pair));
  }

  private static List<JsonNode> adds(String path, long from, long to) {
    List<JsonNode> out = new ArrayList<>();
    for (long v = from; v <= to; v++) {
      for (JsonNode a : commitActions(path, v)) {
        if (a.has("add")) {
          out.add(a.get("add"));
        }
      }
    }
    return out;
  }

  /** Day ranges ("min-max" of d as day offsets) of the files a commit added. */
  private static Set<String> addedDayRanges(String path, long v, String dColumn) {
    Set<String> out = new HashSet<>();
    ObjectMapper m = new ObjectMapper();
    for (JsonNode a : adds(path, v, v)) {
      try {
        JsonNode st = m.readTree(a.get("stats").asText());
        out.add(day(st.get("minValues").get(dColumn).asText()) + "-"
            + day(st.get("maxValues").get(dColumn).asText()));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }

  private static int day(String date) {
    return java.time.LocalDate.parse(date).getDayOfMonth() - 1;
  }

  /** Every file the commit added is unclustered (no provider, no ZCube tags), dataChange=false. */
  private static void assertUnclusteredOutputs(String path, long v) {
    List<JsonNode> added = adds(path, v, v);
    assertFalse(added.isEmpty());
    for (JsonNode a : added) {
      assertFalse(a.hasNonNull("clusteringProvider"), a.toString());
      assertFalse(a.has("tags") && a.get("tags").has("ZCUBE_ID"), a.toString());
      assertFalse(a.get("dataChange").asBoolean());
    }
  }

  private static void assertClusteredOutputs(String path, long v) {
    for (JsonNode a : adds(path, v, v)) {
      assertEquals("liquid", a.get("clusteringProvider").asText(), a.toString());
      assertTrue(a.get("tags").has("ZCUBE_ID"), a.toString());
    }
  }

  /** Runs OPTIMIZE, checks rows and content are unchanged, returns the new version. */
  private static long optimize(String path, String suffix) {
    String before = checksum(spark, path);
    long v0 = version(path);
    Row r = spark.sql("OPTIMIZE delta.`" + path + "`" + suffix).first();
    assertEquals(List.of("path", "metrics"), List.of(r.schema().fieldNames()));
    assertEquals(before, checksum(spark, path));
    long v = version(path);
    assertEquals(v0 + 1, v, "OPTIMIZE committed once");
    Row metrics = r.getStruct(1);
    assertEquals(adds(path, v, v).size(), metrics.<Long>getAs("numFilesAdded"));
    return v;
  }

  private static String lightweightDayTable(String clusterBy, String props) {
    String path = dayTable(clusterBy, props);
    pairBins(path);
    spark.conf().set(LW + "enabled", "true");
    return path;
  }

  @Test
  void confOffClustersEverything() { // 1
    String path = dayTable("id, s, d", "");
    pairBins(path);
    long v = optimize(path, "");
    assertEquals("[\"id\",\"s\",\"d\"]", params(path).get("clusterBy"));
    assertClusteredOutputs(path, v);
  }

  @Test
  void autoPicksNarrowestColumn() { // 2
    String path = lightweightDayTable("id, s, d", "");
    long v = optimize(path, "");
    assertEquals(DAY_PAIRS, addedDayRanges(path, v, "d"));
    assertUnclusteredOutputs(path, v);
    Map<String, String> p = params(path);
    assertEquals("[]", p.get("clusterBy"));
    assertEquals("false", p.get("auto"));
    Map<String, String> m = history(path).getJavaMap(history(path).fieldIndex("operationMetrics"));
    for (String k : List.of("numAddedFiles", "numRemovedFiles", "numAddedBytes",
        "numRemovedBytes", "minFileSize", "p50FileSize", "maxFileSize")) {
      assertTrue(m.containsKey(k), k + " in " + m);
    }
    assertEquals("8", m.get("numRemovedFiles"));
    assertEquals("4", m.get("numAddedFiles"));
  }

  @Test
  void autoPickUnderColumnMapping() { // 3
    String path = lightweightDayTable("id, s, d", "'delta.columnMapping.mode' = 'name', "
        + "'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5'");
    long v = optimize(path, "");
    // stats carry physical names under column mapping: find d's
    String physical = commitActions(path, 0).stream().filter(a -> a.has("metaData"))
        .findFirst().orElseThrow().get("metaData").get("schemaString").asText();
    String dPhysical = physicalName(physical, "d");
    assertEquals(DAY_PAIRS, addedDayRanges(path, v, dPhysical));
    assertUnclusteredOutputs(path, v);
    assertEquals("[]", params(path).get("clusterBy"));
  }

  private static String physicalName(String schemaJson, String field) {
    try {
      for (JsonNode f : new ObjectMapper().readTree(schemaJson).get("fields")) {
        if (f.get("name").asText().equals(field)) {
          return f.get("metadata").get("delta.columnMapping.physicalName").asText();
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    throw new IllegalStateException(field);
  }

  @Test
  void noQualifyingColumnFallsBackToSizeOrder() { // 4
    String path = lightweightDayTable("id, s", "");
    long v = optimize(path, "");
    assertEquals(SIZE_PAIRS, addedDayRanges(path, v, "d"));
    assertUnclusteredOutputs(path, v);
  }

  @Test
  void configuredColumnExactCaseAndNested() { // 5, 6, 7
    for (String column : List.of("d", "D")) {
      String path = lightweightDayTable("id, s, d", "");
      spark.conf().set(LW + "column", column);
      long v = optimize(path, "");
      assertEquals(DAY_PAIRS, addedDayRanges(path, v, "d"), column);
    }
    String path = lightweightDayTable("id, s, n.d", "");
    spark.conf().set(LW + "column", "`n`.d");
    long v = optimize(path, "");
    assertEquals(DAY_PAIRS, addedDayRanges(path, v, "d"));
    assertUnclusteredOutputs(path, v);
  }

  @Test
  void configuredNonNarrowColumnIsUsed() { // 8: min id is 0 everywhere, so max id = size order
    String path = lightweightDayTable("id, s, d", "");
    spark.conf().set(LW + "column", "id");
    long v = optimize(path, "");
    assertEquals(SIZE_PAIRS, addedDayRanges(path, v, "d"));
  }

  @Test
  @SuppressWarnings("deprecation") // getErrorClass must answer too, for callers not yet on 4.x
  void invalidColumnFailsBeforeAnyWrite() { // 9
    String path = lightweightDayTable("id, s, d", "");
    spark.conf().set(LW + "column", "nope");
    long v = version(path);
    AnalysisException e = assertThrows(AnalysisException.class,
        () -> spark.sql("OPTIMIZE delta.`" + path + "`").collect());
    // getCondition (Spark 4's name) through our class: AnalysisException has it only from Spark 4.0.
    assertEquals("DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN",
        assertInstanceOf(InvalidLightweightClusteringColumnException.class, e).getCondition());
    assertEquals("DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN", e.getErrorClass());
    assertEquals("42703", e.getSqlState());
    assertEquals("nope", e.getMessageParameters().get("column"));
    assertEquals(LW + "column", e.getMessageParameters().get("config"));
    assertTrue(e.getMessage().contains("nope") && e.getMessage().contains(LW + "column")
        && e.getMessage().contains("[id, s, d]"), e.getMessage());
    assertEquals(v, version(path), "nothing committed");
  }

  @Test
  void clusteredFilesAreLeftAlone() { // 10
    String path = dayTable("id, s, d", "");
    pairBins(path);
    long clustered = optimize(path, ""); // Delta clusters the first 8 days
    Set<String> clusteredPaths = new HashSet<>();
    for (JsonNode a : adds(path, clustered, clustered)) {
      clusteredPaths.add(a.get("path").asText());
    }
    long v0 = version(path);
    for (int day = 0; day < 4; day++) {
      insertDay(path, day, ROWS_PER_DAY[day]);
    }
    spark.conf().set(LW + "enabled", "true");
    long v = optimize(path, "");
    Set<String> removed = new HashSet<>();
    for (JsonNode a : commitActions(path, v)) {
      if (a.has("remove")) {
        removed.add(a.get("remove").get("path").asText());
      }
    }
    assertEquals(4, removed.size());
    for (String p : removed) {
      assertFalse(clusteredPaths.contains(p), p);
    }
    assertEquals(Set.of("0-1", "2-3"), addedDayRanges(path, v, "d"));
    assertTrue(v > v0);
  }

  @Test
  void atThresholdClusters() { // 11
    String path = lightweightDayTable("id, s, d", "");
    long unclustered = 0;
    for (JsonNode a : adds(path, 0, version(path))) {
      unclustered += a.get("size").asLong();
    }
    spark.conf().set(LW + "maxUnclusteredBytes", Long.toString(unclustered));
    long v = optimize(path, "");
    assertEquals("[\"id\",\"s\",\"d\"]", params(path).get("clusterBy"));
    assertClusteredOutputs(path, v);
  }

  @Test
  void fullAlwaysClusters() { // 12
    String path = lightweightDayTable("id, s, d", "");
    long v = optimize(path, " FULL");
    assertEquals("[\"id\",\"s\",\"d\"]", params(path).get("clusterBy"));
    assertClusteredOutputs(path, v);
  }

  @Test
  void lightweightOutputIsClusteredLater() { // 13
    String path = lightweightDayTable("id, s, d", "");
    optimize(path, "");
    spark.conf().set(LW + "enabled", "false");
    long v = optimize(path, "");
    assertClusteredOutputs(path, v);
    assertEquals(4, commitActions(path, v).stream().filter(a -> a.has("remove")).count());
  }

  @Test
  void dataFrameApiRoutesToo() {
    String path = lightweightDayTable("id, s, d", "");
    String before = checksum(spark, path);
    Row r = DeltaTable.forPath(spark, path).optimize().executeCompaction().first();
    assertEquals(List.of("path", "metrics"), List.of(r.schema().fieldNames()));
    assertEquals(8L, r.getStruct(1).<Long>getAs("numFilesRemoved"));
    assertEquals(before, checksum(spark, path));
    assertEquals(DAY_PAIRS, addedDayRanges(path, version(path), "d"));
    assertEquals("[]", params(path).get("clusterBy"));
  }

  @Test
  void autoCompactionUsesTheTier() { // 14
    String path = dayTable("id, s, d", "");
    String before = checksum(spark, path);
    long v0 = version(path);
    spark.conf().set(LW + "enabled", "true");
    spark.conf().set("spark.databricks.delta.autoCompact.enabled", "true");
    spark.conf().set("spark.databricks.delta.autoCompact.minNumFiles", "2");
    insertDay(path, 8, 40);
    long v = version(path);
    assertEquals(v0 + 2, v, "the append, then the auto compaction");
    Row h = history(path);
    assertEquals("OPTIMIZE", h.getString(h.fieldIndex("operation")));
    Map<String, String> p = params(path);
    assertEquals("true", p.get("auto"));
    assertEquals("[]", p.get("clusterBy"));
    assertUnclusteredOutputs(path, v);
    assertEquals(9, commitActions(path, v).stream().filter(a -> a.has("remove")).count());
    // the compaction kept what the append committed: rows and content
    assertEquals(checksumAt(path, v - 1), checksumAt(path, v));
    assertTrue(!checksumAt(path, v).equals(before));
    spark.conf().unset("spark.databricks.delta.autoCompact.enabled");

    // Control: with the tier off, Delta's own auto compaction clusters.
    String other = dayTable("id, s, d", "");
    spark.conf().set(LW + "enabled", "false");
    spark.conf().set("spark.databricks.delta.autoCompact.enabled", "true");
    insertDay(other, 8, 40);
    Map<String, String> po = params(other);
    assertEquals("true", po.get("auto"));
    assertNotEquals("[]", po.get("clusterBy"));
    assertEquals(checksumAt(other, version(other) - 1), checksumAt(other, version(other)));
  }

  /** Streams three appends (one micro-batch each) from a plain Delta table into {@code path}. */
  private static void streamDays(String path, int firstDay) throws Exception {
    String src = dir.resolve("src" + (tables++)).toString();
    spark.sql("CREATE TABLE delta.`" + src + "` (id BIGINT, d DATE, n STRUCT<d: DATE>, s STRING)"
        + " USING delta");
    for (int day = firstDay; day < firstDay + 3; day++) {
      insertDay(src, day, 20 + day);
    }
    StreamingQuery q = spark.readStream().format("delta").option("maxFilesPerTrigger", "1")
        .load(src).writeStream().format("delta")
        .option("checkpointLocation", dir.resolve("ckpt" + (tables++)).toString())
        .trigger(Trigger.AvailableNow()).start(path);
    q.awaitTermination();
  }

  /** The auto compactions of {@code path}: (version, clusterBy) of each OPTIMIZE with auto=true. */
  private static Map<Long, String> autoCompactions(String path) {
    Map<Long, String> out = new java.util.TreeMap<>();
    for (Row h : spark.sql("DESCRIBE HISTORY delta.`" + path + "`")
        .where("operation = 'OPTIMIZE'").collectAsList()) {
      Map<String, String> p = h.getJavaMap(h.fieldIndex("operationParameters"));
      if ("true".equals(p.get("auto"))) {
        out.put(h.getLong(0), p.get("clusterBy"));
      }
    }
    return out;
  }

  @Test
  void streamingAutoCompactionUsesTheTier() throws Exception { // 14, Structured Streaming sink
    String path = dayTable("id, s, d", "");
    long rows = spark.sql("SELECT count(*) FROM delta.`" + path + "`").first().getLong(0);
    spark.conf().set(LW + "enabled", "true");
    spark.conf().set("spark.databricks.delta.autoCompact.enabled", "true");
    spark.conf().set("spark.databricks.delta.autoCompact.minNumFiles", "2");
    streamDays(path, 8);
    Map<Long, String> auto = autoCompactions(path);
    assertFalse(auto.isEmpty(), "the streaming appends triggered auto compaction");
    for (Map.Entry<Long, String> e : auto.entrySet()) {
      assertEquals("[]", e.getValue(), "auto compaction at v" + e.getKey() + " ran the tier");
      assertUnclusteredOutputs(path, e.getKey());
      assertEquals(checksumAt(path, e.getKey() - 1), checksumAt(path, e.getKey()));
    }
    assertEquals(rows + 28 + 29 + 30,
        spark.sql("SELECT count(*) FROM delta.`" + path + "`").first().getLong(0));

    // Control: with the tier off, Delta's own auto compaction of the stream clusters.
    String other = dayTable("id, s, d", "");
    spark.conf().set(LW + "enabled", "false");
    streamDays(other, 8);
    Map<Long, String> deltas = autoCompactions(other);
    assertFalse(deltas.isEmpty());
    for (Map.Entry<Long, String> e : deltas.entrySet()) {
      assertNotEquals("[]", e.getValue());
      assertEquals(checksumAt(other, e.getKey() - 1), checksumAt(other, e.getKey()));
    }
  }

  @Test
  void concurrentAppendsStillCommit() throws Exception {
    String path = lightweightDayTable("id, s, d", "");
    long rows = spark.sql("SELECT count(*) FROM delta.`" + path + "`").first().getLong(0);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?> opt = pool.submit(() -> spark.sql("OPTIMIZE delta.`" + path + "`").collect());
      Future<?> app = pool.submit(() -> insertDay(path, 9, 25));
      opt.get();
      app.get();
    } finally {
      pool.shutdown();
    }
    assertEquals(rows + 25,
        spark.sql("SELECT count(*) FROM delta.`" + path + "`").first().getLong(0));
    List<Row> optimizes = spark.sql("DESCRIBE HISTORY delta.`" + path + "`")
        .where("operation = 'OPTIMIZE'").collectAsList();
    assertEquals(1, optimizes.size());
    long vOpt = optimizes.get(0).getLong(0);
    assertEquals(checksumAt(path, vOpt - 1), checksumAt(path, vOpt), "the rewrite kept content");
  }

  @Test
  void confsAreValidatedAtSet() {
    // Registered in Spark's SQLConf like Delta's own: a bad value fails the SET itself.
    for (String[] bad : new String[][] {{LW + "maxRelativeFileRange", "1.5"},
        {LW + "maxRelativeFileRange", "-0.1"}, {LW + "maxUnclusteredBytes", "0"},
        {LW + "enabled", "maybe"},
        {ClusteringConfig.Recluster.MIN_OVERLAP, "0"},
        {ClusteringConfig.Recluster.MAX_SIZE_RATIO, "0.5"},
        {ClusteringConfig.INCREMENTAL_ENABLED, "yes please"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> spark.sql("SET " + bad[0] + "=" + bad[1]), bad[0] + "=" + bad[1]);
      assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
      assertFalse(spark.conf().getOption(bad[0]).isDefined()
          && spark.conf().get(bad[0]).equals(bad[1]), "the bad value was not kept");
    }
    spark.sql("SET " + LW + "maxUnclusteredBytes=10g");
    spark.sql("SET " + LW + "maxRelativeFileRange=1");
    spark.sql("SET " + LW + "column=`n`.`d`");
    List<Row> listed = spark.sql("SET -v").where("key LIKE '" + LW + "%'").collectAsList();
    assertEquals(4, listed.size(), listed.toString());
  }
}
