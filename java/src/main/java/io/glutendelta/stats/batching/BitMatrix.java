package io.glutendelta.stats.batching;

/**
 * Transposes a 64 × 64 bit matrix in place: afterwards bit r of word c is what bit c of word r
 * was. With 64 staged rows' null words as input, word c becomes column c's null bits for the
 * block: 6 rounds of 32 masked swaps (the block-swap transpose of Hacker's Delight §7-3, with
 * bit 0 as the first column) instead of one shift-and-mask per row and column.
 */
final class BitMatrix {
  private BitMatrix() {}

  static void transpose64(long[] a) {
    long m = 0x00000000FFFFFFFFL;
    for (int j = 32; j != 0; j >>>= 1, m ^= m << j) {
      // rows k with bit j clear swap their upper j-bit halves with row k + j's lower halves
      for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        long t = ((a[k] >>> j) ^ a[k | j]) & m;
        a[k] ^= t << j;
        a[k | j] ^= t;
      }
    }
  }
}
