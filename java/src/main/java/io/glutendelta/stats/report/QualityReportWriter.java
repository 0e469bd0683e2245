package io.glutendelta.stats.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders one or more labelled {@link ClusteringQuality} results (e.g. "before" and "after",
 * or "ours" and "Delta OPTIMIZE") as JSON and as Markdown.
 */
public final class QualityReportWriter {
  private QualityReportWriter() {}

  /** A quality result with its label and the table it describes. */
  public record Labelled(String label, String tablePath, ClusteringQuality quality) {}

  public static String json(List<Labelled> reports) {
    List<Map<String, Object>> tables = new ArrayList<>();
    for (Labelled l : reports) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("label", l.label());
      t.put("path", l.tablePath());
      t.put("table", l.quality().table());
      List<Map<String, Object>> cols = new ArrayList<>();
      for (ClusteringQuality.ColumnQuality c : l.quality().columns()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("column", c.column());
        m.put("type", c.type());
        m.put("filesWithMinMax", c.filesWithMinMax());
        m.put("relativeFileRange", Double.isNaN(c.relativeFileRange()) ? null
            : c.relativeFileRange());
        m.put("averageDepth", c.averageDepth());
        m.put("maxDepth", c.maxDepth());
        m.put("avgFilesReadPoint", nanToNull(c.avgFilesReadPoint()));
        m.put("avgFilesReadRange", nanToNull(c.avgFilesReadRange()));
        m.put("fractionReadPoint", nanToNull(c.fractionReadPoint()));
        m.put("fractionReadRange", nanToNull(c.fractionReadRange()));
        cols.add(m);
      }
      t.put("columns", cols);
      tables.add(t);
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("samplesPerMeasure", ClusteringQuality.SAMPLES);
    root.put("reports", tables);
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object nanToNull(double d) {
    return Double.isNaN(d) ? null : d;
  }

  public static String markdown(List<Labelled> reports) {
    StringBuilder sb = new StringBuilder("# Clustering quality\n\n");
    sb.append("| layout | files | MiB | ZCubes | clustered files / MiB | unclustered files / MiB |\n");
    sb.append("|---|---:|---:|---:|---:|---:|\n");
    for (Labelled l : reports) {
      ClusteringQuality.TableSummary t = l.quality().table();
      sb.append(fmt("| %s | %d | %.2f | %d | %d / %.2f | %d / %.2f |%n", l.label(), t.files(),
          mib(t.bytes()), t.zCubes(), t.clusteredFiles(), mib(t.clusteredBytes()),
          t.unclusteredFiles(), mib(t.unclusteredBytes())));
    }
    sb.append("\nPer column (files read: average over ").append(ClusteringQuality.SAMPLES)
        .append(" random values; range = about a tenth of the distinct values):\n\n");
    sb.append("| column | layout | relative file range | avg depth | max depth "
        + "| files read, point | files read, range |\n");
    sb.append("|---|---|---:|---:|---:|---:|---:|\n");
    List<String> names = new ArrayList<>();
    for (Labelled l : reports) {
      for (ClusteringQuality.ColumnQuality c : l.quality().columns()) {
        if (!names.contains(c.column())) {
          names.add(c.column());
        }
      }
    }
    for (String name : names) {
      for (Labelled l : reports) {
        for (ClusteringQuality.ColumnQuality c : l.quality().columns()) {
          if (c.column().equals(name)) {
            sb.append(fmt("| %s | %s | %s | %.2f | %d | %.2f (%.0f%%) | %.2f (%.0f%%) |%n",
                name, l.label(), Double.isNaN(c.relativeFileRange()) ? "undefined"
                    : fmt("%.3f", c.relativeFileRange()), c.averageDepth(), c.maxDepth(),
                c.avgFilesReadPoint(), 100 * c.fractionReadPoint(), c.avgFilesReadRange(),
                100 * c.fractionReadRange()));
          }
        }
      }
    }
    return sb.toString();
  }

  private static double mib(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
