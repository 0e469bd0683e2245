#pragma once

#include <cstdint>
#include <string>

#include "vector/LeafView.h"

// min/max of a utf8 / large_utf8 leaf, comparing unsigned bytes (= code-point order, Spark's
// UTF8String order). During a batch the candidate points into the Arrow buffer; only at the end
// of the batch is it copied, once, into the state's engine-owned string, whose capacity is kept
// across files (reset clears without freeing), so steady state allocates nothing per value.

namespace gds {

struct StringMinMaxState {
  std::string value;
  bool seen;
};

// <0, 0, >0 like memcmp, shorter-is-smaller on a common prefix.
int compareBytes(const uint8_t* left, int64_t leftSize, const uint8_t* right, int64_t rightSize);

template <bool kIsMax>
struct StringExtremumOperation {
  using State = StringMinMaxState;

  static void initialize(State& state) {
    state.value.clear();
    state.seen = false;
  }

  static void update(State& state, const LeafView& view, bool largeOffsets);
};

using StringMinOperation = StringExtremumOperation<false>;
using StringMaxOperation = StringExtremumOperation<true>;

extern template struct StringExtremumOperation<false>;
extern template struct StringExtremumOperation<true>;

} // namespace gds
