package io.glutendelta.stats.line;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up check every entry point (plugin, SQL extensions, streaming listener) runs before
 * it touches a Scala- or Delta-coupled class of ours: the jar is built for one line (Spark
 * minor, Delta minor, Scala binary version) and a class of another line can fail to link
 * anywhere, so a jar on the wrong line does nothing and Delta computes its own statistics. One
 * WARN line per JVM names the jar that fits. Reads versions by reflection, so this class links
 * on every line; it uses no Delta or Scala-collection type.
 */
public final class LineCheck {
  private static final Logger LOG = LoggerFactory.getLogger(LineCheck.class);

  /** Written into each line's jar by the build: keys line, spark, delta, scala, jar. */
  public static final String RESOURCE = "META-INF/gluten-delta-stats/line.properties";

  /** A build line: the Spark and Delta major.minor and the Scala binary version it runs on. */
  public record Line(String id, String spark, String delta, String scala) {
    public String jar() {
      return "gluten-delta-stats-" + id + ".jar";
    }

    String describe() {
      return "Spark " + spark + " / Delta " + delta + " / Scala " + scala;
    }
  }

  /** Versions of the running application; delta is null when Delta is not on the classpath. */
  public record Running(String spark, String delta, String scala) {
    String describe() {
      return "Spark " + spark + " / " + (delta == null ? "no Delta Lake" : "Delta " + delta)
          + " / Scala " + scala;
    }
  }

  /** The lines this project builds (README "Lines"). */
  public static final List<Line> KNOWN = List.of(
      new Line("spark3.5_2.12", "3.5", "3.3", "2.12"),
      new Line("spark3.5_2.13", "3.5", "3.3", "2.13"),
      new Line("spark4.0_2.13", "4.0", "4.0", "2.13"),
      new Line("spark4.2_2.13", "4.2", "4.4", "2.13"));

  private static volatile String problem;
  private static volatile boolean checked;

  private LineCheck() {}

  /** Null when this jar's line is the running one, else the reason (decided and logged once). */
  public static String problem() {
    if (!checked) {
      synchronized (LineCheck.class) {
        if (!checked) {
          Running running = running();
          String p;
          try {
            p = mismatch(jarLine(), running);
          } catch (IllegalStateException e) {
            p = e.getMessage();
          }
          if (p != null) {
            LOG.warn(p);
          }
          String rtas = rtasWarning(running);
          if (rtas != null) {
            LOG.warn(rtas);
          }
          problem = p;
          checked = true;
        }
      }
    }
    return problem;
  }

  public static boolean matches() {
    return problem() == null;
  }

  /**
   * Null when {@code running} is {@code jar}'s line (any patch level), else the one log line:
   * what this jar is, what runs, that Delta keeps its own statistics, and which jar fits.
   */
  public static String mismatch(Line jar, Running running) {
    if (running.delta() != null && jar.spark().equals(majorMinor(running.spark()))
        && jar.delta().equals(majorMinor(running.delta()))
        && jar.scala().equals(majorMinor(running.scala()))) {
      return null;
    }
    Line fit = lineFor(running);
    String advice;
    if (running.delta() == null) {
      advice = "Add Delta Lake (delta-spark) to use it.";
    } else if (fit != null) {
      advice = "Use " + fit.jar() + ".";
    } else {
      advice = "No gluten-delta-stats build exists for that combination (builds: "
          + KNOWN.stream().map(l -> l.jar() + " = " + l.describe()).collect(Collectors.joining(", "))
          + ").";
    }
    return "gluten-delta-stats: this is " + jar.jar() + " (" + jar.describe() + "), but this "
        + "application runs " + running.describe() + "; native statistics are off and Delta "
        + "computes its own statistics. " + advice;
  }

  /** The known line for these versions, or null. */
  public static Line lineFor(Running running) {
    if (running.delta() == null) {
      return null;
    }
    for (Line l : KNOWN) {
      if (l.spark().equals(majorMinor(running.spark())) && l.delta().equals(majorMinor(running.delta()))
          && l.scala().equals(majorMinor(running.scala()))) {
        return l;
      }
    }
    return null;
  }

  /**
   * Spark 3.5.6 and later check V2 write capabilities strictly, and Delta up to 3.3.2 does not
   * declare TRUNCATE, so vanilla REPLACE TABLE AS SELECT fails there (delta-io/delta#4671, fixed
   * in Delta 3.3.3). Not ours to fix; said once so the failure is not blamed on this jar.
   */
  public static String rtasWarning(Running running) {
    int[] s = numbers(running.spark());
    int[] d = running.delta() == null ? null : numbers(running.delta());
    if (d == null || s[0] != 3 || s[1] != 5 || s[2] < 6) {
      return null;
    }
    boolean oldDelta = d[0] < 3 || (d[0] == 3 && (d[1] < 3 || (d[1] == 3 && d[2] <= 2)));
    return oldDelta ? "gluten-delta-stats: Spark " + running.spark() + " with Delta " + running.delta()
        + ": Delta's own REPLACE TABLE AS SELECT and saveAsTable overwrite fail here ('does not support "
        + "truncate in batch mode', delta-io/delta#4671); Delta 3.3.3 fixes it, or use Spark 3.5.5." : null;
  }

  /** "3.5.5" → "3.5"; "2.13.8" → "2.13"; "4.0.0-SNAPSHOT" → "4.0". */
  static String majorMinor(String version) {
    if (version == null) {
      return "unknown";
    }
    int[] n = numbers(version);
    return n[0] + "." + n[1];
  }

  /** Major, minor, patch of a version string (missing or non-numeric parts are 0). */
  static int[] numbers(String version) {
    int[] out = new int[3];
    if (version == null) {
      return out;
    }
    String[] parts = version.split("[.\\-+]", 4);
    for (int i = 0; i < 3 && i < parts.length; i++) {
      try {
        out[i] = Integer.parseInt(parts[i]);
      } catch (NumberFormatException e) {
        break;
      }
    }
    return out;
  }

  /** The line this jar was built for, from {@link #RESOURCE} (IllegalStateException if missing or incomplete). */
  public static Line jarLine() {
    URL url = LineCheck.class.getClassLoader().getResource(RESOURCE);
    if (url == null) {
      throw new IllegalStateException("gluten-delta-stats: this jar carries no " + RESOURCE
          + ", so its line is unknown; native statistics are off and Delta computes its own statistics.");
    }
    Properties p = new Properties();
    try (InputStream in = url.openStream()) {
      p.load(in);
    } catch (IOException e) {
      throw new IllegalStateException("gluten-delta-stats: cannot read " + url + ": " + e
          + "; native statistics are off and Delta computes its own statistics.");
    }
    String id = p.getProperty("line");
    Line l = new Line(id, p.getProperty("spark"), p.getProperty("delta"), p.getProperty("scala"));
    if (id == null || l.spark() == null || l.delta() == null || l.scala() == null
        || !l.jar().equals(p.getProperty("jar", l.jar()))) {
      throw new IllegalStateException("gluten-delta-stats: " + url + " is incomplete (" + p
          + "); native statistics are off and Delta computes its own statistics.");
    }
    return l;
  }

  /** Spark, Delta and Scala versions of this JVM, read reflectively (nothing here links them). */
  static Running running() {
    return new Running(moduleString("org.apache.spark.package$", "SPARK_VERSION"),
        moduleString("io.delta.package$", "VERSION"),
        moduleString("scala.util.Properties$", "versionNumberString"));
  }

  private static String moduleString(String objectClass, String method) {
    try {
      Class<?> c = Class.forName(objectClass, true, LineCheck.class.getClassLoader());
      Object module = c.getField("MODULE$").get(null);
      return (String) c.getMethod(method).invoke(module);
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }
}
