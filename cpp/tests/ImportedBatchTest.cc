// Batch import: validity combination at odd bit offsets, null_count conventions, zero rows.

#include "common/Bits.h"
#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class ImportedBatchTest : public EngineTestBase {};

TEST(BitsTest, loadWordAtEveryOffset) {
  std::vector<uint8_t> bitmap(20);
  for (size_t i = 0; i < bitmap.size(); ++i) {
    bitmap[i] = static_cast<uint8_t>(i * 37 + 11);
  }
  auto bit = [&](int64_t i) { return (bitmap[static_cast<size_t>(i / 8)] >> (i % 8)) & 1; };
  for (int64_t offset = 0; offset < 80; ++offset) {
    for (int64_t n : {1, 7, 8, 9, 63, 64}) {
      if (offset + n > 160) continue;
      const uint64_t word = bits::loadWord(bitmap.data(), offset, n);
      for (int64_t i = 0; i < 64; ++i) {
        const uint64_t expected = i < n ? static_cast<uint64_t>(bit(offset + i)) : 0;
        ASSERT_EQ((word >> i) & 1, expected) << offset << " " << n << " " << i;
      }
    }
  }
  EXPECT_EQ(bits::countSet(bitmap.data(), 3, 150), [&] {
    int64_t count = 0;
    for (int64_t i = 3; i < 153; ++i) count += bit(i);
    return count;
  }());
}

TEST_F(ImportedBatchTest, zeroNullCountIgnoresBitmapAndMinusOneReadsIt) {
  Column values = int32s("v", {1, std::nullopt, 3});
  Column ignored = values;
  ignored.nullCount = 0;  // Arrow: the bitmap need not be consulted
  DecodedFile file = statsOf(batchOf({ignored}));
  EXPECT_EQ(file.leaves[0].nullCount, 0);
  EXPECT_EQ(file.leaves[0].min.integer, 0);  // the null slot's placeholder value is visible
  Column unknown = values;
  unknown.nullCount = -1;  // "not computed": the bitmap decides
  file = statsOf(batchOf({unknown}));
  EXPECT_EQ(file.leaves[0].nullCount, 1);
  EXPECT_EQ(file.leaves[0].min.integer, 1);
  Column noBitmap = int32s("v", {4, 5});
  noBitmap.nullCount = -1;
  file = statsOf(batchOf({noBitmap}));
  EXPECT_EQ(file.leaves[0].nullCount, 0);
}

TEST_F(ImportedBatchTest, nestedValidityCombinedAtOddOffsets) {
  for (int64_t parentOffset : {0, 1, 7, 9, 63, 65}) {
    for (int64_t childOffset : {0, 3, 64}) {
      const int64_t rows = 150;
      std::vector<bool> parentValid;
      std::vector<std::optional<int32_t>> childValues;
      for (int64_t i = 0; i < parentOffset + rows; ++i) {
        parentValid.push_back((i * 7) % 5 != 0);
      }
      for (int64_t i = 0; i < childOffset + parentOffset + rows; ++i) {
        childValues.push_back((i * 3) % 4 == 0 ? std::nullopt : std::optional<int32_t>(static_cast<int32_t>(i)));
      }
      Column child = sliced(int32s("x", childValues), childOffset, parentOffset + rows);
      Column parent = sliced(structOf("p", {child}, parentOffset + rows, parentValid), parentOffset, rows);
      Column batch = batchOf({parent});
      int64_t nulls = 0;
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t p = parentOffset + r;
        nulls += (!parentValid[static_cast<size_t>(p)] || !childValues[static_cast<size_t>(childOffset + p)]) ? 1 : 0;
      }
      const DecodedFile file = statsOf(batch);
      EXPECT_EQ(file.leaves[0].nullCount, nulls) << parentOffset << "/" << childOffset;
    }
  }
}

} // namespace
} // namespace gds::test
