#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "aggregates/IntegerMinMaxAvx2.h"
#include "aggregates/MinMaxState.h"
#include "common/Bits.h"
#include "common/CpuFeatures.h"
#include "vector/LeafView.h"

// min and max of an integer-like leaf (integers, date, timestamp, decimal128) in ONE pass over
// the values. Equal integers are identical, so "first of equals wins" needs no care here.
//
// Nullable words: each validity byte is expanded through a table into 8 lane masks (0 or -1),
// and a null lane is blended with the identity (highest value for min, lowest for max) with
// and/or - no per-row shift of the validity word and no branch, so the loop vectorises with
// the x86-64 baseline (SSE2) instruction set. A word with at least one valid row yields real
// values: the identity can only win if a valid value equals it.
//
// Decimals of precision <= 18 are reduced on the low 64 bits of each 16-byte value: a value
// with |v| <= 10^18 - 1 is the sign extension of its low word. This relies on the producer
// (Spark/Arrow) keeping decimal values within their declared precision, as the Arrow format
// requires; a value outside it would be compared by its low word only.
//
// On an x86-64 CPU with AVX2, update() hands the whole view to the AVX2 kernels
// (IntegerMinMaxAvx2.h), which follow the same rules; the baseline loops below serve other CPUs,
// other architectures and wide decimals.

namespace gds {
namespace detail {

struct ByteLaneMasks {
  int8_t lanes[256][8];
  constexpr ByteLaneMasks() : lanes() {
    for (int byte = 0; byte < 256; ++byte) {
      for (int bit = 0; bit < 8; ++bit) {
        lanes[byte][bit] = static_cast<int8_t>(((byte >> bit) & 1) ? -1 : 0);
      }
    }
  }
};

inline constexpr ByteLaneMasks kByteLaneMasks{};

} // namespace detail

// T: the state's value type; L: the type compared (T itself, or int64_t for a decimal128 of
// precision <= 18, read from the low word of each sizeof(T)-byte value).
template <typename T, typename L>
struct IntegerMinMaxOperation {
  static constexpr L highest() {
    if constexpr (sizeof(L) == 16) {
      return static_cast<L>(~static_cast<unsigned __int128>(0) >> 1);
    } else {
      return std::numeric_limits<L>::max();
    }
  }
  static constexpr L lowest() {
    return -highest() - 1;
  }

  static L load(const uint8_t* values, int64_t index) {
    L value;
    std::memcpy(&value, values + index * static_cast<int64_t>(sizeof(T)), sizeof(L));
    return value;
  }

  // Independent running values per lane: without a vector compare for 64-bit lanes (SSE2 has
  // none) the loop stays scalar, and four chains of compare+cmove overlap instead of queueing.
  static constexpr int kLanes = 4;

  static void finish(const L (&mn)[kLanes], const L (&mx)[kLanes], L& lo, L& hi) {
    lo = mn[0];
    hi = mx[0];
    for (int j = 1; j < kLanes; ++j) {
      lo = mn[j] < lo ? mn[j] : lo;
      hi = mx[j] > hi ? mx[j] : hi;
    }
  }

  static void startLanes(L (&mn)[kLanes], L (&mx)[kLanes]) {
    for (int j = 0; j < kLanes; ++j) {
      mn[j] = highest();
      mx[j] = lowest();
    }
  }

  // step(row, lane) for rows [0, n): rows go round the kLanes lanes, the < kLanes leftover rows
  // too. Both lane loops have a constant trip count, so each lane stays in its own register (a
  // variable-length tail loop also made GCC 12 for aarch64 report a false
  // -Waggressive-loop-optimizations error).
  template <typename Step>
  static void overLanes(int n, Step&& step) {
    int i = 0;
    for (; i + kLanes <= n; i += kLanes) {
      for (int j = 0; j < kLanes; ++j) {
        step(i + j, j);
      }
    }
    for (int j = 0; j < kLanes - 1; ++j) {
      if (i + j < n) {
        step(i + j, j);
      }
    }
  }

  // Rows [begin, begin + n), all valid, 0 < n <= 64.
  static void reduceAll(const uint8_t* values, int64_t begin, int n, L& lo, L& hi) {
    L mn[kLanes];
    L mx[kLanes];
    startLanes(mn, mx);
    overLanes(n, [&](int row, int j) {
      const L v = load(values, begin + row);
      mn[j] = v < mn[j] ? v : mn[j];
      mx[j] = v > mx[j] ? v : mx[j];
    });
    finish(mn, mx, lo, hi);
  }

  // Rows [begin, begin + n) whose bit is set in 'valid' (not 0), n <= 64.
  static void reduceMasked(const uint8_t* values, int64_t begin, int n, uint64_t valid,
                           L& lo, L& hi) {
    int8_t masks[64];
    for (int group = 0; group < 8; ++group) {
      std::memcpy(masks + 8 * group, detail::kByteLaneMasks.lanes[(valid >> (8 * group)) & 0xff],
                  8);
    }
    L mn[kLanes];
    L mx[kLanes];
    startLanes(mn, mx);
    overLanes(n, [&](int row, int j) {
      const L v = load(values, begin + row);
      const L keep = static_cast<L>(masks[row]);
      const L forMin = (v & keep) | (highest() & ~keep);
      const L forMax = (v & keep) | (lowest() & ~keep);
      mn[j] = forMin < mn[j] ? forMin : mn[j];
      mx[j] = forMax > mx[j] ? forMax : mx[j];
    });
    finish(mn, mx, lo, hi);
  }

  static void merge(MinMaxState<T>& minState, MinMaxState<T>& maxState, L lo, L hi) {
    MinOperation<T>::mergeValue(minState, static_cast<T>(lo));
    MaxOperation<T>::mergeValue(maxState, static_cast<T>(hi));
  }

  static void update(MinMaxState<T>& minState, MinMaxState<T>& maxState, const LeafView& view) {
    if constexpr (simd::kX86Kernels && sizeof(L) <= 8) {
      if (simd::activeLevel() == simd::Level::kAvx2) {
        L lo;
        L hi;
        bool seen;
        if constexpr (sizeof(T) == sizeof(L)) {
          seen = avx2::integerMinMax(view, lo, hi);
        } else {
          static_assert(sizeof(T) == 16 && sizeof(L) == 8, "low word of a decimal128 only");
          seen = avx2::narrowDecimalMinMax(view, lo, hi);
        }
        if (seen) {
          merge(minState, maxState, lo, hi);
        }
        return;
      }
    }
    updateBaseline(minState, maxState, view);
  }

  // The portable path (SSE2 on x86-64, NEON on aarch64); every CPU and 128-bit comparisons.
  static void updateBaseline(MinMaxState<T>& minState, MinMaxState<T>& maxState,
                             const LeafView& view) {
    const int64_t n = view.numRows;
    if (n == 0) {
      return;
    }
    L lo;
    L hi;
    // 64 rows at a time also without nulls: the per-chunk merge costs nothing measurable.
    for (int64_t base = 0; base < n; base += 64) {
      const int chunk = n - base < 64 ? static_cast<int>(n - base) : 64;
      if (view.validity == nullptr) {
        reduceAll(view.values, view.start + base, chunk, lo, hi);
        merge(minState, maxState, lo, hi);
        continue;
      }
      const uint64_t word = bits::loadWord(view.validity, view.validityOffset + base, chunk);
      if (word == 0) {
        continue;
      }
      if (word == bits::lowMask(chunk)) {
        reduceAll(view.values, view.start + base, chunk, lo, hi);
      } else {
        reduceMasked(view.values, view.start + base, chunk, word, lo, hi);
      }
      merge(minState, maxState, lo, hi);
    }
  }
};

} // namespace gds
