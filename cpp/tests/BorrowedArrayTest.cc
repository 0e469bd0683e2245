#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "tests/EngineTestBase.h"
#include "vector/BorrowedArray.h"

// Arrays lent by a producer for one call (the Java side's lean export): the engine reads them,
// releases them before addBatch returns, and the release frees nothing the producer owns.

namespace gds::test {
namespace {

// A lent batch {a: int32, s: struct{b: int64}} of 3 rows over caller-owned buffers.
struct LentBatch {
  std::array<int32_t, 3> a{{4, -7, 9}};
  uint8_t aValidity = 0b101;  // row 1 is null
  std::array<int64_t, 3> b{{-1, 5, 3}};
  std::array<const void*, 2> aBuffers{{&aValidity, a.data()}};
  std::array<const void*, 1> sBuffers{{nullptr}};
  std::array<const void*, 2> bBuffers{{nullptr, b.data()}};
  std::array<const void*, 1> rootBuffers{{nullptr}};
  ArrowArray aArray{}, bArray{}, sArray{}, root{};
  std::array<ArrowArray*, 1> sChildren{{&bArray}};
  std::array<ArrowArray*, 2> rootChildren{{&aArray, &sArray}};

  LentBatch() {
    aArray = node(3, 1, 2, aBuffers.data(), 0, nullptr);
    bArray = node(3, 0, 2, bBuffers.data(), 0, nullptr);
    sArray = node(3, 0, 1, sBuffers.data(), 1, sChildren.data());
    root = node(3, 0, 1, rootBuffers.data(), 2, rootChildren.data());
  }

  static ArrowArray node(int64_t length, int64_t nulls, int64_t nBuffers, const void** buffers,
                         int64_t nChildren, ArrowArray** children) {
    ArrowArray a{};
    a.length = length;
    a.null_count = nulls;
    a.n_buffers = nBuffers;
    a.buffers = buffers;
    a.n_children = nChildren;
    a.children = children;
    a.release = &releaseBorrowedArray;
    return a;
  }

  bool allReleased() const {
    return root.release == nullptr && aArray.release == nullptr && sArray.release == nullptr &&
           bArray.release == nullptr;
  }
};

Column shape() {
  return batchOf({int32s("a", {}), structOf("s", {int64s("b", {})}, 0)});
}

class BorrowedArrayTest : public EngineTestBase {};

TEST_F(BorrowedArrayTest, engineReadsLentBatchAndReleasesTheWholeTreeBeforeReturning) {
  auto task = makeTask(shape());
  task->beginFile(1);
  for (int round = 0; round < 3; ++round) {  // the producer reuses the same structs every batch
    LentBatch lent;
    task->addBatch(1, OwnedArrowArray(&lent.root));
    EXPECT_TRUE(lent.allReleased());
    EXPECT_EQ(lent.a[1], -7) << "buffers are the producer's and stay untouched";
  }
  const DecodedFile f = finish(*task, 1);
  EXPECT_EQ(f.numRecords, 9);
  EXPECT_EQ(f.leaves[0].nullCount, 3);
  EXPECT_EQ(f.leaves[0].min.integer, 4);
  EXPECT_EQ(f.leaves[0].max.integer, 9);
  EXPECT_EQ(f.leaves[1].min.integer, -1);
  EXPECT_EQ(f.leaves[1].max.integer, 5);
}

TEST_F(BorrowedArrayTest, rejectedLentBatchIsStillReleased) {
  auto task = makeTask(shape());
  task->beginFile(1);
  LentBatch lent;
  lent.aArray.null_count = 4;  // more nulls than rows
  const std::string message =
      userError([&] { task->addBatch(1, OwnedArrowArray(&lent.root)); });
  EXPECT_NE(message.find("null_count"), std::string::npos) << message;
  EXPECT_TRUE(lent.allReleased());
}

int grandchildReleases = 0;

TEST_F(BorrowedArrayTest, childMovedOutFirstIsNotReleasedTwice) {
  LentBatch lent;
  grandchildReleases = 0;
  lent.bArray.release = [](ArrowArray* a) {
    ++grandchildReleases;
    a->release = nullptr;
  };
  {
    OwnedArrowArray child(&lent.sArray);  // a consumer may move a child out and release it alone
    EXPECT_EQ(lent.sArray.release, nullptr);
  }
  EXPECT_EQ(grandchildReleases, 1) << "releasing 's' releases its child";
  releaseBorrowedArray(&lent.root);
  EXPECT_EQ(grandchildReleases, 1) << "the moved-out child is not released again";
  EXPECT_TRUE(lent.allReleased());
  releaseBorrowedArray(&lent.root);  // releasing a released struct does nothing
  EXPECT_EQ(grandchildReleases, 1);
}

}  // namespace
}  // namespace gds::test
