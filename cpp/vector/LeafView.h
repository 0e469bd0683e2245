#pragma once

#include <cstdint>

namespace gds {

// Read-only view of one statistics leaf over the rows of a validated batch. Row i of the batch
// is element 'start + i' of the leaf's buffers. 'validity' already combines the leaf's own
// bitmap with those of all its ancestor structs (bit 'validityOffset + i'); null means every row
// is valid.
struct LeafView {
  const uint8_t* validity{nullptr};
  int64_t validityOffset{0};
  const uint8_t* values{nullptr};   // fixed-width values, or the bytes of a string column
  const uint8_t* offsets{nullptr};  // int32/int64 offsets of a string column, else null
  int64_t start{0};
  int64_t numRows{0};
};

} // namespace gds
