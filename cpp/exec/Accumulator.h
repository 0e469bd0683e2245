#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "aggregates/StringMinMax.h"
#include "type/LeafColumns.h"

// The accumulator row of a global aggregation, as in Velox: raw memory in which every aggregate
// owns a slot at a fixed offset (count(*), one null count per leaf, min and max per eligible
// fixed-width leaf). Strings need owned memory, so their states live in a side array indexed
// by slot. One row exists per open file; rows are reset and reused, never freed per file.

namespace gds {

enum class AggregateKind {
  kCountStar,
  kNullCount,
  kMinMax,        // a fixed-width leaf's min and max, reduced together
  kStringMinMax,  // a string leaf's min and max
};

struct AggregateSlot {
  AggregateKind kind;
  int32_t leaf;       // index into the leaves (-1 for count(*))
  TypeKind type;      // the leaf's type kind
  bool largeOffsets;  // kStringMinMax: large_utf8 (64-bit offsets)
  int32_t offset;     // byte offset of the state in the fixed part; kMinMax: of the min state;
                      // kStringMinMax: index of the min string state
  int32_t maxOffset;  // kMinMax / kStringMinMax: the same for the max state
};

class AccumulatorLayout {
 public:
  explicit AccumulatorLayout(const std::vector<LeafColumn>& leaves);

  const std::vector<AggregateSlot>& slots() const {
    return slots_;
  }
  int32_t fixedBytes() const {
    return fixedBytes_;
  }
  int32_t numStrings() const {
    return numStrings_;
  }

 private:
  std::vector<AggregateSlot> slots_;
  int32_t fixedBytes_{0};
  int32_t numStrings_{0};
};

class AccumulatorRow {
 public:
  // Constructs every state in place and initialises it.
  explicit AccumulatorRow(const AccumulatorLayout& layout);

  template <typename State>
  State& fixed(int32_t offset) {
    return *std::launder(reinterpret_cast<State*>(fixed_ + offset));
  }

  StringMinMaxState& string(int32_t index) {
    return strings_[static_cast<size_t>(index)];
  }

  // Back to the initial state; string capacity is kept.
  void reset(const AccumulatorLayout& layout);

  int64_t retainedBytes() const;

 private:
  struct alignas(16) Chunk {
    unsigned char bytes[16];
  };

  std::unique_ptr<Chunk[]> storage_;
  std::byte* fixed_;
  int32_t fixedBytes_;
  std::vector<StringMinMaxState> strings_;
};

} // namespace gds
