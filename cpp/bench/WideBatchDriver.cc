// Instruction-count driver for the engine alone: the JMH "wide" workload (StatsPathBenchmark,
// family wide) without the JVM, so two commits can be compared by instructions under callgrind
// instead of by wall-clock time on a shared machine.
//
// Schema and batches mirror benchmarks' BatchFixtures for store_sales: 10 int64 keys (two of
// them never null, like ss_item_sk and ss_ticket_number), one int32, 12 decimal(7,2); 4096-row
// batches with about 5 % nulls. The values are synthetic (seeded), not TPC-DS's: the kernels are
// branch-free within a 64-row word, so only the null pattern steers them. Batches are passed as
// NativeAggregator does: one schema at create, then per batch a lent ArrowArray (a validity
// buffer always present, null_count set, releaseBorrowedArray as release, no batch schema).
//
//   gds_wide_driver cached|streamed <files>
//   valgrind --tool=callgrind --toggle-collect='*runFiles*' gds_wide_driver cached 8
// cached: one batch 64 times per file; streamed: 64 distinct batches. Instructions per value =
// the collected Ir / the "values" line printed.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/CpuFeatures.h"
#include "common/Int128.h"
#include "exec/Task.h"
#include "tests/ArrowTestData.h"
#include "vector/BorrowedArray.h"
#include "vector/OwnedArrow.h"

namespace gds::bench {
namespace {

constexpr int64_t kRows = 4096;
constexpr int kBatchesPerFile = 64;
constexpr int kKeys = 10;
constexpr int kDecimals = 12;
constexpr double kNullRate = 0.05;

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // In [0, bound).
  int64_t below(int64_t bound) {
    return static_cast<int64_t>(next() % static_cast<uint64_t>(bound));
  }
  bool isNull() {
    return static_cast<double>(next() >> 11) * 0x1.0p-53 < kNullRate;
  }

 private:
  uint64_t state_;
};

template <typename T, typename Gen>
std::vector<std::optional<T>> column(SplitMix64& rnd, bool nullable, Gen&& gen) {
  std::vector<std::optional<T>> values(static_cast<size_t>(kRows));
  for (auto& value : values) {
    if (!(nullable && rnd.isNull())) {
      value = gen();
    }
  }
  return values;
}

test::Column storeSalesBatch(SplitMix64& rnd) {
  std::vector<test::Column> columns;
  for (int k = 0; k < kKeys; ++k) {
    const bool nullable = k != 2 && k != 9;
    columns.push_back(test::int64s("key" + std::to_string(k),
                                   column<int64_t>(rnd, nullable, [&] { return 1 + rnd.below(1 << 20); })));
  }
  columns.push_back(
      test::int32s("quantity", column<int32_t>(rnd, true, [&] {
                     return static_cast<int32_t>(1 + rnd.below(100));
                   })));
  for (int d = 0; d < kDecimals; ++d) {
    columns.push_back(test::decimals("amount" + std::to_string(d), 7, 2,
                                     column<int128_t>(rnd, true, [&] {
                                       return static_cast<int128_t>(rnd.below(2'000'000) - 1'000'000);
                                     })));
  }
  return test::batchOf(std::move(columns));
}

// The ArrowArray tree of one batch schema, laid out once and refilled per export with the
// batch's lengths, null counts and buffer addresses (the buffers are lent, never freed here).
class LentExport {
 public:
  explicit LentExport(size_t columns)
      : children_(columns), childPointers_(columns), buffers_(2 * columns) {
    for (size_t c = 0; c < columns; ++c) {
      childPointers_[c] = &children_[c];
    }
  }

  ArrowArray* fill(const test::Column& batch) {
    for (size_t c = 0; c < children_.size(); ++c) {
      const test::Column& leaf = batch.children[c];
      // Arrow Java exports a validity buffer even without nulls.
      buffers_[2 * c] = leaf.buffers[0] != nullptr ? leaf.buffers[0]->data() : kNoNulls;
      buffers_[2 * c + 1] = leaf.buffers[1]->data();
      children_[c] = ArrowArray{leaf.length, leaf.nullCount, 0,       2, 0, &buffers_[2 * c],
                                nullptr,     nullptr,       &releaseBorrowedArray, nullptr};
    }
    root_ = ArrowArray{batch.length, 0, 0, 1, static_cast<int64_t>(children_.size()), rootBuffers_,
                       childPointers_.data(), nullptr, &releaseBorrowedArray, nullptr};
    return &root_;
  }

 private:
  static constexpr uint8_t kNoNulls[kRows / 8] = {};
  ArrowArray root_{};
  const void* rootBuffers_[1] = {nullptr};
  std::vector<ArrowArray> children_;
  std::vector<ArrowArray*> childPointers_;
  std::vector<const void*> buffers_;
};

// The measured part (callgrind --toggle-collect='*runFiles*'): begin, 64 batches, finish per
// file, on one reused task as the JNI layer drives it. Returns a checksum of the results.
__attribute__((noinline)) uint64_t runFiles(Task& task, const std::vector<test::Column>& batches,
                                            LentExport& lent, int files) {
  uint64_t checksum = 1469598103934665603ull;  // FNV-1a
  for (int f = 0; f < files; ++f) {
    task.beginFile(1);
    for (int i = 0; i < kBatchesPerFile; ++i) {
      task.addBatch(1, OwnedArrowArray(lent.fill(batches[static_cast<size_t>(i) % batches.size()])));
    }
    for (uint8_t byte : task.finishFile(1)) {
      checksum = (checksum ^ byte) * 1099511628211ull;
    }
  }
  return checksum;
}

} // namespace
} // namespace gds::bench

int main(int argc, char** argv) {
  using namespace gds;
  const std::string mode = argc == 3 ? argv[1] : "";
  const int files = argc == 3 ? std::atoi(argv[2]) : 0;
  if ((mode != "cached" && mode != "streamed") || files <= 0) {
    std::fprintf(stderr, "usage: %s cached|streamed <files>\n", argv[0]);
    return 2;
  }
  bench::SplitMix64 rnd(42);
  std::vector<test::Column> batches;
  for (int b = 0; b < (mode == "cached" ? 1 : bench::kBatchesPerFile); ++b) {
    batches.push_back(bench::storeSalesBatch(rnd));
  }
  ArrowSchema schema = test::exportSchema(batches.front());
  std::unique_ptr<Task> task = Task::create(OwnedArrowSchema(&schema));
  bench::LentExport lent(batches.front().children.size());
  const uint64_t checksum = bench::runFiles(*task, batches, lent, files);
  const auto values = static_cast<long long>(files) * bench::kBatchesPerFile * bench::kRows *
                      static_cast<long long>(task->leaves().size());
  std::printf("simd %s, %s, %d files, values %lld, result checksum %016llx\n",
              simd::levelName(simd::activeLevel()), mode.c_str(), files, values,
              static_cast<unsigned long long>(checksum));
  return 0;
}
