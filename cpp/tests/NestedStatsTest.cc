// Structs (null parents make every leaf below them null), slices on parents and children,
// depth-first leaf order, and list/map/bool leaves that only get null counts.

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class NestedStatsTest : public EngineTestBase {};

TEST_F(NestedStatsTest, nullParentStructNullsEveryLeafBelow) {
  // s: struct<a: int, t: struct<b: string>>; rows 1 and 3 have a null s, row 2 a null t.
  // Values hidden under null parents (999, "zzz", "aaa") must not reach min/max.
  Column t = structOf("t", {strings("b", {"m", "zzz", "aaa", "k", std::nullopt})}, 5,
                      {true, true, false, true, true});
  Column s = structOf("s", {int32s("a", {1, 999, 3, -999, std::nullopt}), std::move(t)}, 5,
                      {true, false, true, false, true});
  const DecodedFile file = statsOf(batchOf({int64s("id", {1, 2, 3, 4, 5}), s}));
  ASSERT_EQ(file.leaves.size(), 3u);  // id, s.a, s.t.b
  EXPECT_EQ(file.numRecords, 5);
  EXPECT_EQ(file.leaves[0].nullCount, 0);
  EXPECT_EQ(file.leaves[1].nullCount, 3);  // rows 1, 3 (parent) + 4 (own)
  EXPECT_EQ(file.leaves[1].min.integer, 1);
  EXPECT_EQ(file.leaves[1].max.integer, 3);
  EXPECT_EQ(file.leaves[2].nullCount, 4);  // rows 1, 3 (s), 2 (t), 4 (own)
  EXPECT_EQ(file.leaves[2].min.string, "m");
  EXPECT_EQ(file.leaves[2].max.string, "m");
}

TEST_F(NestedStatsTest, structWhoseChildrenAreAllUnderNullParents) {
  Column s = structOf("s", {doubles("x", {1.0, 2.0})}, 2, {false, false});
  const DecodedFile file = statsOf(batchOf({s}));
  EXPECT_EQ(file.leaves[0].nullCount, 2);
  EXPECT_FALSE(file.leaves[0].hasMinMax);
}

TEST_F(NestedStatsTest, slicedStructAndSlicedChildrenCombineOffsets) {
  // 130 rows so that validity words straddle 64-bit boundaries at odd bit offsets.
  std::vector<bool> parentValid;
  std::vector<std::optional<int64_t>> childValues;
  for (int i = 0; i < 140; ++i) {
    parentValid.push_back(i % 3 != 0);
    childValues.push_back(i % 4 == 1 ? std::nullopt : std::optional<int64_t>(i));
  }
  // Child sliced by 5: struct row r reads child element 5 + r. Struct sliced by 3 in the batch.
  Column child = sliced(int64s("v", childValues), 5, 135);
  Column parent = sliced(structOf("p", {child}, 135, std::vector<bool>(parentValid.begin(), parentValid.begin() + 135)), 3, 120);
  Column batch = batchOf({parent});
  batch.length = 120;
  int64_t nulls = 0;
  int64_t min = INT64_MAX;
  int64_t max = INT64_MIN;
  for (int r = 0; r < 120; ++r) {
    const int structRow = 3 + r;
    const int childRow = 5 + structRow;
    if (!parentValid[static_cast<size_t>(structRow)] || !childValues[static_cast<size_t>(childRow)]) {
      ++nulls;
      continue;
    }
    min = std::min<int64_t>(min, childRow);
    max = std::max<int64_t>(max, childRow);
  }
  const DecodedFile file = statsOf(batch);
  EXPECT_EQ(file.numRecords, 120);
  EXPECT_EQ(file.leaves[0].nullCount, nulls);
  EXPECT_EQ(file.leaves[0].min.integer, min);
  EXPECT_EQ(file.leaves[0].max.integer, max);
}

TEST_F(NestedStatsTest, listMapBoolLeavesGetNullCountsOnly) {
  Column list = listOf("l", int32s("item", {1, 2, 3}), {0, 2, 2, 3, 3}, {true, false, true, false});
  Column largeList = listOf("L", int32s("item", {7}), {0, 1, 1, 1, 1}, {true, true, false, true}, true);
  Column map = mapOf("m", strings("key", {"k1", "k2"}), int64s("value", {1, std::nullopt}),
                     {0, 0, 2, 2, 2}, {false, true, true, true});
  Column flags = booleans("f", {true, std::nullopt, false, std::nullopt});
  const DecodedFile file = statsOf(batchOf({list, largeList, map, flags}));
  ASSERT_EQ(file.leaves.size(), 4u);  // no descent into list/map children
  EXPECT_EQ(file.leaves[0].nullCount, 2);
  EXPECT_EQ(file.leaves[1].nullCount, 1);
  EXPECT_EQ(file.leaves[2].nullCount, 1);
  EXPECT_EQ(file.leaves[3].nullCount, 2);
  for (const DecodedLeaf& leaf : file.leaves) {
    EXPECT_FALSE(leaf.hasMinMax);
  }
}

TEST_F(NestedStatsTest, nullCountOnlyTypesEmptyAllNullAndMixed) {
  auto columns = [](const std::vector<bool>& valid) {
    std::vector<std::optional<bool>> flags;
    std::vector<std::optional<std::string>> bytes;
    std::vector<int64_t> offsets{0};
    for (bool v : valid) {
      flags.push_back(v ? std::optional<bool>(true) : std::nullopt);
      bytes.push_back(v ? std::optional<std::string>("\xff") : std::nullopt);
      offsets.push_back(offsets.back() + 1);
    }
    const auto n = static_cast<size_t>(offsets.back());
    return batchOf({booleans("b", flags), binaries("z", bytes), binaries("Z", bytes, true),
                    listOf("l", int8s("item", std::vector<std::optional<int8_t>>(n, int8_t{1})), offsets, valid),
                    mapOf("m", strings("k", std::vector<std::optional<std::string>>(n, "k")),
                          int8s("v", std::vector<std::optional<int8_t>>(n, int8_t{1})), offsets, valid)});
  };
  auto task = makeTask(columns({}));
  task->beginFile(1);
  const DecodedFile empty = finish(*task, 1);
  EXPECT_EQ(empty.numRecords, 0);
  for (const DecodedLeaf& leaf : empty.leaves) {
    EXPECT_EQ(leaf.nullCount, 0);
  }
  const DecodedFile allNull = statsOf(columns({false, false, false}));
  const DecodedFile mixed = statsOf({columns({true, false}), columns({false, false, true})});
  ASSERT_EQ(allNull.leaves.size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(allNull.leaves[i].nullCount, 3) << i;
    EXPECT_EQ(mixed.leaves[i].nullCount, 3) << i;
    EXPECT_FALSE(mixed.leaves[i].hasMinMax) << i;
  }
}

TEST_F(NestedStatsTest, slicedListValidatesOnlyItsWindow) {
  Column list = sliced(listOf("l", int32s("item", {1, 2, 3, 4}), {0, 1, 2, 3, 4}, {true, false, true, true}), 1, 2);
  Column batch = batchOf({list});
  const DecodedFile file = statsOf(batch);
  EXPECT_EQ(file.numRecords, 2);
  EXPECT_EQ(file.leaves[0].nullCount, 1);
}

TEST_F(NestedStatsTest, leavesInDepthFirstOrderAcrossTypes) {
  Column inner = structOf("inner", {dates("d", {1, 2}), booleans("flag", {true, false})}, 2);
  Column outer = structOf("outer", {strings("name", {"x", "y"}), inner, decimals("amount", 10, 2, {int128_t{5}, int128_t{-5}})}, 2);
  auto task = makeTask(batchOf({int8s("a", {1, 2}), outer, floats("z", {1.f, 2.f})}));
  std::vector<std::string> paths;
  for (const LeafColumn& leaf : task->leaves()) {
    paths.push_back(leaf.type->path);
  }
  EXPECT_EQ(paths, (std::vector<std::string>{"a", "outer.name", "outer.inner.d", "outer.inner.flag",
                                             "outer.amount", "z"}));
  task->beginFile(3);
  add(*task, 3, batchOf({int8s("a", {1, 2}), outer, floats("z", {1.f, 2.f})}));
  const DecodedFile file = finish(*task, 3);
  EXPECT_EQ(file.leaves[2].min.integer, 1);
  EXPECT_FALSE(file.leaves[3].hasMinMax);
  EXPECT_TRUE(file.leaves[4].min.decimal == -5);
}

TEST_F(NestedStatsTest, topLevelNullsCountForEveryLeaf) {
  Column batch = structOf("", {int32s("a", {1, 2, 3})}, 3, {true, false, true});
  const DecodedFile file = statsOf(batch);
  EXPECT_EQ(file.numRecords, 3);
  EXPECT_EQ(file.leaves[0].nullCount, 1);
  EXPECT_EQ(file.leaves[0].max.integer, 3);
}

} // namespace
} // namespace gds::test
