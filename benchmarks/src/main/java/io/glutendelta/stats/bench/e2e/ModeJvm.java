package io.glutendelta.stats.bench.e2e;

import io.glutendelta.stats.bench.tpcds.Dirs;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One child JVM of {@link JvmPerModeBenchmark}: builds the SparkSession a user's application of
 * this mode would have (our plugin in {@code spark.plugins} for native, not at all for vanilla
 * and off; off also sets {@code spark.databricks.delta.stats.collect=false}), writes one table
 * {@code --writes} times, each to a new Delta table, and writes what it measured to
 * {@code --out}. The first write is the cold one. The Delta logs of stats-collecting writes are
 * kept under {@code --keep-logs} for the parent's stats comparison.
 */
public final class ModeJvm {
  private ModeJvm() {}

  /** Command line of a child, built by the parent and parsed here. */
  record Args(WriteMode mode, String table, Path source, Path work, Path keepLogs, int writes, String master,
      String plugin, long launchNanos, Path out, int partitionWriters) {
    List<String> toList() {
      return List.of("--mode", mode.label(), "--table", table, "--source", source.toString(), "--work",
          work.toString(), "--keep-logs", keepLogs.toString(), "--writes", Integer.toString(writes), "--master",
          master, "--plugin", plugin, "--launch-nanos", Long.toString(launchNanos), "--out", out.toString(),
          "--partition-writers", Integer.toString(partitionWriters));
    }

    static Args parse(String[] a) {
      Map<String, String> m = new HashMap<>();
      for (int i = 0; i < a.length; i += 2) {
        if (!a[i].startsWith("--") || i + 1 >= a.length) {
          throw new IllegalArgumentException("ModeJvm: expected --flag value pairs, got '" + a[i] + "'");
        }
        m.put(a[i].substring(2), a[i + 1]);
      }
      Args r = new Args(WriteMode.parse(need(m, "mode")), need(m, "table"), Paths.get(need(m, "source")),
          Paths.get(need(m, "work")), Paths.get(need(m, "keep-logs")), Integer.parseInt(need(m, "writes")),
          need(m, "master"), need(m, "plugin"), Long.parseLong(need(m, "launch-nanos")), Paths.get(need(m, "out")),
          Integer.parseInt(m.getOrDefault("partition-writers", "0")));
      if (r.writes < 1) {
        throw new IllegalArgumentException("ModeJvm: --writes must be >= 1");
      }
      if (r.table.equals(PartitionedVariant.TABLE) && r.partitionWriters < 1) {
        throw new IllegalArgumentException("ModeJvm: " + PartitionedVariant.TABLE + " needs --partition-writers");
      }
      return r;
    }

    private static String need(Map<String, String> m, String k) {
      String v = m.get(k);
      if (v == null) {
        throw new IllegalArgumentException("ModeJvm: --" + k + " missing");
      }
      return v;
    }
  }

  public static void main(String[] argv) throws Exception {
    Args a = Args.parse(argv);
    MemoryWatch memory = new MemoryWatch();
    JvmRun run = new JvmRun();
    run.launchNanos = a.launchNanos();
    run.heapMaxBytes = Runtime.getRuntime().maxMemory();
    run.heapPreTouched = ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+AlwaysPreTouch");
    Map<String, String> confs = new HashMap<>();
    if (!a.mode().collectsStats()) {
      confs.put(WriteMode.DELTA_COLLECT_STATS, "false");
    }
    if (a.partitionWriters() > 0) {
      confs.put(PartitionedVariant.MAX_WRITERS, Integer.toString(a.partitionWriters()));
    }
    SparkSession spark = DeltaWriteBenchmark.session(a.master(), a.mode().nativeStats() ? a.plugin() : null,
        confs);
    run.sessionReadyNanos = System.nanoTime();
    try {
      boolean partitioned = a.table().equals(PartitionedVariant.TABLE);
      for (int i = 0; i < a.writes(); i++) {
        Path target = a.work().resolve("w" + i);
        if (i > 0) {
          System.gc(); // not before the cold write: an application does not collect before its first
        }
        Dataset<Row> source = spark.read().parquet(a.source().toString());
        memory.reset();
        NativePath path = NativePath.watch();
        ProcessClock c0 = ProcessClock.now();
        long t0 = System.nanoTime();
        if (partitioned) {
          PartitionedVariant.writer(source).save(target.toString());
        } else {
          source.write().format("delta").save(target.toString());
        }
        long t1 = System.nanoTime();
        ProcessClock c1 = ProcessClock.now();
        if (i == 0) {
          run.cpuToFirstWriteSeconds = c1.cpuNanos() < 0 ? Double.NaN : c1.cpuNanos() / 1e9;
        }
        String problem = path.problem(a.mode());
        if (problem != null) {
          run.problems.add(a.table() + " write " + i + " " + problem);
        }
        DeltaLogStats stats = DeltaLogStats.read(target);
        run.writes.add(new JvmRun.Write(t0, t1, c1.cpuSecondsSince(c0), c1.gcSecondsSince(c0), memory.peakRssBytes(),
            memory.peakHeapAfterGcBytes(), stats.files(), path.nativeFiles()));
        if (a.mode().collectsStats()) {
          Path keep = a.keepLogs().resolve("w" + i);
          Files.createDirectories(keep);
          Files.move(target.resolve("_delta_log"), keep.resolve("_delta_log"));
        }
        Dirs.deleteRecursively(target);
        System.out.printf(Locale.ROOT, "[jvm %s %s] write %d/%d%s %7.2f s cpu=%.2f s rss=%d MiB files=%d stats from %s%n",
            a.mode().label(), a.table(), i + 1, a.writes(), i == 0 ? " (cold)" : "", (t1 - t0) / 1e9,
            c1.cpuSecondsSince(c0), memory.peakRssBytes() >> 20, stats.files(), path.source());
      }
      run.rssPeakPerWrite = memory.rssPeakPerWrite();
      run.arrowPeakBytes = memory.arrowPeakBytes();
      // After the timed writes, so that counting cannot warm anything up for them.
      run.sourceRows = spark.read().parquet(a.source().toString()).count();
    } catch (RuntimeException | IOException e) {
      run.problems.add(a.table() + " " + a.mode().label() + ": " + e);
      throw e;
    } finally {
      Files.write(a.out(), run.toLines(), StandardCharsets.UTF_8);
      spark.stop();
    }
  }
}
