#include "exec/Accumulator.h"

#include "aggregates/CountStar.h"
#include "aggregates/MinMaxState.h"
#include "aggregates/NullCount.h"
#include "exec/TypeDispatch.h"

namespace gds {
namespace {

int32_t alignUp(int32_t offset, int32_t alignment) {
  return (offset + alignment - 1) / alignment * alignment;
}

template <typename State>
int32_t place(int32_t& end) {
  const int32_t offset = alignUp(end, static_cast<int32_t>(alignof(State)));
  end = offset + static_cast<int32_t>(sizeof(State));
  return offset;
}

} // namespace

AccumulatorLayout::AccumulatorLayout(const std::vector<LeafColumn>& leaves) {
  int32_t end = 0;
  slots_.push_back(
      AggregateSlot{AggregateKind::kCountStar, -1, TypeKind::kRow, false, place<CountStarState>(end), 0});
  for (size_t i = 0; i < leaves.size(); ++i) {
    const Type& type = *leaves[i].type;
    const auto leaf = static_cast<int32_t>(i);
    slots_.push_back(AggregateSlot{AggregateKind::kNullCount, leaf, type.kind, false,
                                   place<NullCountState>(end), 0});
    if (!collectsMinMax(type.kind)) {
      continue;
    }
    if (type.kind == TypeKind::kVarchar) {
      const int32_t min = numStrings_++;
      const int32_t max = numStrings_++;
      slots_.push_back(
          AggregateSlot{AggregateKind::kStringMinMax, leaf, type.kind, type.largeOffsets, min, max});
      continue;
    }
    dispatchFixedWidth(type.kind, [&](auto tag) {
      using State = MinMaxState<decltype(tag)>;
      const int32_t min = place<State>(end);
      const int32_t max = place<State>(end);
      slots_.push_back(AggregateSlot{AggregateKind::kMinMax, leaf, type.kind, false, min, max});
    });
  }
  fixedBytes_ = end;
}

AccumulatorRow::AccumulatorRow(const AccumulatorLayout& layout)
    : storage_(std::make_unique<Chunk[]>(static_cast<size_t>(layout.fixedBytes() + 15) / 16 + 1)),
      fixed_(reinterpret_cast<std::byte*>(storage_.get())),
      fixedBytes_(layout.fixedBytes()),
      strings_(static_cast<size_t>(layout.numStrings())) {
  // Start the lifetime of every fixed state (all are trivial types) before first use.
  for (const AggregateSlot& slot : layout.slots()) {
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        new (fixed_ + slot.offset) CountStarState{};
        break;
      case AggregateKind::kNullCount:
        new (fixed_ + slot.offset) NullCountState{};
        break;
      case AggregateKind::kMinMax:
        dispatchFixedWidth(slot.type, [&](auto tag) {
          new (fixed_ + slot.offset) MinMaxState<decltype(tag)>{};
          new (fixed_ + slot.maxOffset) MinMaxState<decltype(tag)>{};
        });
        break;
      case AggregateKind::kStringMinMax:
        break;  // constructed by strings_
    }
  }
  reset(layout);
}

void AccumulatorRow::reset(const AccumulatorLayout& layout) {
  for (const AggregateSlot& slot : layout.slots()) {
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        CountStarOperation::initialize(fixed<CountStarState>(slot.offset));
        break;
      case AggregateKind::kNullCount:
        NullCountOperation::initialize(fixed<NullCountState>(slot.offset));
        break;
      case AggregateKind::kMinMax:
        dispatchFixedWidth(slot.type, [&](auto tag) {
          using T = decltype(tag);
          MinOperation<T>::initialize(fixed<MinMaxState<T>>(slot.offset));
          MaxOperation<T>::initialize(fixed<MinMaxState<T>>(slot.maxOffset));
        });
        break;
      case AggregateKind::kStringMinMax:
        StringMinMaxOperation::initialize(string(slot.offset));
        StringMinMaxOperation::initialize(string(slot.maxOffset));
        break;
    }
  }
}

int64_t AccumulatorRow::retainedBytes() const {
  int64_t bytes = static_cast<int64_t>(sizeof(*this)) + (fixedBytes_ + 15) / 16 * 16 + 16 +
                  static_cast<int64_t>(strings_.capacity() * sizeof(StringMinMaxState));
  for (const StringMinMaxState& state : strings_) {
    bytes += static_cast<int64_t>(state.value.capacity());
  }
  return bytes;
}

} // namespace gds
