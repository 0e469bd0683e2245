#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/Int128.h"
#include "type/LeafColumns.h"
#include "tests/ResultDecoder.h"

// A deliberately naive model of the engine for the fuzzer: logical rows per leaf in file order,
// and min/max/null counts computed row at a time with Spark's rules (strict replacement, NaN
// largest). Results are compared bitwise with the engine's decoded output.

namespace gds::fuzz {

struct RefValue {
  int64_t integer{0};
  double floating{0};
  int128_t decimal{0};
  std::string string;
};

using LeafRows = std::vector<std::optional<RefValue>>;

class ReferenceFile {
 public:
  explicit ReferenceFile(size_t numLeaves) : leaves_(numLeaves) {}

  // Appends one batch: numRows rows, 'rows[leaf]' has numRows entries.
  void add(int64_t numRows, const std::vector<LeafRows>& rows);

  test::DecodedFile result(const std::vector<LeafColumn>& leaves) const;

 private:
  int64_t numRecords_{0};
  std::vector<LeafRows> leaves_;
};

} // namespace gds::fuzz
