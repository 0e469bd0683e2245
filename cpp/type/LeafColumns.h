#pragma once

#include <cstdint>
#include <vector>

#include "type/Type.h"

// The statistics leaves of a row type: every non-struct node reached by walking struct children
// depth-first. Lists, maps, binary and boolean are leaves with a null count only; their children
// are never statistics columns.

namespace gds {

struct LeafColumn {
  const Type* type;  // owned by the row type the leaves were collected from
};

// Whether Spark/Delta collect min/max for a leaf of this kind.
bool collectsMinMax(TypeKind kind);

std::vector<LeafColumn> collectLeaves(const Type& rowType);

} // namespace gds
