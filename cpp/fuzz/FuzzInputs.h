#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <vector>

#include "fuzz/ReferenceStats.h"
#include "tests/ArrowTestData.h"
#include "type/Type.h"

// Random Arrow input for the fuzzer, driven by the fuzzer's bytes: schemas over the whole type
// set (sometimes with an unsupported format), batches with random nulls, parent nulls and
// slice offsets on every node (plus the logical rows the reference model needs), and
// corruptions of exported arrays. Corruptions are limited to those the C Data Interface lets a
// consumer detect or that stay inside the buffers: it carries no buffer sizes, so e.g. a string
// offset past the end of its data buffer cannot be detected by any consumer.

namespace gds::fuzz {

// A batch schema ("+s" root). 'allowInvalid' lets an unsupported format appear.
test::Column randomShape(FuzzedDataProvider& input, bool allowInvalid);

struct GeneratedBatch {
  test::Column column;
  std::vector<LeafRows> leafRows;  // per statistics leaf, one entry per batch row
};

GeneratedBatch randomBatch(const Type& rowType, int64_t numRows, FuzzedDataProvider& input);

// Applies one random corruption to the exported tree; false if none applied.
bool corrupt(ArrowArray& root, const Type& rowType, FuzzedDataProvider& input);

} // namespace gds::fuzz
