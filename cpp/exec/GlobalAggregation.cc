#include "exec/GlobalAggregation.h"

#include "aggregates/CountStar.h"
#include "aggregates/FloatingMinMax.h"
#include "aggregates/IntegerMinMax.h"
#include "aggregates/NullCount.h"
#include "aggregates/StringMinMax.h"
#include "exec/ResultEncoder.h"
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
    : leaves_(leaves), layout_(leaves) {
  result_.leaves.resize(leaves.size());
  narrowDecimal_.reserve(leaves.size());
  for (const LeafColumn& leaf : leaves) {
    narrowDecimal_.push_back(leaf.type->kind == TypeKind::kDecimal &&
                             leaf.type->precision <= kMaxInt64DecimalPrecision);
  }
}

void GlobalAggregation::updateMinMax(AccumulatorRow& row, const AggregateSlot& slot,
                                     const LeafView& view) const {
  dispatchFixedWidth(slot.type, [&](auto tag) {
    using T = decltype(tag);
    MinMaxState<T>& minState = row.fixed<MinMaxState<T>>(slot.offset);
    MinMaxState<T>& maxState = row.fixed<MinMaxState<T>>(slot.maxOffset);
    if constexpr (std::is_floating_point_v<T>) {
      FloatingMinMaxOperation<T>::update(minState, maxState, view);
    } else if constexpr (std::is_same_v<T, int128_t>) {
      if (narrowDecimal_[static_cast<size_t>(slot.leaf)]) {
        IntegerMinMaxOperation<T, int64_t>::update(minState, maxState, view);
      } else {
        IntegerMinMaxOperation<T, T>::update(minState, maxState, view);
      }
    } else {
      IntegerMinMaxOperation<T, T>::update(minState, maxState, view);
    }
  });
}

void GlobalAggregation::addInput(AccumulatorRow& row, const ImportedBatch& batch) const {
  const std::vector<LeafView>& views = batch.leaves();
  for (const AggregateSlot& slot : layout_.slots()) {
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        CountStarOperation::update(row.fixed<CountStarState>(slot.offset), batch.numRows());
        break;
      case AggregateKind::kNullCount:
        NullCountOperation::update(row.fixed<NullCountState>(slot.offset),
                                   views[static_cast<size_t>(slot.leaf)]);
        break;
      case AggregateKind::kMinMax:
        updateMinMax(row, slot, views[static_cast<size_t>(slot.leaf)]);
        break;
      case AggregateKind::kStringMinMax: {
        const LeafView& view = views[static_cast<size_t>(slot.leaf)];
        StringMinMaxOperation::update(row.string(slot.offset), row.string(slot.maxOffset), view,
                                      slot.largeOffsets);
        break;
      }
    }
  }
}

void GlobalAggregation::drain(AccumulatorRow& row, std::vector<uint8_t>& out) {
  encodeFileResult(extract(row), leaves_, out);  // copies the strings out of the row
  row.reset(layout_);
}

const FileResult& GlobalAggregation::extract(AccumulatorRow& row) {
  for (LeafResult& leaf : result_.leaves) {
    leaf.hasMinMax = false;  // leaves without min/max slots keep it
  }
  auto leafOf = [&](const AggregateSlot& slot) -> LeafResult& {
    return result_.leaves[static_cast<size_t>(slot.leaf)];
  };
  for (const AggregateSlot& slot : layout_.slots()) {
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        result_.numRecords = row.fixed<CountStarState>(slot.offset).count;
        break;
      case AggregateKind::kNullCount:
        leafOf(slot).nullCount = row.fixed<NullCountState>(slot.offset).count;
        break;
      case AggregateKind::kMinMax:
        dispatchFixedWidth(slot.type, [&](auto tag) {
          using T = decltype(tag);
          const MinMaxState<T>& min = row.fixed<MinMaxState<T>>(slot.offset);
          const MinMaxState<T>& max = row.fixed<MinMaxState<T>>(slot.maxOffset);
          LeafResult& leaf = leafOf(slot);
          leaf.hasMinMax = min.seen;  // min and max see the same valid rows
          storeValue(leaf.min, min.value);
          storeValue(leaf.max, max.value);
        });
        break;
      case AggregateKind::kStringMinMax: {
        LeafResult& leaf = leafOf(slot);
        leaf.hasMinMax = row.string(slot.offset).seen;
        leaf.min.string = row.string(slot.offset).value;
        leaf.max.string = row.string(slot.maxOffset).value;
        break;
      }
    }
  }
  return result_;
}

} // namespace gds
