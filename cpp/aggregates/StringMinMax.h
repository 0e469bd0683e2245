#pragma once

#include <cstdint>
#include <string>

#include "vector/LeafView.h"

// min/max of a utf8 / large_utf8 leaf, comparing unsigned bytes (= code-point order, Spark's
// UTF8String order). Both run in one pass: each value's first 8 bytes, as a big-endian integer,
// decide most comparisons without touching the rest of the value. During a batch the candidates
// point into the Arrow buffer; only at the end of the batch are they copied, once, into the
// states' engine-owned strings, whose capacity is kept across files (reset clears without
// freeing), so steady state allocates nothing per value.

namespace gds {

struct StringMinMaxState {
  std::string value;
  bool seen;
};

// <0, 0, >0 like memcmp, shorter-is-smaller on a common prefix.
int compareBytes(const uint8_t* left, int64_t leftSize, const uint8_t* right, int64_t rightSize);

struct StringMinMaxOperation {
  using State = StringMinMaxState;

  static void initialize(State& state) {
    state.value.clear();
    state.seen = false;
  }

  static void update(State& minState, State& maxState, const LeafView& view, bool largeOffsets);
};

} // namespace gds
