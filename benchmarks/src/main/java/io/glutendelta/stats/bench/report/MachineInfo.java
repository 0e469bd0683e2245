package io.glutendelta.stats.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/** One line describing where numbers came from: CPU, cores, memory, OS, JVM. */
public final class MachineInfo {
  private MachineInfo() {}

  public static String describe() {
    Runtime rt = Runtime.getRuntime();
    return String.format(Locale.ROOT, "%s, %d cores, %s RAM, %s %s, Java %s (%s), max heap %d MiB, "
            + "load average %s (1/5/15 min, at report time: other processes share the CPUs when it "
            + "exceeds the core count, so compare modes within one run only)",
        cpuModel(), rt.availableProcessors(), totalMemory(), System.getProperty("os.name"),
        System.getProperty("os.arch"), System.getProperty("java.version"),
        System.getProperty("java.vm.name"), rt.maxMemory() >> 20, loadAverage());
  }

  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " / " + f[1] + " / " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String cpuModel() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      return lines.filter(l -> l.startsWith("model name")).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU");
    } catch (IOException | RuntimeException e) {
      return "unknown CPU";
    }
  }

  private static String totalMemory() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
      return lines.filter(l -> l.startsWith("MemTotal")).findFirst()
          .map(l -> String.format(Locale.ROOT, "%.0f GiB",
              Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0))
          .orElse("? GiB");
    } catch (IOException | RuntimeException e) {
      return "? GiB";
    }
  }
}
