package io.glutendelta.stats.clustering;

import static io.glutendelta.stats.clustering.ClusteringFixtures.checksum;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitActions;
import static io.glutendelta.stats.clustering.ClusteringFixtures.commitInfo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.glutendelta.stats.tablestats.ColumnStats;
import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.testing.TestSpark;
import java.nio.file.Path;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lightweight tier on the reference fixture: one file per day for 8 days, row counts
 * chosen so size order interleaves the days, a bin size that fits any two files but no three.
 */
class LightweightCompactionTest {
  private static final List<String> COLS = List.of("id", "s", "d");
  private static final int[] ROWS_PER_DAY = {31, 37, 30, 36, 32, 35, 33, 34};
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("lightweight", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  private static String dayTable(String name) {
    String path = dir.resolve(name).toString();
    spark.sql("CREATE TABLE delta.`" + path + "` (id BIGINT, d DATE, s STRING) USING delta "
        + "CLUSTER BY (id, s, d)");
    StructType schema = new StructType().add("id", DataTypes.LongType)
        .add("d", DataTypes.DateType).add("s", DataTypes.StringType);
    Random r = new Random(9);
    for (int day = 0; day < ROWS_PER_DAY.length; day++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_DAY[day]; i++) {
        rows.add(RowFactory.create((long) i, Date.valueOf(LocalDate.of(2024, 3, 1 + day)),
            "s" + Long.toHexString(r.nextLong())));
      }
      spark.createDataFrame(rows, schema).coalesce(1).write().format("delta").mode("append")
          .save(path);
    }
    return path;
  }

  /** Largest sum of two day-neighbours; checks that no three files fit in it. */
  private static long pairBinSize(TableStats m) {
    long[] sizes = new long[m.numFiles()];
    for (int f = 0; f < m.numFiles(); f++) {
      sizes[f] = m.size(f);
    }
    Arrays.sort(sizes);
    long maxPair = sizes[sizes.length - 1] + sizes[sizes.length - 2];
    assertTrue(sizes[0] + sizes[1] + sizes[2] > maxPair, "fixture sizes " + Arrays.toString(sizes));
    return maxPair;
  }

  private static LightweightPlanner.Config config(TableStats m) {
    return new LightweightPlanner.Config(COLS, Long.MAX_VALUE, 0.05, pairBinSize(m),
        Long.MAX_VALUE, null, 0.5);
  }

  @Test
  void picksNarrowestColumnAndPacksDayPairs() {
    String path = dayTable("days");
    TableStats m = DeltaStatsLoader.load(spark, path, COLS);
    String sum = checksum(spark, path);
    LightweightCompaction.Result res = LightweightCompaction.run(spark, path, config(m));
    assertEquals("d", res.plan().orderColumn(), res.plan().explain());
    assertEquals(4, res.plan().bins().size(), res.plan().explain());
    assertEquals(8, res.filesRemoved());
    JsonNode info = commitInfo(path, res.version());
    assertEquals("OPTIMIZE", info.get("operation").asText());
    assertEquals("[]", info.get("operationParameters").get("clusterBy").asText());
    for (JsonNode a : commitActions(path, res.version())) {
      if (a.has("add")) {
        JsonNode add = a.get("add");
        assertFalse(add.get("dataChange").asBoolean());
        assertFalse(add.has("clusteringProvider") && !add.get("clusteringProvider").isNull(),
            add.toString());
        assertFalse(add.has("tags") && add.get("tags").has("ZCUBE_ID"), add.toString());
      }
    }
    TableStats after = DeltaStatsLoader.load(spark, path, COLS);
    ColumnStats d = after.column("d");
    assertEquals(4, after.numFiles());
    for (int f = 0; f < after.numFiles(); f++) {
      // each output holds two consecutive days and even start days
      assertEquals(1, d.maxKey(f) - d.minKey(f));
      assertEquals(0, (d.minKey(f) - LocalDate.of(2024, 3, 1).toEpochDay()) % 2);
    }
    assertEquals(sum, checksum(spark, path));

    // Lightweight output is unclustered: the next real clustering picks all of it up.
    IncrementalClustering.Result next = IncrementalClustering.run(spark, path,
        ClusteringConfig.fromSession(spark, COLS, false).withSizes(0, 1 << 20), null);
    assertEquals(4, next.filesRemoved(), next.plan().explain());
    assertEquals(sum, checksum(spark, path));
  }

  @Test
  void configuredColumnIsMatchedCaseInsensitivelyAndValidated() {
    String path = dayTable("configured");
    TableStats m = DeltaStatsLoader.load(spark, path, COLS);
    LightweightPlanner.Plan upper = LightweightPlanner.plan(m, config(m).withColumn("D"), false);
    assertEquals("d", upper.orderColumn());
    // every file has min id 0, so ordering by id is ordering by max id = by row count
    LightweightPlanner.Plan byId = LightweightPlanner.plan(m, config(m).withColumn("id"), false);
    assertEquals("id", byId.orderColumn());
    List<Long> firstFileSizes = new ArrayList<>();
    Map<String, Long> sizeByPath = new HashMap<>();
    for (int f = 0; f < m.numFiles(); f++) {
      sizeByPath.put(m.path(f), m.size(f));
    }
    for (List<String> bin : byId.bins()) {
      firstFileSizes.add(sizeByPath.get(bin.get(0)));
    }
    List<Long> sorted = new ArrayList<>(firstFileSizes);
    sorted.sort(null);
    assertEquals(sorted, firstFileSizes);
    InvalidLightweightClusteringColumnException e = assertThrows(
        InvalidLightweightClusteringColumnException.class,
        () -> LightweightPlanner.plan(m, config(m).withColumn("nope"), false));
    assertEquals("DELTA_INVALID_LIGHTWEIGHT_CLUSTERING_COLUMN", e.getCondition());
    assertEquals("42703", e.getSqlState());
    assertTrue(e.getMessage().contains("`nope`") && e.getMessage().contains("[id, s, d]")
        && e.getMessage().contains(LightweightPlanner.Config.COLUMN), e.getMessage());
  }

  @Test
  void gateSendsLargeUnclusteredDataToRealClusteringAndLeavesClusteredFilesAlone() {
    String path = dayTable("gate");
    TableStats m = DeltaStatsLoader.load(spark, path, COLS);
    long unclustered = m.totalBytes();
    LightweightPlanner.Plan atThreshold = LightweightPlanner.plan(m,
        config(m).withMaxUnclusteredBytes(unclustered), false);
    assertFalse(atThreshold.applies(), atThreshold.explain());
    assertFalse(LightweightPlanner.plan(m, config(m), true).applies(), "FULL always clusters");

    // Cluster the table, append 4 days: only the new files are compacted, in day pairs.
    ClusteringFixtures.deltaOptimize(spark, path, false);
    TableStats clustered = DeltaStatsLoader.load(spark, path, COLS);
    StructType schema = new StructType().add("id", DataTypes.LongType)
        .add("d", DataTypes.DateType).add("s", DataTypes.StringType);
    for (int day = 0; day < 4; day++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_DAY[day]; i++) {
        rows.add(RowFactory.create((long) i, Date.valueOf(LocalDate.of(2024, 4, 1 + day)),
            "t" + i));
      }
      spark.createDataFrame(rows, schema).coalesce(1).write().format("delta").mode("append")
          .save(path);
    }
    LightweightCompaction.Result res = LightweightCompaction.run(spark, path, config(m));
    assertEquals(4, res.filesRemoved(), res.plan().explain());
    assertEquals(2, res.plan().bins().size());
    TableStats after = DeltaStatsLoader.load(spark, path, COLS);
    assertTrue(after.indexByPath().keySet().containsAll(clustered.indexByPath().keySet()));
  }

  @Test
  void fallsBackToSizeOrderWhenNoColumnQualifies() {
    // synthetic: both columns span nearly everything in every file
    ColumnStats.Builder a = new ColumnStats.Builder("a", DataTypes.LongType, true, true);
    ColumnStats.Builder b = new ColumnStats.Builder("b", DataTypes.LongType, true, true);
    TableStats.Builder mb = new TableStats.Builder(0, List.of(a, b), List.of("a", "b"));
    long[] sizes = {40, 10, 30, 20};
    for (int i = 0; i < sizes.length; i++) {
      mb.addFile("f" + i, sizes[i], 10, 0, null, null, null);
      a.add(0L, 100L + i, 0L);
      b.add((long) i, 200L, 0L);
    }
    TableStats m = mb.build();
    LightweightPlanner.Plan p = LightweightPlanner.plan(m, new LightweightPlanner.Config(
        List.of("a", "b"), 100, 0.05, 50, 1000, null, 0.5), false);
    assertNull(p.orderColumn(), p.explain());
    // size order f1(10) f3(20) | f2(30) | f0(40) with bins of 50; single-file bins dropped
    assertEquals(List.of(List.of("f1", "f3")), p.bins());
  }
}
