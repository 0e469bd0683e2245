#include "fuzz/ReferenceStats.h"

#include <cmath>
#include <cstring>

namespace gds::fuzz {
namespace {

bool less(TypeKind kind, const RefValue& a, const RefValue& b) {
  switch (kind) {
    case TypeKind::kReal:
    case TypeKind::kDouble:
      return !std::isnan(a.floating) && (std::isnan(b.floating) || a.floating < b.floating);
    case TypeKind::kDecimal:
      return a.decimal < b.decimal;
    case TypeKind::kVarchar: {
      const size_t common = std::min(a.string.size(), b.string.size());
      const int cmp = common == 0 ? 0 : std::memcmp(a.string.data(), b.string.data(), common);
      return cmp != 0 ? cmp < 0 : a.string.size() < b.string.size();
    }
    default:
      return a.integer < b.integer;
  }
}

test::DecodedValue toDecoded(const RefValue& value) {
  test::DecodedValue out;
  out.integer = value.integer;
  out.floating = value.floating;
  out.decimal = value.decimal;
  out.string = value.string;
  return out;
}

} // namespace

void ReferenceFile::add(int64_t numRows, const std::vector<LeafRows>& rows) {
  numRecords_ += numRows;
  for (size_t leaf = 0; leaf < leaves_.size(); ++leaf) {
    leaves_[leaf].insert(leaves_[leaf].end(), rows[leaf].begin(), rows[leaf].end());
  }
}

test::DecodedFile ReferenceFile::result(const std::vector<LeafColumn>& leaves) const {
  test::DecodedFile file;
  file.numRecords = numRecords_;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const TypeKind kind = leaves[i].type->kind;
    test::DecodedLeaf leaf;
    const RefValue* min = nullptr;
    const RefValue* max = nullptr;
    for (const auto& row : leaves_[i]) {
      if (!row) {
        ++leaf.nullCount;
        continue;
      }
      if (!collectsMinMax(kind)) {
        continue;
      }
      if (min == nullptr || less(kind, *row, *min)) min = &*row;
      if (max == nullptr || less(kind, *max, *row)) max = &*row;
    }
    if (min != nullptr) {
      leaf.hasMinMax = true;
      leaf.min = toDecoded(*min);
      leaf.max = toDecoded(*max);
    }
    file.leaves.push_back(std::move(leaf));
  }
  return file;
}

} // namespace gds::fuzz
