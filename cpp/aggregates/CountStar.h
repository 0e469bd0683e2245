#pragma once

#include <cstdint>

// count(*): the file's numRecords. Plain state + stateless operation, DuckDB style.

namespace gds {

struct CountStarState {
  int64_t count;
};

struct CountStarOperation {
  static void initialize(CountStarState& state) {
    state.count = 0;
  }

  static void update(CountStarState& state, int64_t numRows) {
    state.count += numRows;
  }
};

} // namespace gds
