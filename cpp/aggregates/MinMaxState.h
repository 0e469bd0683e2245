#pragma once

#include "aggregates/SparkOrdering.h"

// The state of one fixed-width min or max (integers, date32, timestamp, float, double,
// decimal128) and how a candidate is merged into it. The running value is replaced only when a
// candidate is strictly smaller (min) or greater (max) under Spark's ordering, so the first of
// equal values wins - that decides whether -0.0 or 0.0 (or which NaN) is reported, exactly as
// Spark's row-at-a-time aggregate does. The per-batch reductions that produce the candidates
// are per type family: IntegerMinMax.h, FloatingMinMax.h.

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
};

template <typename T>
using MinOperation = ExtremumOperation<T, false>;
template <typename T>
using MaxOperation = ExtremumOperation<T, true>;

} // namespace gds
