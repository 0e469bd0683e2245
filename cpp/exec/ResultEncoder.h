#pragma once

#include <cstdint>
#include <vector>

#include "exec/FileResult.h"
#include "type/LeafColumns.h"

// Serialises a file's result row into the byte layout documented on NativeEngine.finishFile
// (the Java decoder follows this file). Little-endian:
//   int64 numRecords, int32 numLeaves,
//   per leaf: int64 nullCount, uint8 hasMinMax, then if set min and max:
//     integers/date/timestamp int64 | float/double float64 |
//     decimal128 16 bytes two's complement, low word first | utf8 int32 length + bytes.

namespace gds {

// Replaces the contents of 'out' (its capacity is reused across files).
void encodeFileResult(const FileResult& result, const std::vector<LeafColumn>& leaves,
                      std::vector<uint8_t>& out);

} // namespace gds
