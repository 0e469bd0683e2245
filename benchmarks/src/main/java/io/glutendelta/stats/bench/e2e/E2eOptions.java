package io.glutendelta.stats.bench.e2e;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Command-line flags of {@link DeltaWriteBenchmark}; every flag has a default that runs here. */
public final class E2eOptions {
  public static final List<String> DEFAULT_TABLES =
      List.of("store_sales", "catalog_sales", "web_sales", "inventory", "customer", "item");

  double scaleFactor = 1;
  List<String> tables = DEFAULT_TABLES;
  List<WriteMode> modes = List.of(WriteMode.VANILLA, WriteMode.NATIVE, WriteMode.OFF);
  int warmupRounds = 1;
  int rounds = 3;
  Path cacheDir = Paths.get(System.getProperty("user.home"), ".cache", "gluten-delta-stats", "tpcds");
  Path workDir = Paths.get(System.getProperty("java.io.tmpdir"), "gds-bench-e2e");
  Path resultsDir = Paths.get("benchmarks", "results");
  String master = "local[2]";
  boolean generateOnly;
  boolean updateLatest = true;

  static final String USAGE = String.join("\n",
      "DeltaWriteBenchmark: TPC-DS tables written to Delta with vanilla / native / no statistics.",
      "  --sf N              TPC-DS scale factor (default 1; 10 on bigger machines)",
      "  --tables a,b        tables (default " + String.join(",", DEFAULT_TABLES) + ")",
      "  --modes a,b         write modes among vanilla,native,off (default all three); off_again = off\n"
      + "                      once more per round, an A/A control of the machine's noise",
      "  --rounds N          measured rounds (default 3, at least 1)",
      "  --warmup N          discarded warm-up rounds (default 1)",
      "  --cache-dir DIR     cached Parquet source root (default ~/.cache/gluten-delta-stats/tpcds)",
      "  --work-dir DIR      scratch for the Delta tables written (default $TMPDIR/gds-bench-e2e)",
      "  --results-dir DIR   report root; a <timestamp>/ folder and latest/ are written (default benchmarks/results)",
      "  --master M          Spark master (default local[2])",
      "  --no-latest         do not refresh <results-dir>/latest",
      "  --generate-only     only build the cached Parquet source");

  public static E2eOptions parse(String[] args) {
    E2eOptions o = new E2eOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--sf" -> o.scaleFactor = Double.parseDouble(value(args, ++i, a));
        case "--tables" -> o.tables = csv(value(args, ++i, a));
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
        case "--no-latest" -> o.updateLatest = false;
        case "--generate-only" -> o.generateOnly = true;
        case "--help", "-h" -> throw new IllegalArgumentException(USAGE);
        default -> throw new IllegalArgumentException("unknown flag '" + a + "'\n" + USAGE);
      }
    }
    if (o.rounds < 1 || o.warmupRounds < 0) {
      throw new IllegalArgumentException("--rounds must be >= 1 and --warmup >= 0");
    }
    if (o.tables.isEmpty() || o.modes.isEmpty()) {
      throw new IllegalArgumentException("--tables and --modes must not be empty");
    }
    return o;
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value\n" + USAGE);
    }
    return args[i];
  }

  private static List<String> csv(String s) {
    return Arrays.stream(s.split(",")).map(t -> t.trim().toLowerCase(Locale.ROOT)).filter(t -> !t.isEmpty()).toList();
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
}
