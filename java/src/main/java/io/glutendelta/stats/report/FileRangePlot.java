package io.glutendelta.stats.report;

import io.glutendelta.stats.layout.OverlapDepth;
import io.glutendelta.stats.layout.RelativeFileRange;

import io.glutendelta.stats.tablestats.ColumnStats;
import io.glutendelta.stats.tablestats.TableStats;
import io.glutendelta.stats.tablestats.OrderedDictionary;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws file ranges as a PNG (Java2D, headless): one panel per column and layout, one
 * horizontal bar per file from its min to its max, files sorted by (min, max). Layouts share
 * the x axis per column, so "before" and "after" panels can be compared directly. Clustered
 * files (with a clusteringProvider) are blue, unclustered ones orange.
 */
public final class FileRangePlot {
  private static final int PANEL_W = 560;
  private static final int MAX_BARS = 240;
  private static final int HEADER = 34;
  private static final int FOOTER = 22;
  private static final int MARGIN = 16;
  private static final Color CLUSTERED = new Color(0x2b6cb0);
  private static final Color UNCLUSTERED = new Color(0xdd6b20);

  private FileRangePlot() {}

  /** A model with the label shown above its panels. */
  public record Layout(String label, TableStats model) {}

  public static void write(List<Layout> layouts, List<String> columns, Path png) {
    System.setProperty("java.awt.headless", "true");
    int bars = 1;
    for (Layout l : layouts) {
      bars = Math.max(bars, Math.min(MAX_BARS, l.model().numFiles()));
    }
    int barH = Math.max(1, Math.min(12, 360 / bars));
    int panelH = HEADER + bars * barH + FOOTER;
    int width = MARGIN + layouts.size() * (PANEL_W + MARGIN);
    int height = MARGIN + columns.size() * (panelH + MARGIN);
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING,
          RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
      for (int ci = 0; ci < columns.size(); ci++) {
        Axis axis = Axis.of(layouts, columns.get(ci));
        for (int li = 0; li < layouts.size(); li++) {
          int x0 = MARGIN + li * (PANEL_W + MARGIN);
          int y0 = MARGIN + ci * (panelH + MARGIN);
          drawPanel(g, layouts.get(li), columns.get(ci), axis, x0, y0, panelH, barH);
        }
      }
    } finally {
      g.dispose();
    }
    try {
      ImageIO.write(img, "png", png.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + png, e);
    }
  }

  private static void drawPanel(Graphics2D g, Layout layout, String column, Axis axis, int x0,
      int y0, int panelH, int barH) {
    TableStats m = layout.model();
    ColumnStats c = m.column(column);
    List<int[]> files = new ArrayList<>(); // file index, sorted by (min, max)
    for (int f = 0; f < m.numFiles(); f++) {
      if (c.hasMin(f) && c.hasMax(f)) {
        files.add(new int[] {f});
      }
    }
    files.sort((a, b) -> {
      int cmp = Double.compare(axis.pos(c, c.minKey(a[0])), axis.pos(c, c.minKey(b[0])));
      return cmp != 0 ? cmp : Double.compare(axis.pos(c, c.maxKey(a[0])),
          axis.pos(c, c.maxKey(b[0])));
    });
    int step = Math.max(1, (files.size() + MAX_BARS - 1) / MAX_BARS);
    OverlapDepth depth = OverlapDepth.of(c);
    g.setColor(new Color(0xf7fafc));
    g.fillRect(x0, y0, PANEL_W, panelH);
    g.setColor(Color.DARK_GRAY);
    g.drawRect(x0, y0, PANEL_W, panelH);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
    g.drawString(layout.label() + " - " + column, x0 + 6, y0 + 15);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    double rfr = RelativeFileRange.of(c).orElse(Double.NaN);
    g.drawString(String.format(Locale.ROOT,
        "%d files (%d drawn), avg depth %.2f, max %d, relative range %s", m.numFiles(),
        (files.size() + step - 1) / step, depth.average(), depth.max(),
        Double.isNaN(rfr) ? "n/a" : String.format(Locale.ROOT, "%.3f", rfr)), x0 + 6, y0 + 29);
    int plotX = x0 + 8;
    int plotW = PANEL_W - 16;
    int y = y0 + HEADER;
    for (int i = 0; i < files.size(); i += step) {
      int f = files.get(i)[0];
      double a = axis.frac(axis.pos(c, c.minKey(f)));
      double b = axis.frac(axis.pos(c, c.maxKey(f)));
      int xa = plotX + (int) Math.round(a * plotW);
      int xb = plotX + (int) Math.round(b * plotW);
      g.setColor(m.clusteringProvider(f) != null ? CLUSTERED : UNCLUSTERED);
      g.fillRect(xa, y, Math.max(2, xb - xa), Math.max(1, barH - (barH > 3 ? 1 : 0)));
      y += barH;
    }
    g.setColor(Color.GRAY);
    g.setStroke(new BasicStroke(1));
    int axisY = y0 + panelH - FOOTER + 4;
    g.drawLine(plotX, axisY, plotX + plotW, axisY);
    g.setColor(Color.DARK_GRAY);
    g.drawString(axis.minLabel, plotX, axisY + 14);
    int w = g.getFontMetrics().stringWidth(axis.maxLabel);
    g.drawString(axis.maxLabel, plotX + plotW - w, axisY + 14);
  }

  /** Shared x axis of one column across layouts: numeric value, or rank for dictionaries. */
  private static final class Axis {
    private double lo = Double.POSITIVE_INFINITY;
    private double hi = Double.NEGATIVE_INFINITY;
    private Object[] union; // dictionary columns: all values of all layouts, sorted
    private String minLabel = "";
    private String maxLabel = "";

    static Axis of(List<Layout> layouts, String column) {
      Axis a = new Axis();
      boolean dict = layouts.get(0).model().column(column).kind() == ColumnStats.Kind.DICTIONARY;
      if (dict) {
        List<Object> all = new ArrayList<>();
        for (Layout l : layouts) {
          OrderedDictionary d = l.model().column(column).dictionary();
          for (int i = 0; i < d.size(); i++) {
            all.add(d.valueAt(i));
          }
        }
        all.sort(OrderedDictionary.ORDER);
        a.union = all.toArray();
      }
      Object minV = null;
      Object maxV = null;
      for (Layout l : layouts) {
        ColumnStats c = l.model().column(column);
        for (int f = 0; f < c.numFiles(); f++) {
          if (c.hasMin(f) && c.hasMax(f)) {
            double p = a.pos(c, c.minKey(f));
            double q = a.pos(c, c.maxKey(f));
            if (p < a.lo) {
              a.lo = p;
              minV = c.valueOfKey(c.minKey(f));
            }
            if (q > a.hi) {
              a.hi = q;
              maxV = c.valueOfKey(c.maxKey(f));
            }
          }
        }
      }
      a.minLabel = label(minV);
      a.maxLabel = label(maxV);
      return a;
    }

    double pos(ColumnStats c, long key) {
      if (union != null) {
        int i = Arrays.binarySearch(union, c.valueOfKey(key), OrderedDictionary.ORDER);
        return Math.max(i, 0);
      }
      Object v = c.valueOfKey(key);
      if (v instanceof Double d) {
        return d.isNaN() ? Double.MAX_VALUE : d;
      }
      return key;
    }

    double frac(double p) {
      return hi > lo ? (p - lo) / (hi - lo) : 0.5;
    }

    private static String label(Object v) {
      String s = String.valueOf(v);
      return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
  }
}
