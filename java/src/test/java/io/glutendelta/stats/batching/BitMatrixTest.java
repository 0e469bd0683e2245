package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BitMatrixTest {
  private static long[] naive(long[] a) {
    long[] t = new long[64];
    for (int r = 0; r < 64; r++) {
      for (int c = 0; c < 64; c++) {
        t[c] |= (a[r] >>> c & 1L) << r;
      }
    }
    return t;
  }

  @Test
  void matchesBitByBitTransposeOnRandomAndEdgeMatrices() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int i = 0; i < 200; i++) {
      long[] a = new long[64];
      for (int r = 0; r < 64; r++) {
        a[r] = switch (i % 4) {
          case 0 -> rnd.nextLong();
          case 1 -> rnd.nextInt(8) == 0 ? rnd.nextLong() : 0L;  // sparse: few nulls
          case 2 -> -1L << rnd.nextInt(64);                     // prefixes
          default -> 1L << rnd.nextInt(64);                      // one bit per row
        };
      }
      long[] want = naive(a);
      long[] got = a.clone();
      BitMatrix.transpose64(got);
      assertArrayEquals(want, got, "matrix " + i);
      BitMatrix.transpose64(got);
      assertArrayEquals(a, got, "transposing twice gives the input back, matrix " + i);
    }
  }

  @Test
  void singleBitLandsAtTheMirroredPosition() {
    for (int r = 0; r < 64; r++) {
      for (int c = 0; c < 64; c += 7) {
        long[] a = new long[64];
        a[r] = 1L << c;
        BitMatrix.transpose64(a);
        for (int w = 0; w < 64; w++) {
          assertEquals(w == c ? 1L << r : 0L, a[w], "bit (" + r + "," + c + ") word " + w);
        }
      }
    }
  }
}
