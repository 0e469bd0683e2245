package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import io.glutendelta.stats.bench.tpcds.TpcdsParquetCache;
import io.glutendelta.stats.bench.cli.ArgValues;
import io.glutendelta.stats.bench.report.LineInfo;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Command-line flags of the E2E benchmark, both views: {@link JvmPerModeBenchmark} (default: a
 * fresh JVM per mode, as users run Spark) and {@link DeltaWriteBenchmark} ({@code --one-jvm}: all
 * modes in one session). Every flag has a default that runs here.
 */
public final class E2eOptions {
  public static final List<String> DEFAULT_TABLES =
      List.of("store_sales", "catalog_sales", "web_sales", "inventory", "customer", "item");
  /** Our plugin, the one conf a user sets ({@code spark.plugins}). */
  public static final String DEFAULT_PLUGIN = "io.glutendelta.stats.GlutenDeltaStatsPlugin";

  double scaleFactor = 1;
  List<String> tables = DEFAULT_TABLES;
  List<WriteMode> modes = List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF);
  /** Discarded rounds; null = the view's default (1 in one JVM, 0 with a JVM per mode). */
  Integer warmupRounds;
  int rounds = 3;
  boolean oneJvm;
  /** JVM per mode: writes per JVM before the timed ones, the cold first write included. */
  int warmWrites = 2;
  /** JVM per mode: timed writes per JVM after the warm-up writes; their median is the warm figure. */
  int timedWrites = 3;
  String plugin = DEFAULT_PLUGIN;
  /** Results kind (folder name prefix and latest/ entry); null = the view's default. */
  String kind;
  /** The build line the jar on the classpath must be (scripts/bench-e2e.sh --line builds it); null = any. */
  String line;
  /** JVM per mode: -Xms = -Xmx and pre-touched heap, so RSS minus the heap is memory outside it. */
  boolean memory;
  /** JVM per mode: adds a store_sales write partitioned 16 ways with this many concurrent writers (0 = none). */
  int partitionWriters;
  /** JVM per mode: the extra flags of the native_b JVMs (an A/B against native). */
  List<String> nativeBJvmArgs = List.of();
  /** JVM per mode: the jar the native_b JVMs load in place of ours (an A/B of two builds); null: ours. */
  Path nativeBJar;
  /** JVM per mode: the extra flags of the vanilla_b JVMs (an A/B against vanilla). */
  List<String> vanillaBJvmArgs = List.of();
  Path cacheDir = Paths.get(System.getProperty("user.home"), ".cache", "gluten-delta-stats", "tpcds");
  Path workDir = Paths.get(System.getProperty("java.io.tmpdir"), "gds-bench-e2e");
  Path resultsDir = Paths.get("benchmarks", "results");
  String master = "local[2]";
  boolean generateOnly;
  boolean updateLatest = true;

  static final String USAGE = String.join("\n",
      "DeltaWriteBenchmark: TPC-DS tables written to Delta with vanilla / native / no statistics.",
      "  --sf N              TPC-DS scale factor (default 1; 10 on bigger machines)",
      "  --tables a,b|all    tables (default " + String.join(",", DEFAULT_TABLES) + "; all = every TPC-DS table)",
      "  --modes a,b         write modes among vanilla,native,off (default all three); off_again = off\n"
      + "                      once more per round, an A/A control of the machine's noise; native_b = native\n"
      + "                      in JVMs given --native-b-jvm-args or --native-b-jar, an A/B of a JVM flag,\n"
      + "                      a conf or a build; vanilla_b\n"
      + "                      the same for vanilla (--vanilla-b-jvm-args)",
      "  --native-b-jvm-args 'F ...'  JVM per mode: the extra JVM flags of native_b, e.g.\n"
      + "                      '-Dspark.glutendelta.stats.native.batchRows=256' (a -Dspark.* flag is a conf)",
      "  --native-b-jar JAR  JVM per mode: native_b loads this build of our jar instead of this one's (e.g. the\n"
      + "                      jar of the commit before a change: an A/B of the change as users run it)",
      "  --vanilla-b-jvm-args 'F ...'  JVM per mode: the extra JVM flags of vanilla_b, e.g.\n"
      + "                      '-Dspark.databricks.delta.properties.defaults.dataSkippingNumIndexedCols=0'",
      "  --rounds N          measured rounds (default 3, at least 1)",
      "  --warmup N          discarded warm-up rounds (default 1 with --one-jvm, else 0)",
      "  --one-jvm           all modes in one session, switched per write (the second view)",
      "  --warm-writes W     JVM per mode: writes before the timed ones, the cold one included (default 2)",
      "  --timed-writes T    JVM per mode: timed writes after them, median = warm figure (default 3)",
      "  --plugin CLASS      our SparkPlugin, set in spark.plugins for native (default " + DEFAULT_PLUGIN + ")",
      "  --memory            JVM per mode: -Xms=-Xmx with pre-touched heap, so RSS - heap = memory outside it",
      "  --partition-writers N  JVM per mode: also store_sales partitioned 16 ways with\n"
      + "                      spark.sql.maxConcurrentOutputFileWriters=N (table store_sales_p16)",
      "  --line L            the line measured, e.g. spark3.5_2.12: the jar on the classpath must be it\n"
      + "                      (scripts/bench-e2e.sh --line L builds that line; default: the jar's, spark4.2_2.13)",
      "  --kind K            results folder name (default e2e-jvm, e2e with --one-jvm; with --line L\n"
      + "                      e2e-L, e2e-one-jvm-L with --one-jvm)",
      "  --cache-dir DIR     cached Parquet source root (default ~/.cache/gluten-delta-stats/tpcds)",
      "  --work-dir DIR      scratch for the Delta tables written (default $TMPDIR/gds-bench-e2e)",
      "  --results-dir DIR   report root; a <timestamp>/ folder and latest/ are written (default benchmarks/results)",
      "  --master M          Spark master (default local[2])",
      "  --no-latest         do not refresh <results-dir>/latest",
      "  --generate-only     only build the cached Parquet source");

  /** The extra JVM flags of {@code mode}'s JVMs: its {@code _b} flags, none for the other modes. */
  List<String> jvmArgs(WriteMode mode) {
    return switch (mode) {
      case NATIVE_B -> nativeBJvmArgs;
      case VANILLA_B -> vanillaBJvmArgs;
      default -> List.of();
    };
  }

  /**
   * The classpath of {@code mode}'s JVMs: this JVM's, with our jar replaced by
   * {@code --native-b-jar} in native_b's.
   */
  String classpath(WriteMode mode, String own) {
    if (mode != WriteMode.NATIVE_B || nativeBJar == null) {
      return own;
    }
    Path ours;
    try {
      ours = Paths.get(GlutenDeltaStatsPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<String> out = new ArrayList<>();
    boolean replaced = false;
    for (String entry : own.split(File.pathSeparator)) {
      boolean isOurs = !entry.isEmpty() && Paths.get(entry).toAbsolutePath().equals(ours.toAbsolutePath());
      out.add(isOurs ? nativeBJar.toString() : entry);
      replaced |= isOurs;
    }
    if (!replaced) {
      throw new IllegalStateException("--native-b-jar: our jar " + ours + " is not on the classpath " + own);
    }
    return String.join(File.pathSeparator, out);
  }

  private static List<String> flags(String s) {
    return Arrays.stream(s.split("\\s+")).filter(f -> !f.isEmpty()).toList();
  }

  public static E2eOptions parse(String[] args) {
    E2eOptions o = new E2eOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--sf" -> o.scaleFactor = Double.parseDouble(value(args, ++i, a));
        case "--tables" -> {
          List<String> t = csv(value(args, ++i, a));
          o.tables = t.equals(List.of("all")) ? TpcdsParquetCache.allTables() : t;
        }
        case "--modes" -> {
          List<WriteMode> m = new ArrayList<>();
          for (String s : csv(value(args, ++i, a))) {
            WriteMode mode = WriteMode.parse(s);
            if (m.contains(mode)) {
              throw new IllegalArgumentException("--modes lists " + mode.label() + " twice (for an A/A "
                  + "control of the noise use off,off_again)");
            }
            m.add(mode);
          }
          o.modes = List.copyOf(m);
        }
        case "--rounds" -> o.rounds = Integer.parseInt(value(args, ++i, a));
        case "--warmup" -> o.warmupRounds = Integer.parseInt(value(args, ++i, a));
        case "--cache-dir" -> o.cacheDir = Paths.get(value(args, ++i, a));
        case "--work-dir" -> o.workDir = Paths.get(value(args, ++i, a));
        case "--results-dir" -> o.resultsDir = Paths.get(value(args, ++i, a));
        case "--master" -> o.master = value(args, ++i, a);
        case "--one-jvm" -> o.oneJvm = true;
        case "--warm-writes" -> o.warmWrites = Integer.parseInt(value(args, ++i, a));
        case "--timed-writes" -> o.timedWrites = Integer.parseInt(value(args, ++i, a));
        case "--plugin" -> o.plugin = value(args, ++i, a);
        case "--memory" -> o.memory = true;
        case "--native-b-jvm-args" -> o.nativeBJvmArgs = flags(value(args, ++i, a));
        case "--native-b-jar" -> o.nativeBJar = Paths.get(value(args, ++i, a)).toAbsolutePath();
        case "--vanilla-b-jvm-args" -> o.vanillaBJvmArgs = flags(value(args, ++i, a));
        case "--partition-writers" -> o.partitionWriters = Integer.parseInt(value(args, ++i, a));
        case "--kind" -> o.kind = value(args, ++i, a);
        case "--line" -> o.line = LineInfo.requireId(value(args, ++i, a));
        case "--no-latest" -> o.updateLatest = false;
        case "--generate-only" -> o.generateOnly = true;
        case "--help", "-h" -> throw new IllegalArgumentException(USAGE);
        default -> throw new IllegalArgumentException("unknown flag '" + a + "'\n" + USAGE);
      }
    }
    if (o.warmupRounds == null) {
      o.warmupRounds = o.oneJvm ? 1 : 0;
    }
    if (o.rounds < 1 || o.warmupRounds < 0) {
      throw new IllegalArgumentException("--rounds must be >= 1 and --warmup >= 0");
    }
    if (o.warmWrites < 1 || o.timedWrites < 1) {
      throw new IllegalArgumentException("--warm-writes and --timed-writes must be >= 1 (the first write "
          + "of a JVM is the cold one and counts as a warm-up write)");
    }
    if (o.partitionWriters < 0) {
      throw new IllegalArgumentException("--partition-writers must be >= 0");
    }
    if (o.oneJvm && (o.memory || o.partitionWriters > 0)) {
      throw new IllegalArgumentException("--memory and --partition-writers need a JVM per mode (drop --one-jvm)");
    }
    for (WriteMode b : List.of(WriteMode.NATIVE_B, WriteMode.VANILLA_B)) {
      String base = b.label().substring(0, b.label().length() - 2);
      boolean listed = o.modes.contains(b);
      boolean given = !o.jvmArgs(b).isEmpty() || b == WriteMode.NATIVE_B && o.nativeBJar != null;
      if (listed != given) {
        throw new IllegalArgumentException("--modes " + b.label() + " and --" + base + "-b-jvm-args"
            + (b == WriteMode.NATIVE_B ? " or --native-b-jar" : "") + " go together (" + b.label() + " is "
            + base + " in JVMs given those flags)");
      }
      if (listed && o.oneJvm) {
        throw new IllegalArgumentException(b.label() + " differs from " + base + " in its JVM's flags: it needs a "
            + "JVM per mode (drop --one-jvm)");
      }
    }
    if (o.nativeBJar != null && !Files.isRegularFile(o.nativeBJar)) {
      throw new IllegalArgumentException("--native-b-jar " + o.nativeBJar + ": no such file");
    }
    for (String t : o.tables) {
      TpcdsParquetCache.requireTable(t);
    }
    if (o.kind == null) {
      // Without --line the kinds stay what they were before there were lines (the README links them).
      o.kind = o.line == null ? (o.oneJvm ? "e2e" : "e2e-jvm") : (o.oneJvm ? "e2e-one-jvm-" : "e2e-") + o.line;
    }
    if (o.tables.isEmpty() || o.modes.isEmpty()) {
      throw new IllegalArgumentException("--tables and --modes must not be empty");
    }
    return o;
  }

  private static String value(String[] args, int i, String flag) {
    return ArgValues.value(args, i, flag, USAGE);
  }

  private static List<String> csv(String s) {
    return ArgValues.csv(s);
  }

  public double scaleFactor() {
    return scaleFactor;
  }

  public List<String> tables() {
    return tables;
  }

  public List<WriteMode> modes() {
    return modes;
  }

  public int rounds() {
    return rounds;
  }

  public int warmupRounds() {
    return warmupRounds;
  }

  public boolean oneJvm() {
    return oneJvm;
  }

  public int warmWrites() {
    return warmWrites;
  }

  public int timedWrites() {
    return timedWrites;
  }

  public String kind() {
    return kind;
  }

  public String line() {
    return line;
  }

  /** Tables written per round: the requested ones plus the partitioned variant when asked for. */
  public List<String> writtenTables() {
    if (partitionWriters == 0) {
      return tables;
    }
    List<String> out = new ArrayList<>(tables);
    out.add(PartitionedVariant.TABLE);
    return List.copyOf(out);
  }
}
