package io.glutendelta.stats.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
  @Test
  void lineChartsRenderOnBothAxesWithGapsAndZeros(@TempDir Path dir) throws Exception {
    Map<String, double[]> series = new LinkedHashMap<>();
    series.put("delta", new double[] {78, 77, 500});
    series.put("ours", new double[] {1, Double.NaN, 0}); // NaN: not measured; 0 cannot sit on a log axis
    for (boolean log : new boolean[] {false, true}) {
      Path png = dir.resolve("c-" + log + ".png");
      Charts.lines(png, "t", "run", "ratio", series, log);
      byte[] head = Arrays.copyOf(Files.readAllBytes(png), 4);
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, head);
      assertTrue(Files.size(png) > 1000);
    }
  }
}
