#pragma once

#include <cstdint>

#include "vector/ImportedBatch.h"

// A split is input for one output file: here a single imported batch tagged with its file id.
// The barrier split is the sentinel marking the end of that file (Velox's BarrierSplit), after
// which the task emits the file's result row and resets its state.

namespace gds {

struct Split {
  int64_t fileId;
  const ImportedBatch* batch;
};

struct BarrierSplit {
  int64_t fileId;
};

} // namespace gds
