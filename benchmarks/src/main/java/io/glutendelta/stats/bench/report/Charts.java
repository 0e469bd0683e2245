package io.glutendelta.stats.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.MinMaxCategoryRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/** PNG bar charts for the reports (headless JFreeChart; medians as bars, min–max as whiskers). */
public final class Charts {
  private static final Color[] PALETTE = {
      new Color(0x4C72B0), new Color(0xDD8452), new Color(0x55A868), new Color(0xC44E52), new Color(0x8172B2)};

  private Charts() {}

  static {
    System.setProperty("java.awt.headless", "true");
  }

  /**
   * One bar per category (e.g. write mode) at the median, with a min–max whisker.
   *
   * @param samples category → samples, in display order
   */
  public static void medianBars(Path png, String title, String valueLabel, Map<String, Samples> samples) {
    DefaultCategoryDataset medians = new DefaultCategoryDataset();
    DefaultCategoryDataset range = new DefaultCategoryDataset();
    for (Map.Entry<String, Samples> e : samples.entrySet()) {
      medians.addValue(e.getValue().median(), "median", e.getKey());
      range.addValue(e.getValue().min(), "min", e.getKey());
      range.addValue(e.getValue().max(), "max", e.getKey());
    }
    CategoryPlot plot = new CategoryPlot(medians, new CategoryAxis(null), new NumberAxis(valueLabel), null);
    BarRenderer bars = barRenderer(true);
    bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("0.00")));
    bars.setDefaultItemLabelsVisible(true);
    plot.setRenderer(0, bars);
    MinMaxCategoryRenderer whiskers = new MinMaxCategoryRenderer();
    whiskers.setDrawLines(false);
    whiskers.setGroupPaint(Color.DARK_GRAY);
    whiskers.setGroupStroke(new BasicStroke(1.5f));
    whiskers.setSeriesPaint(0, Color.DARK_GRAY);
    whiskers.setSeriesPaint(1, Color.DARK_GRAY);
    plot.setDataset(1, range);
    plot.setRenderer(1, whiskers);
    plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    save(png, finish(title, plot, false), 560, 380);
  }

  /** Grouped bars: rows are series (legend), columns are categories on the axis. */
  public static void groupedBars(Path png, String title, String valueLabel, List<String> series,
      Map<String, double[]> valuesByCategory, String numberFormat) {
    groupedBars(png, title, valueLabel, series, valuesByCategory, numberFormat, false);
  }

  /** As above; {@code logScale} for values spanning orders of magnitude (throughputs). */
  public static void groupedBars(Path png, String title, String valueLabel, List<String> series,
      Map<String, double[]> valuesByCategory, String numberFormat, boolean logScale) {
    DefaultCategoryDataset ds = new DefaultCategoryDataset();
    double smallest = Double.POSITIVE_INFINITY;
    double largest = 0;
    for (Map.Entry<String, double[]> e : valuesByCategory.entrySet()) {
      for (int i = 0; i < series.size(); i++) {
        double v = e.getValue()[i];
        ds.addValue(Double.isNaN(v) ? null : (Number) v, series.get(i), e.getKey()); // NaN: not measured
        if (v > 0) {
          smallest = Math.min(smallest, v);
          largest = Math.max(largest, v);
        }
      }
    }
    ValueAxis axis = logScale ? new LogAxis(valueLabel) : new NumberAxis(valueLabel);
    CategoryPlot plot = new CategoryPlot(ds, new CategoryAxis(null), axis, null);
    BarRenderer bars = barRenderer(false);
    if (logScale && largest > 0) {
      // Whole decades from the one below the smallest value; bars grow from there, not from 0.
      double low = Math.pow(10, Math.floor(Math.log10(smallest)));
      double high = Math.pow(10, Math.ceil(Math.log10(largest * 2)));
      bars.setBase(low);
      LogAxis log = (LogAxis) axis;
      log.setRange(low, high);
      log.setTickUnit(new NumberTickUnit(1));
      log.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
    }
    bars.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
    bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat(numberFormat)));
    bars.setDefaultItemLabelsVisible(true);
    plot.setRenderer(bars);
    plot.setOrientation(PlotOrientation.VERTICAL);
    save(png, finish(title, plot, series.size() > 1), Math.max(560, 140 * valuesByCategory.size()), 400);
  }

  /**
   * One line per series over x = 1, 2, … (e.g. a cumulative ratio after each run); {@code logScale}
   * when the series differ by orders of magnitude (non-positive values are then not drawn).
   *
   * @param seriesValues series name → y values in x order (NaN: no point)
   */
  public static void lines(Path png, String title, String xLabel, String yLabel, Map<String, double[]> seriesValues,
      boolean logScale) {
    org.jfree.data.xy.XYSeriesCollection ds = new org.jfree.data.xy.XYSeriesCollection();
    for (Map.Entry<String, double[]> e : seriesValues.entrySet()) {
      org.jfree.data.xy.XYSeries s = new org.jfree.data.xy.XYSeries(e.getKey());
      for (int i = 0; i < e.getValue().length; i++) {
        if (!Double.isNaN(e.getValue()[i]) && (!logScale || e.getValue()[i] > 0)) {
          s.add(i + 1, e.getValue()[i]);
        }
      }
      ds.addSeries(s);
    }
    NumberAxis x = new NumberAxis(xLabel);
    x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    ValueAxis y = logScale ? new LogAxis(yLabel) : new NumberAxis(yLabel);
    if (logScale) {
      ((LogAxis) y).setSmallestValue(1e-3);
      ((LogAxis) y).setNumberFormatOverride(new DecimalFormat("#,##0.###"));
    }
    org.jfree.chart.plot.XYPlot plot = new org.jfree.chart.plot.XYPlot(ds, x, y, null);
    org.jfree.chart.renderer.xy.XYLineAndShapeRenderer r = new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < PALETTE.length; i++) {
      r.setSeriesPaint(i, PALETTE[i]);
      r.setSeriesStroke(i, new BasicStroke(2f));
    }
    plot.setRenderer(r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    save(png, chart, 720, 420);
  }

  private static BarRenderer barRenderer(boolean colourByCategory) {
    BarRenderer r = colourByCategory ? new CategoryColouredBarRenderer() : new BarRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setItemMargin(0.05);
    for (int i = 0; i < PALETTE.length; i++) {
      r.setSeriesPaint(i, PALETTE[i]);
    }
    return r;
  }

  /** Single-series bars coloured per category, so that modes keep their colour across charts. */
  private static final class CategoryColouredBarRenderer extends BarRenderer {
    private static final long serialVersionUID = 1L;

    @Override
    public java.awt.Paint getItemPaint(int row, int column) {
      return PALETTE[column % PALETTE.length];
    }
  }

  private static JFreeChart finish(String title, CategoryPlot plot, boolean legend) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, legend);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  private static void save(Path png, JFreeChart chart, int w, int h) {
    try {
      ChartUtils.saveChartAsPNG(png.toFile(), chart, w, h);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write chart " + png, e);
    }
  }
}
