package io.glutendelta.stats.jni;

import io.glutendelta.stats.engine.FileStats;
import io.glutendelta.stats.engine.NativeStatsTask;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A fresh JVM for loader tests (the real loader runs once per JVM): loads the library as
 * configured by system properties, prints where from, and runs one empty file through a task.
 * Exit code 2 with the error on stderr when the library is unavailable.
 */
public final class LoaderProbe {
  private LoaderProbe() {}

  public static void main(String[] args) {
    try {
      NativeLoader.load();
    } catch (NativeLibraryUnavailableException e) {
      System.err.println("unavailable: " + e.getMessage());
      System.exit(2);
    }
    System.out.println("loaded " + NativeLoader.loadedFrom());
    Schema schema = new Schema(List.of(new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    try (RootAllocator allocator = new RootAllocator(); NativeStatsTask task = NativeStatsTask.create(allocator, schema)) {
      task.beginFile(1);
      FileStats stats = task.finishFile(1);
      System.out.println("numRecords " + stats.numRecords());
    }
  }
}
