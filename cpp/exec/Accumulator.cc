#include "exec/Accumulator.h"

#include "aggregates/CountStar.h"
#include "aggregates/MinMax.h"
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
  slots_.push_back(AggregateSlot{AggregateKind::kCountStar, -1, TypeKind::kRow, false,
                                 place<CountStarState>(end), false});
  for (size_t i = 0; i < leaves.size(); ++i) {
    const Type& type = *leaves[i].type;
    const auto leaf = static_cast<int32_t>(i);
    slots_.push_back(AggregateSlot{AggregateKind::kNullCount, leaf, type.kind, type.largeOffsets,
                                   place<NullCountState>(end), false});
    if (!collectsMinMax(type.kind)) {
      continue;
    }
    for (AggregateKind kind : {AggregateKind::kMin, AggregateKind::kMax}) {
      if (type.kind == TypeKind::kVarchar) {
        slots_.push_back(
            AggregateSlot{kind, leaf, type.kind, type.largeOffsets, numStrings_++, true});
      } else {
        const int32_t offset = dispatchFixedWidth(
            type.kind, [&](auto tag) { return place<MinMaxState<decltype(tag)>>(end); });
        slots_.push_back(AggregateSlot{kind, leaf, type.kind, false, offset, false});
      }
    }
  }
  fixedBytes_ = end;
}

AccumulatorRow::AccumulatorRow(const AccumulatorLayout& layout)
    : storage_(new Chunk[static_cast<size_t>(layout.fixedBytes() + 15) / 16 + 1]),
      fixed_(reinterpret_cast<std::byte*>(storage_.get())),
      fixedBytes_(layout.fixedBytes()),
      strings_(static_cast<size_t>(layout.numStrings())) {
  // Start the lifetime of every fixed state (all are trivial types) before first use.
  for (const AggregateSlot& slot : layout.slots()) {
    if (slot.isString) {
      continue;
    }
    switch (slot.kind) {
      case AggregateKind::kCountStar:
        new (fixed_ + slot.offset) CountStarState{};
        break;
      case AggregateKind::kNullCount:
        new (fixed_ + slot.offset) NullCountState{};
        break;
      case AggregateKind::kMin:
      case AggregateKind::kMax:
        dispatchFixedWidth(slot.type, [&](auto tag) {
          new (fixed_ + slot.offset) MinMaxState<decltype(tag)>{};
        });
        break;
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
      case AggregateKind::kMin:
      case AggregateKind::kMax:
        if (slot.isString) {
          StringMinOperation::initialize(string(slot.offset));  // same for min and max
        } else {
          dispatchFixedWidth(slot.type, [&](auto tag) {
            using T = decltype(tag);
            MinOperation<T>::initialize(fixed<MinMaxState<T>>(slot.offset));
          });
        }
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
