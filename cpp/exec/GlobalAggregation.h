#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "exec/Accumulator.h"
#include "exec/FileResult.h"
#include "vector/ImportedBatch.h"

// The task's one operator: a global aggregation (no grouping keys) of count(*), per leaf null
// count, and min/max where collected. It works on the accumulator row its caller passes (one per
// open file) and owns the barrier: drain() emits the row's result and resets it, keeping its
// memory, as Velox's aggregation does between getOutput() and finishDrain(). Results come only
// from barriers, so the empty-state row Velox's global aggregation emits at the end of input
// never exists. Type dispatch happens once per aggregate per batch, never per value.

namespace gds {

class GlobalAggregation {
 public:
  explicit GlobalAggregation(const std::vector<LeafColumn>& leaves);

  std::unique_ptr<AccumulatorRow> newAccumulator() const {
    return std::make_unique<AccumulatorRow>(layout_);
  }

  // Back to the initial state, keeping allocations (a file dropped without a result).
  void resetAccumulator(AccumulatorRow& row) const {
    row.reset(layout_);
  }

  void addInput(AccumulatorRow& row, const ImportedBatch& batch) const;

  // The barrier of the row's file: replaces 'out' with its result row in the
  // NativeEngine.finishFile layout (ResultEncoder.h), then resets the row for the next file.
  void drain(AccumulatorRow& row, std::vector<uint8_t>& out);

 private:
  // The row's result; string values point into the row until it is reset.
  const FileResult& extract(AccumulatorRow& row);
  void updateMinMax(AccumulatorRow& row, const AggregateSlot& slot, const LeafView& view) const;

  // Decimals of at most this precision fit in int64 (|v| <= 10^18 - 1).
  static constexpr int32_t kMaxInt64DecimalPrecision = 18;

  std::vector<LeafColumn> leaves_;
  AccumulatorLayout layout_;
  std::vector<bool> narrowDecimal_;  // per leaf: a decimal compared on its low 64 bits
  FileResult result_;                // reused for every file
};

} // namespace gds
