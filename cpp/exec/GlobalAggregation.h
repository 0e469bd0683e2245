#pragma once

#include <memory>
#include <vector>

#include "exec/Accumulator.h"
#include "exec/Operator.h"

// Global (no grouping keys) aggregation: count(*), per leaf null count, min/max where collected.
// The operator works on one accumulator row at a time; the task points it at the row of the
// file a batch belongs to. Type dispatch happens once per aggregate per batch, never per value.

namespace gds {

class GlobalAggregation : public Operator {
 public:
  explicit GlobalAggregation(const std::vector<LeafColumn>& leaves);

  std::unique_ptr<AccumulatorRow> newAccumulator() const {
    return std::make_unique<AccumulatorRow>(layout_);
  }

  // Resets a row for reuse (keeps its allocations).
  void resetAccumulator(AccumulatorRow& row) const {
    row.reset(layout_);
  }

  // The row that addInput/getOutput work on.
  void setAccumulator(AccumulatorRow* row) {
    row_ = row;
  }

  bool needsInput() const override {
    return !noMoreInput_ && !draining_;
  }
  void addInput(const ImportedBatch& batch) override;
  void noMoreInput() override;
  const FileResult* getOutput() override;
  bool isFinished() const override {
    return noMoreInput_ && !draining_;
  }
  bool startDrain() override;
  void finishDrain() override;

 private:
  void extract(AccumulatorRow& row);
  // Fixed-width min and max of one leaf, computed together.
  void updateMinMax(const AggregateSlot& minSlot, const AggregateSlot& maxSlot,
                    const LeafView& view);

  // Decimals of at most this precision fit in int64 (|v| <= 10^18 - 1).
  static constexpr int32_t kMaxInt64DecimalPrecision = 18;

  AccumulatorLayout layout_;
  std::vector<bool> narrowDecimal_;  // per leaf: a decimal compared on its low 64 bits
  AccumulatorRow* row_{nullptr};
  FileResult result_;  // reused for every file
  bool draining_{false};
  bool outputPending_{false};
  bool noMoreInput_{false};
};

} // namespace gds
