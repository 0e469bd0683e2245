// utf8 / large_utf8 min/max: unsigned byte order (code-point order), values copied out of the
// Arrow buffers (which are released after each batch), slices, and bounded retained memory.

#include <algorithm>
#include <random>

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class StringStatsTest : public EngineTestBase, public ::testing::WithParamInterface<bool> {
 protected:
  bool large() const {
    return GetParam();
  }
  Column column(const std::vector<std::optional<std::string>>& values) const {
    return strings("s", values, large());
  }
};

INSTANTIATE_TEST_SUITE_P(Utf8AndLargeUtf8, StringStatsTest, ::testing::Bool());

const std::string kUffff = "\xEF\xBF\xBF";          // U+FFFF
const std::string kU10000 = "\xF0\x90\x80\x80";     // U+10000 (UTF-16 would sort it first)
const std::string kEmoji = "\xF0\x9F\x98\x80";      // U+1F600, 4 bytes
const std::string kEAcute = "\xC3\xA9";             // U+00E9, 2 bytes

TEST_P(StringStatsTest, emptyAndAllNullFiles) {
  auto task = makeTask(batchOf({column({})}));
  task->beginFile(1);
  const DecodedFile empty = finish(*task, 1);
  EXPECT_EQ(empty.numRecords, 0);
  EXPECT_FALSE(empty.leaves[0].hasMinMax);
  const DecodedFile allNull = statsOf(batchOf({column({std::nullopt, std::nullopt})}));
  EXPECT_EQ(allNull.leaves[0].nullCount, 2);
  EXPECT_FALSE(allNull.leaves[0].hasMinMax);
}

TEST_P(StringStatsTest, byteOrderNotUtf16Order) {
  const DecodedFile file = statsOf(batchOf({column({kU10000, kUffff, std::nullopt})}));
  EXPECT_EQ(file.leaves[0].min.string, kUffff);
  EXPECT_EQ(file.leaves[0].max.string, kU10000);
  EXPECT_EQ(file.leaves[0].nullCount, 1);
}

TEST_P(StringStatsTest, multiByteUtf8AndEmptyString) {
  const DecodedFile file =
      statsOf(batchOf({column({"b" + kEAcute, kEmoji + "x", "", "b", "\x7F", "b" + kEAcute + "a"})}));
  EXPECT_EQ(file.leaves[0].min.string, "");
  EXPECT_EQ(file.leaves[0].max.string, kEmoji + "x");
  const DecodedFile noEmpty = statsOf(batchOf({column({"b" + kEAcute + "a", "b", "b" + kEAcute})}));
  EXPECT_EQ(noEmpty.leaves[0].min.string, "b");
  EXPECT_EQ(noEmpty.leaves[0].max.string, "b" + kEAcute + "a");
}

TEST_P(StringStatsTest, valuesSurviveReleaseOfEarlierBatches) {
  // Batch 1's buffers are freed when it is released; its min must have been copied.
  const DecodedFile file = statsOf({batchOf({column({"mango", "apple"})}),
                                    batchOf({column({"pear", std::nullopt})}),
                                    batchOf({column({"zebra", "banana"})})});
  EXPECT_EQ(file.leaves[0].min.string, "apple");
  EXPECT_EQ(file.leaves[0].max.string, "zebra");
  EXPECT_EQ(file.numRecords, 6);
  EXPECT_EQ(file.leaves[0].nullCount, 1);
}

TEST_P(StringStatsTest, slicedStrings) {
  std::vector<std::optional<std::string>> values;
  for (int i = 0; i < 150; ++i) {
    values.push_back(i % 5 == 0 ? std::nullopt : std::optional<std::string>("v" + std::to_string(100 + i)));
  }
  values[1] = "a-outside";
  values[149] = "z-outside";
  const DecodedFile file = statsOf(batchOf({sliced(column(values), 70, 71)}));  // rows 70..140
  EXPECT_EQ(file.numRecords, 71);
  EXPECT_EQ(file.leaves[0].nullCount, 15);
  EXPECT_EQ(file.leaves[0].min.string, "v171");
  EXPECT_EQ(file.leaves[0].max.string, "v239");
}

TEST_P(StringStatsTest, longStringsAreKeptWhole) {
  const std::string longA(1 << 20, 'a');
  const std::string longB = std::string(1 << 20, 'a') + "b";
  const DecodedFile file = statsOf(batchOf({column({longB, longA, "a"})}));
  EXPECT_EQ(file.leaves[0].min.string, "a");
  EXPECT_EQ(file.leaves[0].max.string, longB);
}

TEST_P(StringStatsTest, retainedMemoryBoundedByLongestValue) {
  auto task = makeTask(batchOf({column({})}));
  const std::string big(100000, 'q');
  task->beginFile(1);
  add(*task, 1, batchOf({column({big, "a"})}));
  finish(*task, 1);
  const int64_t afterBig = task->counters().retainedBytes;
  for (int64_t file = 2; file < 200; ++file) {
    task->beginFile(file);
    add(*task, file, batchOf({column({std::string(static_cast<size_t>(file * 100), 'x'), "b"})}));
    const DecodedFile result = finish(*task, file);
    EXPECT_EQ(result.leaves[0].min.string, "b");
  }
  EXPECT_LE(task->counters().retainedBytes, afterBig) << "string capacity must be reused";
}

// Most comparisons are decided by each value's first 8 bytes as one integer. Values here share
// 0–12 leading bytes, hold zero bytes (as the integer's padding does) and bytes ≥ 0x80, are 0–17
// bytes long, end at the data buffer's end (where no whole word may be read) or inside a slice,
// and span one or two batches; min and max must be std::string's (unsigned byte) order.
TEST_P(StringStatsTest, prefixComparisonsMatchByteOrder) {
  std::mt19937_64 rng(20261207);
  const std::string alphabet("\x00\x01" "ab\x7F\x80\xFF", 7);
  auto pick = [&](uint64_t bound) { return static_cast<size_t>(rng() % bound); };
  auto randomBytes = [&](size_t length) {
    std::string s;
    for (size_t i = 0; i < length; ++i) {
      s += alphabet[pick(alphabet.size())];
    }
    return s;
  };
  for (int round = 0; round < 400; ++round) {
    const std::string stem = randomBytes(pick(13));
    std::vector<std::optional<std::string>> values;
    const size_t n = 1 + pick(40);
    for (size_t i = 0; i < n; ++i) {
      if (pick(6) == 0) {
        values.emplace_back(std::nullopt);
      } else {
        values.emplace_back(stem.substr(0, pick(stem.size() + 1)) + randomBytes(pick(6)));
      }
    }
    const size_t offset = pick(3) == 0 ? pick(n) : 0;
    const size_t length = offset == 0 && pick(2) == 0 ? n : 1 + pick(n - offset);
    const size_t split = pick(length + 1);  // rows of the first batch; the rest in a second
    std::vector<Column> batches;
    batches.push_back(batchOf({sliced(column(values), static_cast<int64_t>(offset),
                                      static_cast<int64_t>(split))}));
    batches.push_back(batchOf({sliced(column(values), static_cast<int64_t>(offset + split),
                                      static_cast<int64_t>(length - split))}));
    std::vector<std::string> present;
    for (size_t i = offset; i < offset + length; ++i) {
      if (values[i]) {
        present.push_back(*values[i]);
      }
    }
    const DecodedFile file = statsOf(batches);
    SCOPED_TRACE("round " + std::to_string(round));
    ASSERT_EQ(file.leaves[0].hasMinMax, !present.empty());
    if (!present.empty()) {
      EXPECT_EQ(file.leaves[0].min.string, *std::min_element(present.begin(), present.end()));
      EXPECT_EQ(file.leaves[0].max.string, *std::max_element(present.begin(), present.end()));
    }
  }
}

class BinaryStatsTest : public EngineTestBase {};

TEST_F(BinaryStatsTest, nullCountOnly) {
  for (bool large : {false, true}) {
    const DecodedFile file = statsOf(batchOf({binaries("b", {"\x01", std::nullopt, ""}, large)}));
    EXPECT_EQ(file.leaves[0].nullCount, 1);
    EXPECT_FALSE(file.leaves[0].hasMinMax);
  }
}

} // namespace
} // namespace gds::test
