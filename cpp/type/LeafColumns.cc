#include "type/LeafColumns.h"

namespace gds {
namespace {

void walk(const Type& type, std::vector<LeafColumn>& out) {
  if (type.kind != TypeKind::kRow) {
    out.push_back(LeafColumn{&type});
    return;
  }
  for (const Type& child : type.children) {
    walk(child, out);
  }
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
  walk(rowType, leaves);
  return leaves;
}

} // namespace gds
