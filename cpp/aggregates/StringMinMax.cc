#include "aggregates/StringMinMax.h"

#include <cstring>

#include "common/Bits.h"
#include "common/Unaligned.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "prefix keys assume a little-endian load");

namespace gds {
namespace {

// A value of the batch: its bytes and its first 8 bytes as a big-endian integer, zero-padded.
// Unsigned order of keys is the byte order of the padded prefixes, so key(a) < key(b) implies
// a < b; equal keys need the bytes after the prefix (or the sizes, for values of ≤ 8 bytes).
struct Candidate {
  const uint8_t* bytes;
  int64_t size;
  uint64_t key;
};

inline uint64_t prefixKey(const uint8_t* bytes, int64_t size, bool wholeWordReadable) {
  if (size == 0) {
    return 0;
  }
  uint64_t word = 0;
  if (wholeWordReadable) {
    std::memcpy(&word, bytes, sizeof(word));  // bytes past the value are masked off below
  } else {
    std::memcpy(&word, bytes, static_cast<size_t>(size < 8 ? size : 8));
  }
  word = __builtin_bswap64(word);
  return size >= 8 ? word : word & ~(~uint64_t{0} >> (8 * size));
}

// <0, 0, >0 as compareBytes, given the keys.
inline int compareCandidates(const Candidate& a, const Candidate& b) {
  if (a.key != b.key) {
    return a.key < b.key ? -1 : 1;
  }
  if (a.size > 8 && b.size > 8) {
    return compareBytes(a.bytes + 8, a.size - 8, b.bytes + 8, b.size - 8);
  }
  // Equal padded prefixes and one value of ≤ 8 bytes: it is a prefix of the other.
  return a.size < b.size ? -1 : (a.size > b.size ? 1 : 0);
}

// Keeps 'best' in 'state' if the state holds none or one that 'best' beats.
template <bool kIsMax>
void merge(StringMinMaxState& state, const Candidate& best) {
  const auto* current = reinterpret_cast<const uint8_t*>(state.value.data());
  const int cmp = compareBytes(best.bytes, best.size, current, static_cast<int64_t>(state.value.size()));
  if (!state.seen || (kIsMax ? cmp > 0 : cmp < 0)) {
    // assign() reuses the string's capacity: no allocation once the longest value was seen.
    state.value.assign(reinterpret_cast<const char*>(best.bytes), static_cast<size_t>(best.size));
    state.seen = true;
  }
}

template <typename OffsetT>
void updateTyped(StringMinMaxState& minState, StringMinMaxState& maxState, const LeafView& view) {
  // The importer checked the offsets non-decreasing, so every value of the view lies below the
  // last offset: a whole word may be read wherever it ends by then.
  const int64_t end = static_cast<int64_t>(loadUnaligned<OffsetT>(view.offsets, view.start + view.numRows));
  Candidate min{};
  Candidate max{};
  bool found = false;
  auto consider = [&](int64_t row) {
    const int64_t index = view.start + row;
    const int64_t begin = static_cast<int64_t>(loadUnaligned<OffsetT>(view.offsets, index));
    const int64_t size = static_cast<int64_t>(loadUnaligned<OffsetT>(view.offsets, index + 1)) - begin;
    const uint8_t* bytes = size == 0 ? nullptr : view.values + begin;
    const Candidate value{bytes, size, prefixKey(bytes, size, begin + 8 <= end)};
    if (!found) {
      min = value;
      max = value;
      found = true;
    } else if (value.key > min.key && value.key < max.key) {
      // strictly inside the batch's range: the common case, decided by the keys alone
    } else if (compareCandidates(value, min) < 0) {
      min = value;
    } else if (compareCandidates(value, max) > 0) {
      max = value;
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
  if (found) {
    merge<false>(minState, min);
    merge<true>(maxState, max);
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

void StringMinMaxOperation::update(State& minState, State& maxState, const LeafView& view,
                                   bool largeOffsets) {
  if (view.numRows == 0) {
    return;
  }
  if (largeOffsets) {
    updateTyped<int64_t>(minState, maxState, view);
  } else {
    updateTyped<int32_t>(minState, maxState, view);
  }
}

} // namespace gds
