package io.glutendelta.stats.jni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The once-only, remembered-outcome logic of the loader, with a fake load action. */
class OnceLoaderTest {
  private static final int THREADS = 16;

  /** Runs ensureLoaded from 16 threads released together; returns how many threads it threw in. */
  private static int hammer(OnceLoader loader) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Callable<Boolean> call = () -> {
          start.await();
          try {
            loader.ensureLoaded();
            return true;
          } catch (NativeLibraryUnavailableException e) {
            return false;
          }
        };
        results.add(pool.submit(call));
      }
      start.countDown();
      int failures = 0;
      for (Future<Boolean> r : results) {
        failures += r.get(60, TimeUnit.SECONDS) ? 0 : 1;
      }
      return failures;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void successfulLoadRunsOnceAcross16Threads() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    Path lib = Path.of("/fake/lib.so");
    OnceLoader loader = new OnceLoader(() -> {
      runs.incrementAndGet();
      Thread.sleep(20); // widen the race window
      return lib;
    });
    assertEquals(0, hammer(loader));
    assertEquals(1, runs.get());
    assertEquals(1, loader.attempts());
    assertTrue(loader.isAvailable());
    assertNull(loader.loadError());
    assertSame(lib, loader.loadedFrom());
  }

  @Test
  void failureIsRememberedNotRetried() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    OnceLoader loader = new OnceLoader(() -> {
      runs.incrementAndGet();
      throw new IOException("disk on fire");
    });
    assertEquals(THREADS, hammer(loader));
    assertFalse(loader.isAvailable());
    NativeLibraryUnavailableException first = loader.loadError();
    assertTrue(first.getMessage().contains("disk on fire"), first.getMessage());
    NativeLibraryUnavailableException again = assertThrows(NativeLibraryUnavailableException.class, loader::ensureLoaded);
    assertSame(first, again.getCause(), "later calls carry the first failure");
    assertEquals(1, runs.get());
    assertNull(loader.loadedFrom());
  }

  @Test
  void linkageErrorsBecomeUnavailable() {
    OnceLoader loader = new OnceLoader(() -> {
      throw new UnsatisfiedLinkError("wrong ELF class");
    });
    NativeLibraryUnavailableException e = assertThrows(NativeLibraryUnavailableException.class, loader::ensureLoaded);
    assertTrue(e.getMessage().contains("wrong ELF class"), e.getMessage());
  }
}
