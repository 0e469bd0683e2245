// utf8 / large_utf8 min/max: unsigned byte order (code-point order), values copied out of the
// Arrow buffers (which are released after each batch), slices, and bounded retained memory.

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
