package io.glutendelta.stats.bench.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The flag-value helpers every benchmark's option parser uses. */
public final class ArgValues {
  private ArgValues() {}

  /** {@code args[i]}, the value of {@code flag}; a clear error with the usage text when missing. */
  public static String value(String[] args, int i, String flag, String usage) {
    if (i >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value\n" + usage);
    }
    return args[i];
  }

  /** A comma-separated list, trimmed, lower-cased, empty entries dropped. */
  public static List<String> csv(String s) {
    return Arrays.stream(s.split(",")).map(t -> t.trim().toLowerCase(Locale.ROOT)).filter(t -> !t.isEmpty()).toList();
  }
}
