#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/Int128.h"
#include "vector/ArrowCData.h"

// Test-side Arrow producer: columns that own their buffers (std::vector) and export as C Data
// Interface structs whose release callbacks free everything. Live exports are counted so tests
// (and ASan/LSan) prove that the engine calls release exactly once. Tests may corrupt exported
// structs (lengths, buffer pointers, child counts): the release callback only uses its private
// data, never the (possibly corrupted) public fields.

namespace gds::test {

using Buffer = std::shared_ptr<std::vector<uint8_t>>;  // null = a null buffer pointer

struct Column {
  std::string format;
  std::string name;
  int64_t length{0};
  int64_t offset{0};
  int64_t nullCount{0};
  std::vector<Buffer> buffers;
  std::vector<Column> children;
};

// Exported ArrowArray / ArrowSchema trees whose release has not been called yet.
int64_t liveArrays();
int64_t liveSchemas();

ArrowArray exportArray(const Column& column);
ArrowSchema exportSchema(const Column& column);

// A buffer holding a copy of 'size' bytes (plus one spare byte so it is never empty).
Buffer bytesBuffer(const void* data, size_t size);

// Validity bitmap for 'valid' (LSB first); null buffer when every entry is valid.
Buffer validityBitmap(const std::vector<bool>& valid);

template <typename T>
Column fixedWidth(const std::string& format, const std::string& name,
                  const std::vector<std::optional<T>>& values);

Column int8s(const std::string& name, const std::vector<std::optional<int8_t>>& values);
Column int16s(const std::string& name, const std::vector<std::optional<int16_t>>& values);
Column int32s(const std::string& name, const std::vector<std::optional<int32_t>>& values);
Column int64s(const std::string& name, const std::vector<std::optional<int64_t>>& values);
Column floats(const std::string& name, const std::vector<std::optional<float>>& values);
Column doubles(const std::string& name, const std::vector<std::optional<double>>& values);
Column dates(const std::string& name, const std::vector<std::optional<int32_t>>& values);
Column timestamps(const std::string& name, const std::vector<std::optional<int64_t>>& values,
                  const std::string& zone = "");
Column decimals(const std::string& name, int precision, int scale,
                const std::vector<std::optional<int128_t>>& values);
Column booleans(const std::string& name, const std::vector<std::optional<bool>>& values);
Column strings(const std::string& name, const std::vector<std::optional<std::string>>& values,
               bool large = false);
Column binaries(const std::string& name, const std::vector<std::optional<std::string>>& values,
                bool large = false);

// Struct with the given children (all of length >= length); 'valid' empty = no nulls.
Column structOf(const std::string& name, std::vector<Column> children, int64_t length,
                const std::vector<bool>& valid = {});
// List (int32 offsets, or int64 when large) over 'element'; offsets has length+1 entries.
Column listOf(const std::string& name, Column element, const std::vector<int64_t>& offsets,
              const std::vector<bool>& valid = {}, bool large = false);
Column mapOf(const std::string& name, Column keys, Column values,
             const std::vector<int64_t>& offsets, const std::vector<bool>& valid = {});

// A record batch: struct "+s" with an empty name.
Column batchOf(std::vector<Column> columns);

// Same buffers, logical window [offset, offset + length); null count recomputed for the window.
Column sliced(Column column, int64_t offset, int64_t length);

} // namespace gds::test
