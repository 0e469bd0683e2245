package io.glutendelta.stats.jni;

import io.glutendelta.stats.engine.FileAggregates;
import io.glutendelta.stats.engine.NativeAggregator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A fresh JVM for loader tests (the real loader runs once per JVM): {@code args[0]} threads (default
 * 1) race for the first load as configured by system properties; prints how many succeeded, the
 * number of load attempts and where from, then runs one empty file through a task.
 * Exit code 2 with the error on stderr when the library is unavailable.
 */
public final class LoaderProbe {
  private LoaderProbe() {}

  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    // All threads race for the very first load of this JVM.
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger ok = new AtomicInteger();
    AtomicReference<NativeLibraryUnavailableException> failure = new AtomicReference<>();
    List<Thread> racers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread racer = new Thread(() -> {
        try {
          start.await();
          NativeLoader.load();
          ok.incrementAndGet();
        } catch (NativeLibraryUnavailableException e) {
          failure.set(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      racer.start();
      racers.add(racer);
    }
    start.countDown();
    for (Thread racer : racers) {
      racer.join();
    }
    if (failure.get() != null) {
      System.err.println("unavailable: " + failure.get().getMessage());
      System.exit(2);
    }
    System.out.println("threads ok " + ok.get() + " of " + threads + ", load attempts " + NativeLoader.attempts());
    System.out.println("loaded " + NativeLoader.loadedFrom());
    Schema schema = new Schema(List.of(new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    try (RootAllocator allocator = new RootAllocator(); NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.beginFile(1);
      FileAggregates stats = task.finishFile(1);
      System.out.println("numRecords " + stats.numRecords());
    }
  }
}
