#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/Int128.h"

// The one result row a file produces at its barrier: numRecords plus, per leaf, the null count
// and min/max when collected. String views point into the accumulator and stay valid until the
// accumulator is reset (the encoder copies them before that).

namespace gds {

struct MinMaxValue {
  int64_t integer{0};    // int8..int64, date32 days, timestamp micros
  double floating{0};    // float32 widened exactly, float64
  int128_t decimal{0};   // unscaled decimal128
  std::string_view string;
};

struct LeafResult {
  int64_t nullCount{0};
  bool hasMinMax{false};
  MinMaxValue min;
  MinMaxValue max;
};

struct FileResult {
  int64_t numRecords{0};
  std::vector<LeafResult> leaves;
};

} // namespace gds
