#pragma once

#include <cstdint>
#include <cstring>

#include "common/CpuFeatures.h"

// Arrow validity bitmaps are LSB-first bytes with an arbitrary starting bit. These helpers read
// them 64 rows at a time without touching bytes beyond the last bit that belongs to the range,
// so a bitmap sized exactly to its array never causes an out-of-bounds read.

namespace gds::bits {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "bitmap words assume little-endian");

inline uint64_t lowMask(int64_t numBits) {
  return numBits >= 64 ? ~uint64_t{0} : (uint64_t{1} << numBits) - 1;
}

// Bits [bitOffset, bitOffset + numBits) of 'bitmap' as the low bits of a word; numBits <= 64.
inline uint64_t loadWord(const uint8_t* bitmap, int64_t bitOffset, int64_t numBits) {
  const uint8_t* bytes = bitmap + (bitOffset >> 3);
  const int shift = static_cast<int>(bitOffset & 7);
  if (numBits == 64) {  // the common case, without the variable-length copy below
    uint64_t low;
    std::memcpy(&low, bytes, sizeof(low));
    return shift == 0 ? low : (low >> shift) | (static_cast<uint64_t>(bytes[8]) << (64 - shift));
  }
  const int64_t numBytes = (shift + numBits + 7) >> 3;  // at most 9
  uint8_t buffer[16] = {0};
  std::memcpy(buffer, bytes, static_cast<size_t>(numBytes));
  uint64_t low;
  std::memcpy(&low, buffer, sizeof(low));
  uint64_t word = low >> shift;
  if (shift != 0) {
    word |= static_cast<uint64_t>(buffer[8]) << (64 - shift);
  }
  return word & lowMask(numBits);
}

inline int64_t numWords(int64_t numBits) {
  return (numBits + 63) >> 6;
}

// Number of set bits in [bitOffset, bitOffset + numBits). Always inlined, so the caller's
// instruction set decides what the builtin becomes: without POPCNT it is a libgcc call.
__attribute__((always_inline)) inline int64_t countSetLoop(const uint8_t* bitmap,
                                                           int64_t bitOffset, int64_t numBits) {
  int64_t count = 0;
  for (int64_t done = 0; done < numBits; done += 64) {
    const int64_t chunk = numBits - done < 64 ? numBits - done : 64;
    count += __builtin_popcountll(loadWord(bitmap, bitOffset + done, chunk));
  }
  return count;
}

// countSetLoop compiled for POPCNT (BitsPopcnt.cc); only when simd::activeLevel() is kAvx2.
int64_t countSetPopcnt(const uint8_t* bitmap, int64_t bitOffset, int64_t numBits);

inline int64_t countSet(const uint8_t* bitmap, int64_t bitOffset, int64_t numBits) {
  if constexpr (simd::kX86Kernels) {
    if (simd::activeLevel() == simd::Level::kAvx2) {
      return countSetPopcnt(bitmap, bitOffset, numBits);
    }
  }
  return countSetLoop(bitmap, bitOffset, numBits);
}

} // namespace gds::bits
