#pragma once

#include <cstdint>

#include "vector/LeafView.h"

// AVX2 versions of the integer-like min/max reductions (IntegerMinMax.h). Call them only when
// simd::activeLevel() is kAvx2: they are compiled for AVX2 whatever the build flags are.
// Each returns false when no row of the view is valid, else sets lo/hi to the min/max of the
// valid rows.

namespace gds::avx2 {

bool integerMinMax(const LeafView& view, int8_t& lo, int8_t& hi);
bool integerMinMax(const LeafView& view, int16_t& lo, int16_t& hi);
bool integerMinMax(const LeafView& view, int32_t& lo, int32_t& hi);
bool integerMinMax(const LeafView& view, int64_t& lo, int64_t& hi);

// Decimal128 of precision <= 18: compares the low 64 bits of each 16-byte value.
bool narrowDecimalMinMax(const LeafView& view, int64_t& lo, int64_t& hi);

} // namespace gds::avx2
