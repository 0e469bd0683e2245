package io.glutendelta.stats.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Which build line a benchmark measures (issue 13): the line resource the jar on the classpath
 * carries, so that a report names the line it ran on and a run asked for one line cannot
 * silently measure another (a stale build, {@code GDS_BENCH_SKIP_BUILD=1}). Read as a resource,
 * not through the jar's classes, like every other way the benchmarks reach the jar.
 */
public final class LineInfo {
  /** Written into each line's jar by the build (keys line, spark, delta, scala, jar). */
  static final String RESOURCE = "META-INF/gluten-delta-stats/line.properties";
  /** spark<major>.<minor>_<Scala binary>, the folder names under lines/ and the jar suffixes. */
  private static final Pattern ID = Pattern.compile("spark\\d+\\.\\d+_2\\.1\\d");

  private LineInfo() {}

  /** The line id the jar on the classpath was built for, or null if it carries none. */
  public static String jarLine() {
    Properties p = jarProperties();
    return p == null ? null : p.getProperty("line");
  }

  /** A line id as the scripts take it, or IllegalArgumentException naming the shape. */
  public static String requireId(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("--line '" + id + "': expected spark<major>.<minor>_<scala>, e.g. "
          + "spark3.5_2.12 (the folders under lines/, and spark4.2_2.13)");
    }
    return id;
  }

  /** Null when {@code jarLine} is the {@code expected} line (or none is expected), else why not. */
  public static String mismatch(String expected, String jarLine) {
    if (expected == null || expected.equals(jarLine)) {
      return null;
    }
    return "--line " + expected + " asked for, but the jar on the classpath is "
        + (jarLine == null ? "of no known line" : "line " + jarLine)
        + " (rebuild: scripts/bench-e2e.sh --line " + expected + " without GDS_BENCH_SKIP_BUILD=1)";
  }

  /** Fails unless the jar on the classpath is {@code expected} (null: any line). */
  public static void require(String expected) {
    String problem = mismatch(expected, jarLine());
    if (problem != null) {
      throw new IllegalStateException(problem);
    }
  }

  /** For reports: line id, jar name and this JVM's Scala version. */
  public static String describe() {
    Properties p = jarProperties();
    String scalaVersion = scala.util.Properties$.MODULE$.versionNumberString();
    if (p == null) {
      return "unknown (no " + RESOURCE + " on the classpath), Scala " + scalaVersion;
    }
    return "**" + p.getProperty("line") + "** (jar " + p.getProperty("jar") + "), Scala " + scalaVersion;
  }

  private static Properties jarProperties() {
    URL url = LineInfo.class.getClassLoader().getResource(RESOURCE);
    if (url == null) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = url.openStream()) {
      p.load(in);
    } catch (IOException e) {
      return null;
    }
    return p;
  }
}
