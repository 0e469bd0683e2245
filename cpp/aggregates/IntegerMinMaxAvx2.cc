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
// in mixed words a null lane is replaced by a valid value of the same word (its first one), so
// one blend serves both min and max. Lane masks come from the word broadcast once per word,
// and-ed with per-vector selector constants and compared. Accumulators stay in registers across
// the whole view (up to four pairs, so that the 64-bit compare+blend chains overlap) and are
// reduced once at the end. Rows of a final partial vector are handled one at a time.

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

// Per-vector lane selectors (one bit each) of a 64-row word, 32-byte rows for vector loads.
template <typename Word, int kVectors, int kLanesPerVector>
struct SelectorTable {
  static_assert(sizeof(Word) * kLanesPerVector == 32, "one row per 256-bit vector");
  alignas(32) uint8_t bytes[kVectors][32];
  template <typename BitOf>
  constexpr SelectorTable(BitOf bitOf) : bytes() {
    for (int vector = 0; vector < kVectors; ++vector) {
      for (int lane = 0; lane < kLanesPerVector; ++lane) {
        const Word bit = bitOf(vector, lane);
        for (size_t b = 0; b < sizeof(Word); ++b) {  // little-endian lane bytes
          bytes[vector][lane * sizeof(Word) + b] = static_cast<uint8_t>(bit >> (8 * b));
        }
      }
    }
  }
};

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
  // Few vectors per word: each makes its mask from its own 32 bits of the word.
  using WordBits = uint64_t;
  GDS_AVX2_INLINE static WordBits spread(uint64_t word) {
    return word;
  }
  GDS_AVX2_INLINE static __m256i mask(WordBits word, int vector) {
    const uint64_t bits = word >> (vector * kLanes);
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
  using WordBits = uint64_t;
  GDS_AVX2_INLINE static WordBits spread(uint64_t word) {
    return word;
  }
  GDS_AVX2_INLINE static __m256i mask(WordBits word, int vector) {
    const uint64_t bits = word >> (vector * kLanes);
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
  // Each half of the word broadcast once; vector j tests bits 8j..8j+7 of its half.
  struct WordBits {
    __m256i low;
    __m256i high;
  };
  GDS_AVX2_INLINE static WordBits spread(uint64_t word) {
    return WordBits{_mm256_set1_epi32(static_cast<int32_t>(static_cast<uint32_t>(word))),
                    _mm256_set1_epi32(static_cast<int32_t>(static_cast<uint32_t>(word >> 32)))};
  }
  GDS_AVX2_INLINE static __m256i mask(const WordBits& word, int vector) {
    const __m256i selector = loadVector(kSelectors.bytes[vector]);
    return GDS_LANE_MASK(32, vector < 4 ? word.low : word.high, selector);
  }
  // Lane k of vector j: bit (8j + k) mod 32.
  static constexpr SelectorTable<uint32_t, 8, 8> kSelectors{
      [](int vector, int lane) { return uint32_t{1} << ((8 * vector + lane) % 32); }};
};

// AVX2 has a signed 64-bit greater-than but no 64-bit min/max: compare, then blend.
struct Int64LanesBase {
  using Value = int64_t;
  static constexpr int kLanes = 4;
  // The word broadcast once; vector j tests bits 4j..4j+3 (in its lane order).
  using WordBits = __m256i;
  GDS_AVX2_INLINE static WordBits spread(uint64_t word) {
    return _mm256_set1_epi64x(static_cast<int64_t>(word));
  }
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
  GDS_AVX2_INLINE static __m256i mask(WordBits word, int vector) {
    return GDS_LANE_MASK(64, word, loadVector(kSelectors.bytes[vector]));
  }
  static constexpr SelectorTable<uint64_t, 16, 4> kSelectors{
      [](int vector, int lane) { return uint64_t{1} << (4 * vector + lane); }};
};

// Low words of four 16-byte decimals. unpacklo works within 128-bit halves, so the lanes hold
// rows 0, 2, 1, 3 - min/max do not care about lane order, and the mask follows the same order.
struct NarrowDecimalLanes : Int64LanesBase {
  static constexpr int64_t kStride = 16;
  GDS_AVX2_INLINE static __m256i load(const uint8_t* values, int64_t row) {
    const uint8_t* address = values + row * kStride;
    return _mm256_unpacklo_epi64(loadVector(address), loadVector(address + 32));
  }
  GDS_AVX2_INLINE static __m256i mask(WordBits word, int vector) {
    return GDS_LANE_MASK(64, word, loadVector(kSelectors.bytes[vector]));
  }
  static constexpr SelectorTable<uint64_t, 16, 4> kSelectors{[](int vector, int lane) {
    constexpr int kRowOfLane[4] = {0, 2, 1, 3};
    return uint64_t{1} << (4 * vector + kRowOfLane[lane]);
  }};
};

#undef GDS_LANE_MASK

// Vector j of the word at 'row', its null lanes replaced by 'fill'.
template <typename Lanes>
GDS_AVX2_INLINE __m256i withFill(const uint8_t* values, int64_t row, int j,
                                 const typename Lanes::WordBits& wordBits, __m256i fill) {
  return _mm256_blendv_epi8(fill, Lanes::load(values, row + j * Lanes::kLanes),
                            Lanes::mask(wordBits, j));
}

template <typename Lanes>
GDS_AVX2_INLINE void accumulate(__m256i& mn, __m256i& mx, __m256i v) {
  mn = Lanes::min(mn, v);
  mx = Lanes::max(mx, v);
}

template <typename Lanes>
GDS_AVX2 bool reduce(const LeafView& view, typename Lanes::Value& lo, typename Lanes::Value& hi) {
  using Value = typename Lanes::Value;
  constexpr int kLanes = Lanes::kLanes;
  constexpr int kVectorsPerWord = 64 / kLanes;
  constexpr int kPairs = kVectorsPerWord < 4 ? kVectorsPerWord : 4;
  const Value highest = std::numeric_limits<Value>::max();
  const Value lowest = std::numeric_limits<Value>::min();

  __m256i mn[kPairs];
  __m256i mx[kPairs];
  for (int p = 0; p < kPairs; ++p) {
    mn[p] = Lanes::splat(highest);
    mx[p] = Lanes::splat(lowest);
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
    // Whole words go kPairs vectors at a time, so each accumulator index is a constant and the
    // accumulators stay in registers.
    if (chunk == 64 && word == ~uint64_t{0}) {
      for (int j = 0; j < kVectorsPerWord; j += kPairs) {
        for (int p = 0; p < kPairs; ++p) {
          accumulate<Lanes>(mn[p], mx[p], Lanes::load(values, row + (j + p) * kLanes));
        }
      }
      continue;
    }
    const typename Lanes::WordBits wordBits = Lanes::spread(word);
    const __m256i fill =
        Lanes::splat(loadScalar<Value>(values, row + __builtin_ctzll(word), Lanes::kStride));
    int vectors = kVectorsPerWord;
    if (chunk == 64) {
      for (int j = 0; j < kVectorsPerWord; j += kPairs) {
        for (int p = 0; p < kPairs; ++p) {
          accumulate<Lanes>(mn[p], mx[p], withFill<Lanes>(values, row, j + p, wordBits, fill));
        }
      }
    } else {  // the view's last, partial word
      vectors = chunk / kLanes;
      for (int j = 0; j < vectors; ++j) {
        accumulate<Lanes>(mn[0], mx[0], withFill<Lanes>(values, row, j, wordBits, fill));
      }
    }
    int i = vectors * kLanes;
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
