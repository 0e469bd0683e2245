#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "exec/GlobalAggregation.h"
#include "exec/Split.h"
#include "type/LeafColumns.h"
#include "type/Type.h"
#include "vector/ImportedBatch.h"
#include "vector/OwnedArrow.h"

// A reusable statistics task for one Spark task: batches of several files (Delta may keep many
// open at once) flow through one GlobalAggregation; each file has its own accumulator row keyed
// by file id, and a barrier per file emits exactly one result row and resets that row for reuse.
// The common case - one open file - never hashes: the last used file's row is cached.

namespace gds {

struct TaskCounters {
  int64_t filesFinished{0};
  int64_t batches{0};
  int64_t rows{0};
  int64_t openFiles{0};
  int64_t retainedBytes{0};
};

class Task {
 public:
  // Parses the schema (a struct); the caller keeps ownership of it.
  explicit Task(const ArrowSchema& schema);

  // Takes ownership of the schema and releases it once parsed (also on error).
  static std::unique_ptr<Task> create(OwnedArrowSchema schema);

  const Type& rowType() const {
    return rowType_;
  }
  const std::vector<LeafColumn>& leaves() const {
    return leaves_;
  }

  void beginFile(int64_t fileId);

  // Validates and aggregates one batch into the file's row. 'schema' may be empty; when given it
  // must equal the task's schema. Both structs are released before this returns or throws. A
  // rejected batch leaves the file's state untouched.
  void addBatch(int64_t fileId, OwnedArrowArray array, OwnedArrowSchema schema = {});
  void addSplit(const Split& split);

  // The barrier for one file: its result in the NativeEngine.finishFile layout. The bytes stay
  // valid until the next call on the task.
  const std::vector<uint8_t>& requestBarrier(const BarrierSplit& barrier);
  const std::vector<uint8_t>& finishFile(int64_t fileId) {
    return requestBarrier(BarrierSplit{fileId});
  }

  // Drops a file's state without a result; false when the file was not open.
  bool abortFile(int64_t fileId);

  // End of input. Open files are not flushed (their owner aborts or finishes them first); the
  // aggregation's trailing empty-state row is suppressed.
  void noMoreSplits();

  TaskCounters counters() const;

 private:
  using OpenFiles = std::unordered_map<int64_t, std::unique_ptr<AccumulatorRow>>;

  AccumulatorRow& openRow(int64_t fileId);
  // Removes a file from the open set; an empty handle when it was not open.
  OpenFiles::node_type takeFile(int64_t fileId);

  Type rowType_;
  std::vector<LeafColumn> leaves_;
  ImportScratch scratch_;
  GlobalAggregation aggregation_;
  OpenFiles openFiles_;
  // Finished files' map nodes with their reset rows: beginFile reuses node and row, so a task in
  // steady state allocates nothing per file.
  std::vector<OpenFiles::node_type> freeFiles_;
  std::vector<uint8_t> encoded_;
  int64_t cachedFileId_{0};
  AccumulatorRow* cachedRow_{nullptr};
  bool noMoreSplits_{false};
  int64_t filesFinished_{0};
  int64_t batches_{0};
  int64_t rows_{0};
};

} // namespace gds
