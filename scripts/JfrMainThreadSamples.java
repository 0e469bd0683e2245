import java.nio.file.Path;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * For scripts/profile-jit.sh: prints the execution samples of the JVM's main thread (the Spark
 * driver in the benchmark's child) from a JFR recording, one per line, "epoch-ns TAB frames",
 * frames top first and separated by ';'. `jfr print --json` of all threads' samples runs to
 * gigabytes per JVM; streaming one thread's keeps the report small. Run as a source file:
 * {@code java scripts/JfrMainThreadSamples.java rec.jfr}.
 */
public final class JfrMainThreadSamples {
  public static void main(String[] args) throws Exception {
    StringBuilder line = new StringBuilder();
    try (RecordingFile f = new RecordingFile(Path.of(args[0]))) {
      while (f.hasMoreEvents()) {
        RecordedEvent e = f.readEvent();
        if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
          continue;
        }
        var thread = e.getThread("sampledThread");
        if (thread == null || !"main".equals(thread.getJavaName())) {
          continue;
        }
        java.time.Instant t = e.getStartTime();
        line.setLength(0);
        line.append(t.getEpochSecond() * 1_000_000_000L + t.getNano()).append('\t');
        for (RecordedFrame fr : e.getStackTrace().getFrames()) {
          line.append(fr.getMethod().getType().getName()).append('.').append(fr.getMethod().getName()).append(';');
        }
        System.out.println(line);
      }
    }
  }
}
