#include "exec/ResultEncoder.h"

#include <cstring>
#include <limits>

#include "common/Exceptions.h"

namespace gds {
namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the result layout is little-endian");

template <typename T>
void put(std::vector<uint8_t>& out, T value) {
  const size_t at = out.size();
  out.resize(at + sizeof(T));
  std::memcpy(out.data() + at, &value, sizeof(T));
}

void putValue(std::vector<uint8_t>& out, const LeafColumn& leaf, const MinMaxValue& value) {
  switch (leaf.type->kind) {
    case TypeKind::kReal:
    case TypeKind::kDouble:
      put<double>(out, value.floating);
      return;
    case TypeKind::kDecimal: {
      const auto bits = static_cast<unsigned __int128>(value.decimal);
      put<uint64_t>(out, static_cast<uint64_t>(bits));
      put<uint64_t>(out, static_cast<uint64_t>(bits >> 64));
      return;
    }
    case TypeKind::kVarchar: {
      GDS_USER_CHECK(value.string.size() <= static_cast<size_t>(std::numeric_limits<int32_t>::max()),
                     "column '", leaf.type->path, "': min/max string of ", value.string.size(),
                     " bytes exceeds 2 GiB");
      put<int32_t>(out, static_cast<int32_t>(value.string.size()));
      const size_t at = out.size();
      out.resize(at + value.string.size());
      if (!value.string.empty()) {
        std::memcpy(out.data() + at, value.string.data(), value.string.size());
      }
      return;
    }
    default:
      put<int64_t>(out, value.integer);
      return;
  }
}

} // namespace

void encodeFileResult(const FileResult& result, const std::vector<LeafColumn>& leaves,
                      std::vector<uint8_t>& out) {
  GDS_CHECK(result.leaves.size() == leaves.size(), "result has ", result.leaves.size(),
            " leaves, schema ", leaves.size());
  out.clear();
  put<int64_t>(out, result.numRecords);
  put<int32_t>(out, static_cast<int32_t>(leaves.size()));
  for (size_t i = 0; i < leaves.size(); ++i) {
    const LeafResult& leaf = result.leaves[i];
    put<int64_t>(out, leaf.nullCount);
    put<uint8_t>(out, leaf.hasMinMax ? 1 : 0);
    if (leaf.hasMinMax) {
      putValue(out, leaves[i], leaf.min);
      putValue(out, leaves[i], leaf.max);
    }
  }
}

} // namespace gds
