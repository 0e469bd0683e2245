#include "aggregates/IntegerMinMaxAvx2.h"

#include <immintrin.h>

#include <cstring>
#include <limits>

#include "common/Bits.h"

// One reduction loop, instantiated per lane layout. Every function here carries the avx2
// target attribute (helpers are force-inlined into the kernels), so nothing outside this file
// is compiled for AVX2 - a shared inline function compiled for AVX2 in one object could
// otherwise be picked by the linker for the baseline callers too.
//
// Per 64-row validity word: all-null words are skipped, full words take the plain min/max, and
// mixed words blend null lanes with the identity (highest for min, lowest for max); lane masks
// are made from the word with a broadcast, an and and a compare. Accumulators stay in registers
// across the whole view (up to four pairs, so that the 64-bit compare+blend chains overlap) and
// are reduced once at the end. Rows of a final partial vector are handled one at a time.

#define GDS_AVX2 __attribute__((target("avx2,popcnt")))
#define GDS_AVX2_INLINE __attribute__((target("avx2,popcnt"), always_inline)) inline

namespace gds::avx2 {
namespace {

template <typename V>
GDS_AVX2_INLINE V loadScalar(const uint8_t* values, int64_t row, int64_t stride) {
  V value;
  std::memcpy(&value, values + row * stride, sizeof(V));
  return value;
}

GDS_AVX2_INLINE __m256i loadVector(const uint8_t* address) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(address));
}

// Lane mask from 'bits': lane i is all ones when (bits & selector[i]) == selector[i].
#define GDS_LANE_MASK(width, splat, selector) \
  _mm256_cmpeq_epi##width(_mm256_and_si256(splat, selector), selector)

struct Int8Lanes {
  using Value = int8_t;
  static constexpr int kLanes = 32;
  static constexpr int64_t kStride = 1;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    return loadVector(values + row);
  }
  GDS_AVX2_INLINE static __m256i splat(Value v) {
    return _mm256_set1_epi8(v);
  }
  GDS_AVX2_INLINE static __m256i min(__m256i a, __m256i b) {
    return _mm256_min_epi8(a, b);
  }
  GDS_AVX2_INLINE static __m256i max(__m256i a, __m256i b) {
    return _mm256_max_epi8(a, b);
  }
  GDS_AVX2_INLINE static __m256i mask(uint64_t bits) {
    // Byte k of the low 32 bits goes to lanes 8k..8k+7, then each lane tests its own bit.
    const __m256i spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(static_cast<int32_t>(static_cast<uint32_t>(bits))),
        _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                         2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
    return GDS_LANE_MASK(8, spread, _mm256_set1_epi64x(0x8040201008040201));
  }
};

struct Int16Lanes {
  using Value = int16_t;
  static constexpr int kLanes = 16;
  static constexpr int64_t kStride = 2;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    return loadVector(values + row * kStride);
  }
  GDS_AVX2_INLINE static __m256i splat(Value v) {
    return _mm256_set1_epi16(v);
  }
  GDS_AVX2_INLINE static __m256i min(__m256i a, __m256i b) {
    return _mm256_min_epi16(a, b);
  }
  GDS_AVX2_INLINE static __m256i max(__m256i a, __m256i b) {
    return _mm256_max_epi16(a, b);
  }
  GDS_AVX2_INLINE static __m256i mask(uint64_t bits) {
    return GDS_LANE_MASK(16, _mm256_set1_epi16(static_cast<int16_t>(bits & 0xffff)),
                         _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048,
                                           4096, 8192, 16384, static_cast<int16_t>(0x8000)));
  }
};

struct Int32Lanes {
  using Value = int32_t;
  static constexpr int kLanes = 8;
  static constexpr int64_t kStride = 4;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    return loadVector(values + row * kStride);
  }
  GDS_AVX2_INLINE static __m256i splat(Value v) {
    return _mm256_set1_epi32(v);
  }
  GDS_AVX2_INLINE static __m256i min(__m256i a, __m256i b) {
    return _mm256_min_epi32(a, b);
  }
  GDS_AVX2_INLINE static __m256i max(__m256i a, __m256i b) {
    return _mm256_max_epi32(a, b);
  }
  GDS_AVX2_INLINE static __m256i mask(uint64_t bits) {
    return GDS_LANE_MASK(32, _mm256_set1_epi32(static_cast<int32_t>(bits & 0xff)),
                         _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128));
  }
};

// AVX2 has a signed 64-bit greater-than but no 64-bit min/max: compare, then blend.
struct Int64LanesBase {
  using Value = int64_t;
  static constexpr int kLanes = 4;
  GDS_AVX2_INLINE static __m256i splat(Value v) {
    return _mm256_set1_epi64x(v);
  }
  GDS_AVX2_INLINE static __m256i min(__m256i a, __m256i b) {
    return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
  }
  GDS_AVX2_INLINE static __m256i max(__m256i a, __m256i b) {
    return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(b, a));
  }
};

struct Int64Lanes : Int64LanesBase {
  static constexpr int64_t kStride = 8;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    return loadVector(values + row * kStride);
  }
  GDS_AVX2_INLINE static __m256i mask(uint64_t bits) {
    return GDS_LANE_MASK(64, _mm256_set1_epi64x(static_cast<int64_t>(bits & 0xf)),
                         _mm256_setr_epi64x(1, 2, 4, 8));
  }
};

// Low words of four 16-byte decimals. unpacklo works within 128-bit halves, so the lanes hold
// rows 0, 2, 1, 3 - min/max do not care about lane order, and the mask follows the same order.
struct NarrowDecimalLanes : Int64LanesBase {
  static constexpr int64_t kStride = 16;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    const uint8_t* address = values + row * kStride;
    return _mm256_unpacklo_epi64(loadVector(address), loadVector(address + 32));
  }
  GDS_AVX2_INLINE static __m256i mask(uint64_t bits) {
    return GDS_LANE_MASK(64, _mm256_set1_epi64x(static_cast<int64_t>(bits & 0xf)),
                         _mm256_setr_epi64x(1, 4, 2, 8));
  }
};

#undef GDS_LANE_MASK

template <typename Lanes>
GDS_AVX2 bool reduce(const LeafView& view, typename Lanes::Value& lo, typename Lanes::Value& hi) {
  using Value = typename Lanes::Value;
  constexpr int kLanes = Lanes::kLanes;
  constexpr int kVectorsPerWord = 64 / kLanes;
  constexpr int kPairs = kVectorsPerWord < 4 ? kVectorsPerWord : 4;
  const Value highest = std::numeric_limits<Value>::max();
  const Value lowest = std::numeric_limits<Value>::min();
  const __m256i highestVector = Lanes::splat(highest);
  const __m256i lowestVector = Lanes::splat(lowest);

  __m256i mn[kPairs];
  __m256i mx[kPairs];
  for (int p = 0; p < kPairs; ++p) {
    mn[p] = highestVector;
    mx[p] = lowestVector;
  }
  Value scalarLo = highest;
  Value scalarHi = lowest;
  bool seen = false;

  const uint8_t* values = view.values;
  const int64_t n = view.numRows;
  for (int64_t base = 0; base < n; base += 64) {
    const int chunk = n - base < 64 ? static_cast<int>(n - base) : 64;
    const uint64_t word = view.validity == nullptr
                              ? bits::lowMask(chunk)
                              : bits::loadWord(view.validity, view.validityOffset + base, chunk);
    if (word == 0) {
      continue;
    }
    seen = true;
    const int64_t row = view.start + base;
    if (chunk == 64 && word == ~uint64_t{0}) {
      for (int j = 0; j < kVectorsPerWord; ++j) {
        const __m256i v = Lanes::load(values, row + j * kLanes);
        mn[j % kPairs] = Lanes::min(mn[j % kPairs], v);
        mx[j % kPairs] = Lanes::max(mx[j % kPairs], v);
      }
      continue;
    }
    int i = 0;
    for (; i + kLanes <= chunk; i += kLanes) {
      const __m256i keep = Lanes::mask(word >> i);
      const __m256i v = Lanes::load(values, row + i);
      const int p = (i / kLanes) % kPairs;
      mn[p] = Lanes::min(mn[p], _mm256_blendv_epi8(highestVector, v, keep));
      mx[p] = Lanes::max(mx[p], _mm256_blendv_epi8(lowestVector, v, keep));
    }
    for (; i < chunk; ++i) {  // the last word's rows past its final whole vector
      if ((word >> i) & 1) {
        const Value v = loadScalar<Value>(values, row + i, Lanes::kStride);
        scalarLo = v < scalarLo ? v : scalarLo;
        scalarHi = v > scalarHi ? v : scalarHi;
      }
    }
  }
  if (!seen) {
    return false;
  }
  for (int p = 1; p < kPairs; ++p) {
    mn[0] = Lanes::min(mn[0], mn[p]);
    mx[0] = Lanes::max(mx[0], mx[p]);
  }
  Value minLanes[kLanes];
  Value maxLanes[kLanes];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(minLanes), mn[0]);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(maxLanes), mx[0]);
  for (int j = 0; j < kLanes; ++j) {
    scalarLo = minLanes[j] < scalarLo ? minLanes[j] : scalarLo;
    scalarHi = maxLanes[j] > scalarHi ? maxLanes[j] : scalarHi;
  }
  lo = scalarLo;
  hi = scalarHi;
  return true;
}

} // namespace

GDS_AVX2 bool integerMinMax(const LeafView& view, int8_t& lo, int8_t& hi) {
  return reduce<Int8Lanes>(view, lo, hi);
}

GDS_AVX2 bool integerMinMax(const LeafView& view, int16_t& lo, int16_t& hi) {
  return reduce<Int16Lanes>(view, lo, hi);
}

GDS_AVX2 bool integerMinMax(const LeafView& view, int32_t& lo, int32_t& hi) {
  return reduce<Int32Lanes>(view, lo, hi);
}

GDS_AVX2 bool integerMinMax(const LeafView& view, int64_t& lo, int64_t& hi) {
  return reduce<Int64Lanes>(view, lo, hi);
}

GDS_AVX2 bool narrowDecimalMinMax(const LeafView& view, int64_t& lo, int64_t& hi) {
  return reduce<NarrowDecimalLanes>(view, lo, hi);
}

} // namespace gds::avx2
