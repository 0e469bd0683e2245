#include "aggregates/StringMinMax.h"

#include <cstring>

#include "common/Bits.h"
#include "common/Unaligned.h"

namespace gds {
namespace {

template <bool kIsMax, typename OffsetT>
void updateTyped(StringMinMaxState& state, const LeafView& view) {
  const uint8_t* best = nullptr;
  int64_t bestSize = 0;
  bool found = false;
  auto consider = [&](int64_t row) {
    const int64_t index = view.start + row;
    const int64_t begin = static_cast<int64_t>(loadUnaligned<OffsetT>(view.offsets, index));
    const int64_t size = static_cast<int64_t>(loadUnaligned<OffsetT>(view.offsets, index + 1)) - begin;
    const uint8_t* bytes = size == 0 ? nullptr : view.values + begin;
    if (!found) {
      best = bytes;
      bestSize = size;
      found = true;
      return;
    }
    const int cmp = compareBytes(bytes, size, best, bestSize);
    if (kIsMax ? cmp > 0 : cmp < 0) {
      best = bytes;
      bestSize = size;
    }
  };
  const int64_t n = view.numRows;
  if (view.validity == nullptr) {
    for (int64_t row = 0; row < n; ++row) {
      consider(row);
    }
  } else {
    for (int64_t base = 0; base < n; base += 64) {
      const int64_t chunk = n - base < 64 ? n - base : 64;
      uint64_t word = bits::loadWord(view.validity, view.validityOffset + base, chunk);
      while (word != 0) {
        consider(base + __builtin_ctzll(word));
        word &= word - 1;
      }
    }
  }
  if (!found) {
    return;
  }
  const auto* current = reinterpret_cast<const uint8_t*>(state.value.data());
  const int cmp = compareBytes(best, bestSize, current, static_cast<int64_t>(state.value.size()));
  if (!state.seen || (kIsMax ? cmp > 0 : cmp < 0)) {
    // assign() reuses the string's capacity: no allocation once the longest value was seen.
    state.value.assign(reinterpret_cast<const char*>(best), static_cast<size_t>(bestSize));
    state.seen = true;
  }
}

} // namespace

int compareBytes(const uint8_t* left, int64_t leftSize, const uint8_t* right, int64_t rightSize) {
  const int64_t common = leftSize < rightSize ? leftSize : rightSize;
  if (common > 0) {
    const int cmp = std::memcmp(left, right, static_cast<size_t>(common));
    if (cmp != 0) {
      return cmp;
    }
  }
  return leftSize < rightSize ? -1 : (leftSize > rightSize ? 1 : 0);
}

template <bool kIsMax>
void StringExtremumOperation<kIsMax>::update(State& state, const LeafView& view,
                                            bool largeOffsets) {
  if (view.numRows == 0) {
    return;
  }
  if (largeOffsets) {
    updateTyped<kIsMax, int64_t>(state, view);
  } else {
    updateTyped<kIsMax, int32_t>(state, view);
  }
}

template struct StringExtremumOperation<false>;
template struct StringExtremumOperation<true>;

} // namespace gds
