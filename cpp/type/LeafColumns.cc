#include "type/LeafColumns.h"

namespace gds {
namespace {

void walk(const Type& type, std::vector<int32_t>& ancestors, std::vector<LeafColumn>& out) {
  if (type.kind != TypeKind::kRow) {
    out.push_back(LeafColumn{&type, ancestors});
    return;
  }
  ancestors.push_back(type.id);
  for (const Type& child : type.children) {
    walk(child, ancestors, out);
  }
  ancestors.pop_back();
}

} // namespace

bool collectsMinMax(TypeKind kind) {
  switch (kind) {
    case TypeKind::kTinyint:
    case TypeKind::kSmallint:
    case TypeKind::kInteger:
    case TypeKind::kBigint:
    case TypeKind::kReal:
    case TypeKind::kDouble:
    case TypeKind::kDecimal:
    case TypeKind::kDate:
    case TypeKind::kTimestamp:
    case TypeKind::kVarchar:
      return true;
    default:
      return false;
  }
}

std::vector<LeafColumn> collectLeaves(const Type& rowType) {
  std::vector<LeafColumn> leaves;
  std::vector<int32_t> ancestors;
  walk(rowType, ancestors, leaves);
  return leaves;
}

} // namespace gds
