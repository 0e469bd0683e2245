#include "exec/GlobalAggregation.h"

#include "aggregates/CountStar.h"
#include "aggregates/IntegerMinMax.h"
#include "aggregates/MinMax.h"
#include "aggregates/NullCount.h"
#include "aggregates/StringMinMax.h"
#include "common/Exceptions.h"
#include "exec/TypeDispatch.h"

namespace gds {
namespace {

template <typename T>
void storeValue(MinMaxValue& out, T value) {
  if constexpr (std::is_floating_point_v<T>) {
    out.floating = static_cast<double>(value);
  } else if constexpr (std::is_same_v<T, int128_t>) {
    out.decimal = value;
  } else {
    out.integer = static_cast<int64_t>(value);
  }
}

} // namespace

GlobalAggregation::GlobalAggregation(const std::vector<LeafColumn>& leaves)
    : layout_(leaves) {
  result_.leaves.resize(leaves.size());
  narrowDecimal_.reserve(leaves.size());
  for (const LeafColumn& leaf : leaves) {
    narrowDecimal_.push_back(leaf.type->kind == TypeKind::kDecimal &&
                             leaf.type->precision <= kMaxInt64DecimalPrecision);
  }
}

void GlobalAggregation::updateMinMax(const AggregateSlot& minSlot, const AggregateSlot& maxSlot,
                                     const LeafView& view) {
  AccumulatorRow& row = *row_;
  dispatchFixedWidth(minSlot.type, [&](auto tag) {
    using T = decltype(tag);
    MinMaxState<T>& minState = row.fixed<MinMaxState<T>>(minSlot.offset);
    MinMaxState<T>& maxState = row.fixed<MinMaxState<T>>(maxSlot.offset);
    if constexpr (std::is_floating_point_v<T>) {
      // Floats keep their own first-of-equals reductions (NaN and the sign of zero).
      MinOperation<T>::update(minState, view);
      MaxOperation<T>::update(maxState, view);
    } else if constexpr (std::is_same_v<T, int128_t>) {
      if (narrowDecimal_[static_cast<size_t>(minSlot.leaf)]) {
        IntegerMinMaxOperation<T, int64_t>::update(minState, maxState, view);
      } else {
        IntegerMinMaxOperation<T, T>::update(minState, maxState, view);
      }
    } else {
      IntegerMinMaxOperation<T, T>::update(minState, maxState, view);
    }
  });
}

void GlobalAggregation::addInput(const ImportedBatch& batch) {
  GDS_CHECK(row_ != nullptr, "addInput without an accumulator");
  GDS_CHECK(needsInput(), "addInput while draining or after noMoreInput");
  AccumulatorRow& row = *row_;
  const std::vector<LeafView>& views = batch.leaves();
  const std::vector<AggregateSlot>& slots = layout_.slots();
  for (size_t index = 0; index < slots.size(); ++index) {
    const AggregateSlot& slot = slots[index];
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        CountStarOperation::update(row.fixed<CountStarState>(slot.offset), batch.numRows());
        break;
      case AggregateKind::kNullCount:
        NullCountOperation::update(row.fixed<NullCountState>(slot.offset),
                                   views[static_cast<size_t>(slot.leaf)]);
        break;
      case AggregateKind::kMin:
      case AggregateKind::kMax: {
        const LeafView& view = views[static_cast<size_t>(slot.leaf)];
        const bool isMax = slot.kind == AggregateKind::kMax;
        if (slot.isString) {
          StringMinMaxState& state = row.string(slot.offset);
          if (isMax) {
            StringMaxOperation::update(state, view, slot.largeOffsets);
          } else {
            StringMinOperation::update(state, view, slot.largeOffsets);
          }
          break;
        }
        // The layout places a leaf's max right after its min: both in one pass over the values.
        GDS_CHECK(!isMax && index + 1 < slots.size() &&
                      slots[index + 1].kind == AggregateKind::kMax &&
                      slots[index + 1].leaf == slot.leaf,
                  "min/max slots of leaf ", slot.leaf, " are not a (min, max) pair");
        updateMinMax(slot, slots[index + 1], view);
        ++index;
        break;
      }
    }
  }
}

void GlobalAggregation::noMoreInput() {
  noMoreInput_ = true;
}

bool GlobalAggregation::startDrain() {
  GDS_CHECK(row_ != nullptr, "barrier without an accumulator");
  GDS_CHECK(!draining_, "barrier while already draining");
  draining_ = true;
  outputPending_ = true;
  return true;
}

const FileResult* GlobalAggregation::getOutput() {
  // Outside a barrier there is nothing to emit: in particular no trailing empty-state row after
  // noMoreInput (Velox's global aggregation emits one; our files got theirs at their barriers).
  if (!draining_ || !outputPending_) {
    return nullptr;
  }
  extract(*row_);
  outputPending_ = false;
  return &result_;
}

void GlobalAggregation::finishDrain() {
  GDS_CHECK(draining_ && !outputPending_, "finishDrain before the output was taken");
  row_->reset(layout_);
  draining_ = false;
}

void GlobalAggregation::extract(AccumulatorRow& row) {
  for (LeafResult& leaf : result_.leaves) {
    leaf.hasMinMax = false;
  }
  for (const AggregateSlot& slot : layout_.slots()) {
    if (slot.kind == AggregateKind::kCountStar) {
      result_.numRecords = row.fixed<CountStarState>(slot.offset).count;
      continue;
    }
    LeafResult& leaf = result_.leaves[static_cast<size_t>(slot.leaf)];
    if (slot.kind == AggregateKind::kNullCount) {
      leaf.nullCount = row.fixed<NullCountState>(slot.offset).count;
      continue;
    }
    MinMaxValue& out = slot.kind == AggregateKind::kMin ? leaf.min : leaf.max;
    if (slot.isString) {
      const StringMinMaxState& state = row.string(slot.offset);
      leaf.hasMinMax = state.seen;
      out.string = state.value;
      continue;
    }
    dispatchFixedWidth(slot.type, [&](auto tag) {
      using T = decltype(tag);
      const MinMaxState<T>& state = row.fixed<MinMaxState<T>>(slot.offset);
      leaf.hasMinMax = state.seen;
      storeValue(out, state.value);
    });
  }
}

} // namespace gds
