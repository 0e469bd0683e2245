package io.glutendelta.stats.report;

import io.glutendelta.stats.tablestats.DeltaStatsLoader;
import io.glutendelta.stats.tablestats.TableStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * Command line: writes {@code report.json}, {@code report.md} and {@code file-ranges.png} for a
 * Delta table and prints the Markdown.
 *
 * <pre>
 * ClusteringReportMain &lt;table path&gt; [--columns a,b] [--out dir]
 *     [--before-version N] [--compare label=path ...]
 * </pre>
 * Without --columns the clustering columns are used (all top-level columns with min/max stats
 * for unclustered tables). --before-version adds the table at that version as "before";
 * --compare adds other tables (e.g. the same data optimized by another tool).
 */
public final class ClusteringReportMain {
  private ClusteringReportMain() {}

  public static void main(String[] args) {
    if (args.length == 0 || args[0].startsWith("--")) {
      System.err.println("usage: ClusteringReportMain <table path> [--columns a,b] [--out dir]"
          + " [--before-version N] [--compare label=path ...]");
      System.exit(2);
    }
    String table = args[0];
    List<String> columns = List.of();
    Path out = Path.of("clustering-report");
    Long before = null;
    List<String[]> compare = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      String v = i + 1 < args.length ? args[i + 1] : null;
      if (v == null) {
        throw new IllegalArgumentException("option " + a + " needs a value");
      }
      switch (a) {
        case "--columns" -> columns = Arrays.asList(v.split(","));
        case "--out" -> out = Path.of(v);
        case "--before-version" -> before = Long.parseLong(v);
        case "--compare" -> {
          int eq = v.indexOf('=');
          if (eq <= 0) {
            throw new IllegalArgumentException("--compare wants label=path, got " + v);
          }
          compare.add(new String[] {v.substring(0, eq), v.substring(eq + 1)});
        }
        default -> throw new IllegalArgumentException("unknown option " + a);
      }
      i++;
    }
    SparkSession.Builder b = SparkSession.builder().appName("clustering-report")
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog",
            "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .config("spark.ui.enabled", "false");
    if (System.getProperty("spark.master") == null) {
      b.master("local[2]");
    }
    SparkSession spark = b.getOrCreate();
    try {
      System.out.println(run(spark, table, columns, before, compare, out));
    } finally {
      spark.stop();
    }
  }

  /** Builds and writes the report; returns the Markdown. */
  public static String run(SparkSession spark, String table, List<String> columns,
      Long beforeVersion, List<String[]> compare, Path out) {
    List<QualityReportWriter.Labelled> reports = new ArrayList<>();
    List<FileRangePlot.Layout> layouts = new ArrayList<>();
    TableStats current = DeltaStatsLoader.load(spark, table, columns);
    List<String> cols = current.columns().stream().map(c -> c.name()).toList();
    if (beforeVersion != null) {
      TableStats old = DeltaStatsLoader.load(
          DeltaStatsLoader.snapshotAt(spark, table, beforeVersion), cols);
      add(reports, layouts, "before (v" + beforeVersion + ")", table, old);
    }
    add(reports, layouts, beforeVersion != null ? "after (v" + current.version() + ")"
        : "current (v" + current.version() + ")", table, current);
    for (String[] c : compare) {
      add(reports, layouts, c[0], c[1], DeltaStatsLoader.load(spark, c[1], cols));
    }
    String md = QualityReportWriter.markdown(reports);
    try {
      Files.createDirectories(out);
      Files.writeString(out.resolve("report.json"), QualityReportWriter.json(reports),
          StandardCharsets.UTF_8);
      Files.writeString(out.resolve("report.md"), md + "\n![file ranges](file-ranges.png)\n",
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FileRangePlot.write(layouts, cols, out.resolve("file-ranges.png"));
    return md;
  }

  private static void add(List<QualityReportWriter.Labelled> reports,
      List<FileRangePlot.Layout> layouts, String label, String path, TableStats m) {
    reports.add(new QualityReportWriter.Labelled(label, path, ClusteringQuality.of(m)));
    layouts.add(new FileRangePlot.Layout(label, m));
  }
}
