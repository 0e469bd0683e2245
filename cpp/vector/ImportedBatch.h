#pragma once

#include <cstdint>
#include <vector>

#include "type/LeafColumns.h"
#include "type/Type.h"
#include "vector/LeafView.h"
#include "vector/OwnedArrow.h"

// One imported Arrow batch (a struct array of the task's row type). The constructor validates
// the whole array tree against the type before any value is read - lengths, offsets, null
// counts, buffer and child counts, list/string offsets - and throws a UserError naming the
// column otherwise. The batch owns the ArrowArray and releases it when destroyed.

namespace gds {

// Memory reused across batches so that importing allocates nothing in steady state.
class ImportScratch {
 public:
  ImportScratch(int32_t numNodes, size_t numLeaves);

  int64_t retainedBytes() const;

 private:
  friend class ImportedBatch;

  struct NodeSlice {
    const ArrowArray* array{nullptr};
    int64_t start{0};                  // physical index of the batch's first row
    const uint8_t* validity{nullptr};  // own bitmap, null when it holds no nulls
  };

  std::vector<NodeSlice> nodes_;                  // by node id (struct path only)
  std::vector<std::vector<uint64_t>> combined_;   // by node id: combined validity words
  std::vector<LeafView> leaves_;
};

class ImportedBatch {
 public:
  // Largest length, offset or value offset accepted; larger values cannot describe real memory
  // and would overflow address arithmetic.
  static constexpr int64_t kMaxLength = int64_t{1} << 40;

  ImportedBatch(OwnedArrowArray array, const Type& rowType, const std::vector<LeafColumn>& leaves,
                ImportScratch& scratch);

  int64_t numRows() const {
    return numRows_;
  }

  // In the order of 'leaves' given to the constructor.
  const std::vector<LeafView>& leaves() const {
    return scratch_.leaves_;
  }

 private:
  struct Bitmap {
    const uint8_t* bits;
    int64_t offset;
  };

  void validate(const ArrowArray* array, const Type& type, int64_t logicalStart, int64_t count,
                int depth, bool onStructPath);
  Bitmap combine(Bitmap parent, const ImportScratch::NodeSlice& own, int32_t id);
  void buildLeaves(const Type& type, Bitmap parent, size_t& leafIndex);

  OwnedArrowArray array_;
  ImportScratch& scratch_;
  int64_t numRows_{0};
};

} // namespace gds
