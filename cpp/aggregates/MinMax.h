#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "aggregates/SparkOrdering.h"
#include "common/Bits.h"
#include "common/Unaligned.h"
#include "vector/LeafView.h"

// min/max state and merge for fixed-width values (integers, date32, timestamp, float, double,
// decimal128); the per-batch reduction here is the floating-point one.
// The running value is replaced only when a value is strictly smaller (min) or greater (max)
// under Spark's ordering, so the first of equal values wins - that decides whether -0.0 or 0.0
// (or which NaN) is reported, exactly as Spark's row-at-a-time aggregate does.
//
// Values are reduced in blocks by branch-free loops the compiler can vectorise (a batch without
// nulls is one block; otherwise each 64-row validity word is one, nulls replaced by the
// identity element); the block's first-of-equals candidate is then merged with one strict
// comparison.

namespace gds {

template <typename T>
struct MinMaxState {
  T value;
  bool seen;
};

template <typename T, bool kIsMax>
struct ExtremumOperation {
  using State = MinMaxState<T>;

  static void initialize(State& state) {
    state.value = T{};
    state.seen = false;
  }

  static bool better(T candidate, T current) {
    return kIsMax ? SparkOrdering<T>::less(current, candidate)
                  : SparkOrdering<T>::less(candidate, current);
  }

  static void mergeValue(State& state, T value) {
    if (!state.seen || better(value, state.value)) {
      state.value = value;
      state.seen = true;
    }
  }

  // Floating point: a NaN-skipping IEEE reduction (vectorisable), then the rare fix-ups - NaN
  // wins for max / only-NaN for min, and for a zero result the first zero's sign is the answer.
  static T floatBlockExtremum(const uint8_t* values, int64_t begin, int64_t n) {
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

  // Floating point, rows whose bit is set in 'valid' (not 0), n <= 64: as floatBlockExtremum.
  // The identity (+Inf for min, -Inf for max) cannot change a result: a valid +Inf minimum
  // equals it bit for bit, and the NaN/zero fix-ups look only at valid rows.
  static T floatMaskedExtremum(const uint8_t* values, int64_t begin, int64_t n, uint64_t valid) {
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

  // Floating point only; integers and decimals take IntegerMinMaxOperation (min and max in one
  // pass, where first-of-equals needs no care).
  static void update(State& state, const LeafView& view) {
    static_assert(std::is_floating_point_v<T>, "integer min/max: see IntegerMinMax.h");
    const int64_t n = view.numRows;
    if (n == 0) {
      return;
    }
    if (view.validity == nullptr) {
      mergeValue(state, floatBlockExtremum(view.values, view.start, n));
      return;
    }
    for (int64_t base = 0; base < n; base += 64) {
      const int64_t chunk = n - base < 64 ? n - base : 64;
      const uint64_t word = bits::loadWord(view.validity, view.validityOffset + base, chunk);
      if (word == bits::lowMask(chunk)) {
        mergeValue(state, floatBlockExtremum(view.values, view.start + base, chunk));
        continue;
      }
      if (word == 0) {
        continue;
      }
      // Nulls are replaced by the identity element, so the loop stays branch-free.
      mergeValue(state, floatMaskedExtremum(view.values, view.start + base, chunk, word));
    }
  }
};

template <typename T>
using MinOperation = ExtremumOperation<T, false>;
template <typename T>
using MaxOperation = ExtremumOperation<T, true>;

} // namespace gds
