#pragma once

#include <cstdint>

#include "common/Bits.h"
#include "vector/LeafView.h"

// Null count of one leaf (a row is null when the leaf or any ancestor struct is null; the
// batch import already combined those bitmaps). Counts with popcount, 64 rows per step.

namespace gds {

struct NullCountState {
  int64_t count;
};

struct NullCountOperation {
  static void initialize(NullCountState& state) {
    state.count = 0;
  }

  static void update(NullCountState& state, const LeafView& view) {
    if (view.validity != nullptr) {
      state.count += view.numRows - bits::countSet(view.validity, view.validityOffset, view.numRows);
    }
  }
};

} // namespace gds
