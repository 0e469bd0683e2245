#include "vector/ImportedBatch.h"

#include <tuple>
#include <utility>

#include "common/Bits.h"
#include "common/Exceptions.h"
#include "common/Unaligned.h"

namespace gds {
namespace {

const char* display(const Type& type) {
  return type.path.empty() ? "<root>" : type.path.c_str();
}

bool isFixedWidth(TypeKind kind) {
  switch (kind) {
    case TypeKind::kBoolean:
    case TypeKind::kTinyint:
    case TypeKind::kSmallint:
    case TypeKind::kInteger:
    case TypeKind::kBigint:
    case TypeKind::kReal:
    case TypeKind::kDouble:
    case TypeKind::kDecimal:
    case TypeKind::kDate:
    case TypeKind::kTimestamp:
      return true;
    default:
      return false;
  }
}

// Checks offsets[start..start+count] (count+1 entries): non-negative, non-decreasing and within
// kMaxLength. Returns {first, last}.
template <typename OffsetT>
std::pair<int64_t, int64_t> checkOffsets(const Type& type, const void* buffer, int64_t start,
                                         int64_t count) {
  int64_t previous = static_cast<int64_t>(loadUnaligned<OffsetT>(buffer, start));
  GDS_USER_CHECK(previous >= 0 && previous <= ImportedBatch::kMaxLength, "column '",
                 display(type), "': offset ", previous, " at index ", start, " is out of range");
  const int64_t first = previous;
  for (int64_t i = 1; i <= count; ++i) {
    const int64_t current = static_cast<int64_t>(loadUnaligned<OffsetT>(buffer, start + i));
    GDS_USER_CHECK(current >= previous && current <= ImportedBatch::kMaxLength, "column '",
                   display(type), "': offsets are not monotone (", previous, " then ", current,
                   " at index ", start + i, ")");
    previous = current;
  }
  return {first, previous};
}

std::pair<int64_t, int64_t> checkOffsets(const Type& type, const void* buffer, int64_t start,
                                         int64_t count) {
  return type.largeOffsets ? checkOffsets<int64_t>(type, buffer, start, count)
                           : checkOffsets<int32_t>(type, buffer, start, count);
}

} // namespace

ImportScratch::ImportScratch(int32_t numNodes, size_t numLeaves)
    : nodes_(static_cast<size_t>(numNodes)),
      combined_(static_cast<size_t>(numNodes)),
      leaves_(numLeaves) {}

int64_t ImportScratch::retainedBytes() const {
  int64_t bytes = static_cast<int64_t>(nodes_.capacity() * sizeof(NodeSlice) +
                                       leaves_.capacity() * sizeof(LeafView) +
                                       combined_.capacity() * sizeof(std::vector<uint64_t>));
  for (const auto& words : combined_) {
    bytes += static_cast<int64_t>(words.capacity() * sizeof(uint64_t));
  }
  return bytes;
}

ImportedBatch::ImportedBatch(OwnedArrowArray array, const Type& rowType,
                             const std::vector<LeafColumn>& leaves, ImportScratch& scratch)
    : array_(std::move(array)), scratch_(scratch) {
  GDS_USER_CHECK(array_.isLive(), "the ArrowArray of the batch is null or already released");
  const ArrowArray& root = array_.get();
  GDS_USER_CHECK(root.length >= 0 && root.length <= kMaxLength, "column '<root>': invalid length ",
                 root.length);
  numRows_ = root.length;
  validate(&root, rowType, 0, root.length, 0, true);
  GDS_CHECK(scratch_.leaves_.size() == leaves.size(), "scratch sized for ",
            scratch_.leaves_.size(), " leaves, schema has ", leaves.size());
  size_t leafIndex = 0;
  buildLeaves(rowType, Bitmap{nullptr, 0}, leafIndex);
  GDS_CHECK(leafIndex == leaves.size(), "walked ", leafIndex, " leaves, expected ", leaves.size());
}

void ImportedBatch::validate(const ArrowArray* array, const Type& type, int64_t logicalStart,
                             int64_t count, int depth, bool onStructPath) {
  GDS_CHECK(depth <= kMaxNestingDepth + 1, "nesting deeper than the parsed schema");
  GDS_USER_CHECK(array != nullptr, "column '", display(type), "': null ArrowArray");
  const ArrowArray& a = *array;
  GDS_USER_CHECK(a.length >= 0, "column '", display(type), "': negative length ", a.length);
  GDS_USER_CHECK(a.length <= kMaxLength, "column '", display(type), "': length ", a.length,
                 " exceeds the supported maximum");
  GDS_USER_CHECK(a.offset >= 0, "column '", display(type), "': negative offset ", a.offset);
  GDS_USER_CHECK(a.offset <= kMaxLength, "column '", display(type), "': offset ", a.offset,
                 " exceeds the supported maximum");
  GDS_USER_CHECK(a.null_count >= -1 && a.null_count <= a.length, "column '", display(type),
                 "': invalid null_count ", a.null_count, " for length ", a.length);
  GDS_USER_CHECK(a.dictionary == nullptr, "dictionary-encoded column '", display(type),
                 "' is not supported");
  GDS_USER_CHECK(logicalStart <= a.length && count <= a.length - logicalStart, "column '",
                 display(type), "': length ", a.length, " is shorter than the ",
                 logicalStart + count, " rows its parent refers to");
  GDS_USER_CHECK(a.n_buffers == type.numBuffers(), "column '", display(type), "' of type '",
                 type.format, "' has ", a.n_buffers, " buffers, expected ", type.numBuffers());
  GDS_USER_CHECK(a.buffers != nullptr, "column '", display(type), "': null buffers array");
  GDS_USER_CHECK(a.n_children == static_cast<int64_t>(type.children.size()), "column '",
                 display(type), "' has ", a.n_children, " children, expected ",
                 type.children.size());
  GDS_USER_CHECK(a.n_children == 0 || a.children != nullptr, "column '", display(type),
                 "': null children array");

  const int64_t start = a.offset + logicalStart;  // both <= 2^40: no overflow
  const uint8_t* validity = static_cast<const uint8_t*>(a.buffers[0]);
  GDS_USER_CHECK(validity != nullptr || a.null_count <= 0, "column '", display(type),
                 "': null_count ", a.null_count, " but no validity buffer");
  if (a.null_count == 0) {
    validity = nullptr;  // Arrow: a zero null count means the bitmap need not be read
  }
  if (onStructPath) {
    ImportScratch::NodeSlice& slice = scratch_.nodes_[static_cast<size_t>(type.id)];
    slice.array = array;
    slice.start = start;
    slice.validity = validity;
  }

  if (isFixedWidth(type.kind)) {
    GDS_USER_CHECK(count == 0 || a.buffers[1] != nullptr, "column '", display(type),
                   "': missing values buffer");
    return;
  }
  switch (type.kind) {
    case TypeKind::kVarchar:
    case TypeKind::kVarbinary: {
      if (count == 0) {
        return;
      }
      GDS_USER_CHECK(a.buffers[1] != nullptr, "column '", display(type), "': missing offsets buffer");
      const auto [first, last] = checkOffsets(type, a.buffers[1], start, count);
      GDS_USER_CHECK(last == first || a.buffers[2] != nullptr, "column '", display(type),
                     "': missing data buffer");
      return;
    }
    case TypeKind::kArray:
    case TypeKind::kMap: {
      int64_t first = 0;
      int64_t last = 0;
      if (count > 0) {
        GDS_USER_CHECK(a.buffers[1] != nullptr, "column '", display(type),
                       "': missing offsets buffer");
        std::tie(first, last) = checkOffsets(type, a.buffers[1], start, count);
      }
      // Elements are never aggregated, but a malformed child is still rejected.
      validate(a.children[0], type.children[0], first, last - first, depth + 1, false);
      return;
    }
    case TypeKind::kRow:
      for (size_t i = 0; i < type.children.size(); ++i) {
        validate(a.children[i], type.children[i], start, count, depth + 1, onStructPath);
      }
      return;
    default:
      GDS_CHECK(false, "unhandled type ", typeKindName(type.kind));
  }
}

ImportedBatch::Bitmap ImportedBatch::combine(Bitmap parent, const ImportScratch::NodeSlice& own,
                                             int32_t id) {
  if (own.validity == nullptr) {
    return parent;
  }
  if (parent.bits == nullptr) {
    return Bitmap{own.validity, own.start};
  }
  std::vector<uint64_t>& words = scratch_.combined_[static_cast<size_t>(id)];
  const int64_t n = numRows_;
  if (static_cast<int64_t>(words.size()) < bits::numWords(n)) {
    words.resize(static_cast<size_t>(bits::numWords(n)));
  }
  for (int64_t w = 0; w < bits::numWords(n); ++w) {
    const int64_t chunk = n - w * 64 < 64 ? n - w * 64 : 64;
    words[static_cast<size_t>(w)] = bits::loadWord(parent.bits, parent.offset + w * 64, chunk) &
                                    bits::loadWord(own.validity, own.start + w * 64, chunk);
  }
  return Bitmap{reinterpret_cast<const uint8_t*>(words.data()), 0};
}

void ImportedBatch::buildLeaves(const Type& type, Bitmap parent, size_t& leafIndex) {
  const ImportScratch::NodeSlice& slice = scratch_.nodes_[static_cast<size_t>(type.id)];
  const Bitmap combined = numRows_ == 0 ? Bitmap{nullptr, 0} : combine(parent, slice, type.id);
  if (type.kind == TypeKind::kRow) {
    for (const Type& child : type.children) {
      buildLeaves(child, combined, leafIndex);
    }
    return;
  }
  LeafView& view = scratch_.leaves_[leafIndex++];
  view.validity = combined.bits;
  view.validityOffset = combined.offset;
  view.start = slice.start;
  view.numRows = numRows_;
  const ArrowArray& a = *slice.array;
  if (type.kind == TypeKind::kVarchar || type.kind == TypeKind::kVarbinary) {
    view.offsets = static_cast<const uint8_t*>(a.buffers[1]);
    view.values = static_cast<const uint8_t*>(a.buffers[2]);
  } else {
    view.offsets = nullptr;
    view.values = a.n_buffers > 1 ? static_cast<const uint8_t*>(a.buffers[1]) : nullptr;
  }
}

} // namespace gds
