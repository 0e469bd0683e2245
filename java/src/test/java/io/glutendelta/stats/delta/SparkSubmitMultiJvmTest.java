package io.glutendelta.stats.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.GlutenDeltaStatsPlugin;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * End to end in separate JVMs: {@code SparkSubmit} (from the Maven classpath, no Spark
 * distribution) with master {@code local-cluster[2,1,1024]}, so the two executors are their own
 * processes, and our jar passed only through {@code --jars}. Executors get Spark and Delta from
 * their class path, but not our classes: those (and the native library) must come from the
 * shipped jar. Uses {@code gds.test.jar} when it has been packaged and is current, else packs
 * target/classes into a jar itself.
 */
class SparkSubmitMultiJvmTest {

  @Test
  void nativeStatsOnExecutorsThroughJarsOption() throws Exception {
    Path work = Files.createTempDirectory("gds-multi-jvm");
    Path classes = Path.of("target", "classes").toAbsolutePath();
    Path testClasses = Path.of("target", "test-classes").toAbsolutePath();
    assertTrue(Files.isDirectory(classes.resolve("native")),
        "target/classes/native is missing: build the native library (mvn process-classes) first");
    Path productJar = productJar(classes, work);
    Path appJar = work.resolve("app.jar");
    jar(testClasses, appJar, p -> {
      String n = testClasses.relativize(p).toString();
      return n.startsWith("io/glutendelta/stats/delta/MultiJvmApp") || n.startsWith("io/glutendelta/stats/delta/DeltaLogStats");
    });

    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    String depsOnly = Stream.of(cp.split(File.pathSeparator))
        .filter(e -> !Path.of(e).toAbsolutePath().equals(classes) && !Path.of(e).toAbsolutePath().equals(testClasses))
        .collect(Collectors.joining(File.pathSeparator));
    String flags = System.getProperty("gds.spark.jvm.flags", sparkFlags());
    Path sparkHome = Files.createDirectories(work.resolve("spark-home"));

    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    cmd.addAll(List.of(flags.split("\\s+")));
    cmd.add("-Dspark.test.home=" + sparkHome);
    cmd.addAll(List.of("-cp", depsOnly, "org.apache.spark.deploy.SparkSubmit",
        "--master", "local-cluster[2,1,1024]",
        "--class", MultiJvmApp.class.getName(),
        "--jars", productJar.toString(),
        "--conf", "spark.plugins=" + GlutenDeltaStatsPlugin.class.getName(),
        "--conf", "spark.sql.extensions=io.delta.sql.DeltaSparkSessionExtension",
        "--conf", "spark.sql.catalog.spark_catalog=org.apache.spark.sql.delta.catalog.DeltaCatalog",
        "--conf", "spark.executor.extraClassPath=" + depsOnly,
        "--conf", "spark.executor.extraJavaOptions=" + flags,
        "--conf", "spark.driver.host=127.0.0.1",
        "--conf", "spark.driver.bindAddress=127.0.0.1",
        "--conf", "spark.ui.enabled=false",
        "--conf", "spark.sql.shuffle.partitions=2",
        "--conf", "spark.databricks.delta.snapshotPartitions=2",
        "--conf", "spark.sql.session.timeZone=UTC",
        appJar.toString(), work.resolve("tables").toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(work.resolve("submit.log").toFile());
    // Without a Spark distribution the worker builds executor commands in "testing" mode: no jars
    // directory is required and the Scala version is given explicitly.
    pb.environment().put("SPARK_TESTING", "1");
    // The line's own Scala binary version (2.12 or 2.13), as bin/spark-class would derive it.
    String scalaVersion = scala.util.Properties$.MODULE$.versionNumberString();
    pb.environment().put("SPARK_SCALA_VERSION",
        scalaVersion.substring(0, scalaVersion.lastIndexOf('.')));
    pb.environment().put("SPARK_HOME", sparkHome.toString());
    Process p = pb.start();
    boolean done = p.waitFor(10, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    String log = Files.readString(work.resolve("submit.log"), StandardCharsets.UTF_8);
    String marker = log.lines().filter(l -> l.startsWith("GDS-MULTI-JVM")).findFirst().orElse("(no marker line)");
    assertTrue(done, "spark-submit did not finish; log tail:\n" + tail(log));
    assertEquals(0, p.exitValue(), marker + "\nlog tail:\n" + tail(log));
    assertTrue(marker.startsWith("GDS-MULTI-JVM OK"), marker);
  }

  private static Path productJar(Path classes, Path work) throws IOException {
    String configured = System.getProperty("gds.test.jar");
    if (configured != null) {
      Path jar = Path.of(configured);
      if (Files.exists(jar) && Files.getLastModifiedTime(jar).compareTo(newest(classes)) >= 0) {
        return jar;
      }
    }
    Path jar = work.resolve("gluten-delta-stats.jar");
    jar(classes, jar, p -> true);
    return jar;
  }

  private static java.nio.file.attribute.FileTime newest(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).map(f -> {
        try {
          return Files.getLastModifiedTime(f);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).max(java.nio.file.attribute.FileTime::compareTo).orElseThrow();
    }
  }

  private static void jar(Path root, Path out, java.util.function.Predicate<Path> include) throws IOException {
    try (OutputStream os = Files.newOutputStream(out); JarOutputStream jos = new JarOutputStream(os);
         Stream<Path> files = Files.walk(root)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).filter(include)::iterator) {
        jos.putNextEntry(new JarEntry(root.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, jos);
        jos.closeEntry();
      }
    }
  }

  /** Spark's own launcher flags (org.apache.spark.launcher.JavaModuleOptions), as the test JVM got them. */
  private static String sparkFlags() {
    return String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
        .stream().filter(a -> a.startsWith("--add-") || a.startsWith("-XX:+IgnoreUnrecognized")
            || a.startsWith("-Dio.netty") || a.startsWith("-Djdk.reflect"))
        .toList());
  }

  private static String tail(String log) {
    String[] lines = log.split("\n");
    return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - 60), lines.length));
  }
}
