#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/Int128.h"
#include "type/LeafColumns.h"

// Test-side reader of the finishFile byte layout (mirrors what the Java decoder does), so tests
// check the engine through its actual output contract.

namespace gds::test {

struct DecodedValue {
  int64_t integer{0};
  double floating{0};
  int128_t decimal{0};
  std::string string;
};

struct DecodedLeaf {
  int64_t nullCount{0};
  bool hasMinMax{false};
  DecodedValue min;
  DecodedValue max;
};

struct DecodedFile {
  int64_t numRecords{0};
  std::vector<DecodedLeaf> leaves;
};

// Throws std::runtime_error on a truncated or overlong buffer.
DecodedFile decodeResult(const std::vector<uint8_t>& bytes, const std::vector<LeafColumn>& leaves);

// Bitwise equality of everything (doubles compared by bits, so -0.0 != 0.0 and NaN == NaN).
bool sameResult(const DecodedFile& left, const DecodedFile& right);

std::string describe(const DecodedFile& file);

} // namespace gds::test
