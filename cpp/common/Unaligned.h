#pragma once

#include <cstdint>
#include <cstring>

namespace gds {

// Element 'index' of a T array at 'base'. Arrow does not promise alignment (and decimal128 would
// need 16 bytes), so values are read with memcpy, which compilers turn into plain (vector) loads.
template <typename T>
inline T loadUnaligned(const void* base, int64_t index) {
  T value;
  std::memcpy(&value, static_cast<const uint8_t*>(base) + index * static_cast<int64_t>(sizeof(T)),
              sizeof(T));
  return value;
}

} // namespace gds
