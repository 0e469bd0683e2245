package io.glutendelta.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.glutendelta.stats.testing.TestSpark;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.imageio.ImageIO;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report on real tables: JSON, Markdown and PNG are written and tell layouts apart. */
class ClusteringReportTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark = TestSpark.start("clustering-report", Map.of());
  }

  @AfterAll
  static void stop() {
    TestSpark.stop();
  }

  @Test
  void reportComparesBeforeAndAfterOrdering() throws Exception {
    StructType schema = new StructType().add("x", DataTypes.IntegerType)
        .add("s", DataTypes.StringType);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      rows.add(RowFactory.create(i, "v" + (1000 + i)));
    }
    Collections.shuffle(rows, new Random(1));
    String path = dir.resolve("t").toString();
    spark.createDataFrame(rows, schema).coalesce(1).write().format("delta")
        .option("maxRecordsPerFile", 20).save(path); // v0: random order, 20 files
    spark.read().format("delta").load(path).orderBy("x").coalesce(1).write().format("delta")
        .mode("overwrite").option("maxRecordsPerFile", 20).save(path); // v1: sorted

    Path out = dir.resolve("report");
    String md = ClusteringReportMain.run(spark, path, List.of("x", "s"), 0L, List.of(), out);
    assertTrue(md.contains("before (v0)") && md.contains("after (v1)"), md);

    JsonNode root = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    JsonNode before = root.get("reports").get(0);
    JsonNode after = root.get("reports").get(1);
    assertEquals(20, before.get("table").get("files").asInt());
    assertEquals(20, after.get("table").get("files").asInt());
    JsonNode bx = before.get("columns").get(0);
    JsonNode ax = after.get("columns").get(0);
    assertEquals("x", ax.get("column").asText());
    // sorted: 40 distinct bounds, each file spans one rank step between its own min and max
    assertEquals(1.0 / 39, ax.get("relativeFileRange").asDouble(), 1e-9);
    assertEquals(1.0, ax.get("averageDepth").asDouble(), 1e-9);
    assertEquals(1.0, ax.get("avgFilesReadPoint").asDouble(), 1e-9);
    // random order: about half the files cover a typical value
    assertTrue(bx.get("averageDepth").asDouble() > 5, bx.toString());
    assertTrue(bx.get("avgFilesReadPoint").asDouble() > 5, bx.toString());
    assertTrue(bx.get("relativeFileRange").asDouble() > 0.3, bx.toString());
    // the string column sorts the same way as x here ("v1000".."v1399")
    assertEquals(1.0, after.get("columns").get(1).get("averageDepth").asDouble(), 1e-9);

    BufferedImage png = ImageIO.read(out.resolve("file-ranges.png").toFile());
    assertTrue(png.getWidth() > 1000 && png.getHeight() > 200,
        png.getWidth() + "x" + png.getHeight());
    assertTrue(Files.readString(out.resolve("report.md")).contains("file-ranges.png"));

    // repeat: same numbers (fixed sampling seed, unchanged data)
    Path again = dir.resolve("again");
    ClusteringReportMain.run(spark, path, List.of("x", "s"), 0L, List.of(), again);
    assertEquals(Files.readString(out.resolve("report.json")),
        Files.readString(again.resolve("report.json")));
  }
}
