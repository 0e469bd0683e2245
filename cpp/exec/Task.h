#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "exec/GlobalAggregation.h"
#include "type/LeafColumns.h"
#include "type/Type.h"
#include "vector/ImportedBatch.h"
#include "vector/OwnedArrow.h"

// A reusable statistics task for one Spark task, shaped like Velox's serial Task with barriers:
// each output file is a split (its batches), all of which flow through the one operator, a
// GlobalAggregation; finishFile is the file's barrier, which drains exactly one result row and
// resets the file's accumulator row for reuse. Delta may keep several files open at once, so
// each open file has its own row, keyed by file id. The common case - one open file - never
// hashes: the last used file's row is cached.

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

  // The file's barrier: its result in the NativeEngine.finishFile layout; the file is closed.
  // The bytes stay valid until the next call on the task.
  const std::vector<uint8_t>& finishFile(int64_t fileId);

  // Drops a file's state without a result; false when the file was not open.
  bool abortFile(int64_t fileId);

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
  int64_t filesFinished_{0};
  int64_t batches_{0};
  int64_t rows_{0};
};

} // namespace gds
