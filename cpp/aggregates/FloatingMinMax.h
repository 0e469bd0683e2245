#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "aggregates/MinMaxState.h"
#include "common/Bits.h"
#include "common/Unaligned.h"
#include "vector/LeafView.h"

// min and max of a float or double leaf under Spark's ordering (NaN largest, -0.0 = 0.0 with
// the first seen kept; MinMaxState.h). Integers and decimals take IntegerMinMax.h, where equal
// values are identical and one pass serves both.
//
// Values are reduced in blocks by branch-free loops the compiler can vectorise (a batch without
// nulls is one block; otherwise each 64-row validity word is one, nulls replaced by the
// identity element); the block's first-of-equals candidate is then merged with one strict
// comparison.

namespace gds {

template <typename T, bool kIsMax>
struct FloatingExtremum {
  static_assert(std::is_floating_point_v<T>, "integer min/max: see IntegerMinMax.h");
  using Merge = ExtremumOperation<T, kIsMax>;

  // A NaN-skipping IEEE reduction (vectorisable), then the rare fix-ups - NaN wins for max /
  // only-NaN for min, and for a zero result the first zero's sign is the answer.
  static T blockExtremum(const uint8_t* values, int64_t begin, int64_t n) {
    int64_t nans = 0;
    T result = kIsMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    for (int64_t i = 0; i < n; ++i) {
      const T v = loadUnaligned<T>(values, begin + i);
      nans += v != v;
      if constexpr (kIsMax) {
        result = v > result ? v : result;
      } else {
        result = v < result ? v : result;
      }
    }
    if ((kIsMax && nans > 0) || (!kIsMax && nans == n)) {
      return firstMatch(values, begin, n, [](T v) { return v != v; });
    }
    if (result == 0) {
      return firstMatch(values, begin, n, [](T v) { return v == 0; });
    }
    return result;
  }

  // Rows whose bit is set in 'valid' (not 0), n <= 64: as blockExtremum. The identity (+Inf for
  // min, -Inf for max) cannot change a result: a valid +Inf minimum equals it bit for bit, and
  // the NaN/zero fix-ups look only at valid rows.
  static T maskedExtremum(const uint8_t* values, int64_t begin, int64_t n, uint64_t valid) {
    const T identity =
        kIsMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    int64_t nans = 0;
    T result = identity;
    for (int64_t i = 0; i < n; ++i) {
      const bool isValid = (valid >> i) & 1;
      const T raw = loadUnaligned<T>(values, begin + i);
      nans += isValid & (raw != raw);
      const T v = isValid ? raw : identity;
      if constexpr (kIsMax) {
        result = v > result ? v : result;
      } else {
        result = v < result ? v : result;
      }
    }
    if ((kIsMax && nans > 0) || (!kIsMax && nans != 0 && nans == __builtin_popcountll(valid))) {
      return firstMatch(values, begin, n, valid, [](T v) { return v != v; });
    }
    if (result == 0) {
      return firstMatch(values, begin, n, valid, [](T v) { return v == 0; });
    }
    return result;
  }

  template <typename Predicate>
  static T firstMatch(const uint8_t* values, int64_t begin, int64_t n, Predicate predicate) {
    return firstMatch(values, begin, n, ~uint64_t{0}, predicate);
  }

  // First value at a row whose bit is set in 'valid' (rows >= 64 count as valid) that matches.
  template <typename Predicate>
  static T firstMatch(const uint8_t* values, int64_t begin, int64_t n, uint64_t valid,
                      Predicate predicate) {
    for (int64_t i = 0; i < n; ++i) {
      if (i < 64 && ((valid >> i) & 1) == 0) {
        continue;
      }
      const T v = loadUnaligned<T>(values, begin + i);
      if (predicate(v)) {
        return v;
      }
    }
    return loadUnaligned<T>(values, begin);  // unreachable when the reduction found a match
  }

  static void update(MinMaxState<T>& state, const LeafView& view) {
    const int64_t n = view.numRows;
    if (n == 0) {
      return;
    }
    if (view.validity == nullptr) {
      Merge::mergeValue(state, blockExtremum(view.values, view.start, n));
      return;
    }
    for (int64_t base = 0; base < n; base += 64) {
      const int64_t chunk = n - base < 64 ? n - base : 64;
      const uint64_t word = bits::loadWord(view.validity, view.validityOffset + base, chunk);
      if (word == bits::lowMask(chunk)) {
        Merge::mergeValue(state, blockExtremum(view.values, view.start + base, chunk));
        continue;
      }
      if (word == 0) {
        continue;
      }
      // Nulls are replaced by the identity element, so the loop stays branch-free.
      Merge::mergeValue(state, maskedExtremum(view.values, view.start + base, chunk, word));
    }
  }
};

// Both extremes of a floating-point leaf: one reduction each (their NaN and zero fix-ups differ).
template <typename T>
struct FloatingMinMaxOperation {
  static void update(MinMaxState<T>& minState, MinMaxState<T>& maxState, const LeafView& view) {
    FloatingExtremum<T, false>::update(minState, view);
    FloatingExtremum<T, true>::update(maxState, view);
  }
};

} // namespace gds
