#pragma once

#include "exec/FileResult.h"
#include "vector/ImportedBatch.h"

// Velox's operator protocol reduced to what a serial, single-pipeline task needs. The drain
// hooks implement the task barrier: startDrain() asks an operator to flush what it buffered,
// getOutput() then returns it, and finishDrain() resets the operator for the next file.

namespace gds {

class Operator {
 public:
  virtual ~Operator() = default;

  virtual bool needsInput() const = 0;
  virtual void addInput(const ImportedBatch& batch) = 0;
  // End of all input. A global aggregation would emit one more (empty-state) row at this point;
  // ours deliberately does not, because every file already got its row at its barrier.
  virtual void noMoreInput() = 0;
  // The pending output, or null. Valid until the next call on the operator.
  virtual const FileResult* getOutput() = 0;
  virtual bool isFinished() const = 0;
  // Returns true when the operator holds output to flush for the barrier.
  virtual bool startDrain() = 0;
  virtual void finishDrain() = 0;
};

} // namespace gds
