#pragma once

#include <cstdint>

#include "common/Exceptions.h"
#include "common/Int128.h"
#include "type/Type.h"

// The one switch from a fixed-width type kind to its physical C++ type; 'fn' is called with a
// value-initialised T as a tag. Keeps per-type templates out of the per-value loops.

namespace gds {

template <typename Fn>
decltype(auto) dispatchFixedWidth(TypeKind kind, Fn&& fn) {
  switch (kind) {
    case TypeKind::kTinyint: return fn(int8_t{});
    case TypeKind::kSmallint: return fn(int16_t{});
    case TypeKind::kInteger:
    case TypeKind::kDate: return fn(int32_t{});
    case TypeKind::kBigint:
    case TypeKind::kTimestamp: return fn(int64_t{});
    case TypeKind::kReal: return fn(float{});
    case TypeKind::kDouble: return fn(double{});
    case TypeKind::kDecimal: return fn(int128_t{});
    default:
      GDS_CHECK(false, "no fixed-width min/max for type ", typeKindName(kind));
  }
  __builtin_unreachable();
}

} // namespace gds
