package io.glutendelta.stats.batching;

/**
 * Transposes a 64 × 64 bit matrix in place: afterwards bit r of word c is what bit c of word r
 * was. With 64 staged rows' null words as input, word c becomes column c's null bits for the
 * block: 6 rounds of 32 masked swaps (the block-swap transpose of Hacker's Delight §7-3, with
 * bit 0 as the first column) instead of one shift-and-mask per row and column.
 *
 * <p>The rounds that swap words 32, 16 and 8 apart are loops with constant bounds, which the JIT
 * unrolls and keeps free of range checks; the rounds 4, 2 and 1 apart stay inside a group of 8
 * words, done in locals so a group is loaded and stored once for all three.
 */
final class BitMatrix {
  private BitMatrix() {}

  static void transpose64(long[] a) {
    swapRound(a, 32, 0x00000000FFFFFFFFL);
    swapRound(a, 16, 0x0000FFFF0000FFFFL);
    swapRound(a, 8, 0x00FF00FF00FF00FFL);
    final long m4 = 0x0F0F0F0F0F0F0F0FL;
    final long m2 = 0x3333333333333333L;
    final long m1 = 0x5555555555555555L;
    for (int g = 0; g < 64; g += 8) {
      long x0 = a[g];
      long x1 = a[g + 1];
      long x2 = a[g + 2];
      long x3 = a[g + 3];
      long x4 = a[g + 4];
      long x5 = a[g + 5];
      long x6 = a[g + 6];
      long x7 = a[g + 7];
      long t;
      t = ((x0 >>> 4) ^ x4) & m4; x0 ^= t << 4; x4 ^= t;
      t = ((x1 >>> 4) ^ x5) & m4; x1 ^= t << 4; x5 ^= t;
      t = ((x2 >>> 4) ^ x6) & m4; x2 ^= t << 4; x6 ^= t;
      t = ((x3 >>> 4) ^ x7) & m4; x3 ^= t << 4; x7 ^= t;
      t = ((x0 >>> 2) ^ x2) & m2; x0 ^= t << 2; x2 ^= t;
      t = ((x1 >>> 2) ^ x3) & m2; x1 ^= t << 2; x3 ^= t;
      t = ((x4 >>> 2) ^ x6) & m2; x4 ^= t << 2; x6 ^= t;
      t = ((x5 >>> 2) ^ x7) & m2; x5 ^= t << 2; x7 ^= t;
      t = ((x0 >>> 1) ^ x1) & m1; x0 ^= t << 1; x1 ^= t;
      t = ((x2 >>> 1) ^ x3) & m1; x2 ^= t << 1; x3 ^= t;
      t = ((x4 >>> 1) ^ x5) & m1; x4 ^= t << 1; x5 ^= t;
      t = ((x6 >>> 1) ^ x7) & m1; x6 ^= t << 1; x7 ^= t;
      a[g] = x0;
      a[g + 1] = x1;
      a[g + 2] = x2;
      a[g + 3] = x3;
      a[g + 4] = x4;
      a[g + 5] = x5;
      a[g + 6] = x6;
      a[g + 7] = x7;
    }
  }

  /**
   * One round: in every group of {@code 2 * j} words, word k swaps its upper j-bit halves (the
   * bits {@code mask} does not select, shifted) with word k + j's lower halves.
   */
  private static void swapRound(long[] a, int j, long mask) {
    for (int g = 0; g < 64; g += 2 * j) {
      for (int k = g; k < g + j; k++) {
        long x = a[k];
        long y = a[k + j];
        long t = ((x >>> j) ^ y) & mask;
        a[k] = x ^ (t << j);
        a[k + j] = y ^ t;
      }
    }
  }
}
