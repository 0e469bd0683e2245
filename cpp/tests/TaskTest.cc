// Task lifecycle: one barrier (finishFile) per file, several open files, reuse over 10 000
// files, counters, schema checks on addBatch, and the error paths of the file protocol.

#include <random>

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class TaskTest : public EngineTestBase {
 protected:
  static Column batch(const std::vector<std::optional<int64_t>>& ids,
                      const std::vector<std::optional<std::string>>& names) {
    return batchOf({int64s("id", ids), strings("name", names)});
  }
};

TEST_F(TaskTest, threeInterleavedFilesKeepSeparateState) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(10);
  task->beginFile(20);
  add(*task, 10, batch({1, 2}, {"b", "c"}));
  task->beginFile(30);
  add(*task, 20, batch({100}, {std::nullopt}));
  add(*task, 30, batch({-5, std::nullopt}, {"zz", "a"}));
  add(*task, 10, batch({0}, {"a"}));
  add(*task, 20, batch({200, 50}, {"m", "n"}));
  EXPECT_EQ(task->counters().openFiles, 3);

  const DecodedFile f20 = finish(*task, 20);
  add(*task, 30, batch({7}, {"b"}));
  const DecodedFile f10 = finish(*task, 10);
  const DecodedFile f30 = finish(*task, 30);

  EXPECT_EQ(f10.numRecords, 3);
  EXPECT_EQ(f10.leaves[0].min.integer, 0);
  EXPECT_EQ(f10.leaves[0].max.integer, 2);
  EXPECT_EQ(f10.leaves[1].min.string, "a");
  EXPECT_EQ(f10.leaves[1].max.string, "c");
  EXPECT_EQ(f20.numRecords, 3);
  EXPECT_EQ(f20.leaves[0].min.integer, 50);
  EXPECT_EQ(f20.leaves[0].max.integer, 200);
  EXPECT_EQ(f20.leaves[1].nullCount, 1);
  EXPECT_EQ(f20.leaves[1].min.string, "m");
  EXPECT_EQ(f30.numRecords, 3);
  EXPECT_EQ(f30.leaves[0].nullCount, 1);
  EXPECT_EQ(f30.leaves[0].min.integer, -5);
  EXPECT_EQ(f30.leaves[0].max.integer, 7);
  EXPECT_EQ(f30.leaves[1].max.string, "zz");

  const TaskCounters counters = task->counters();
  EXPECT_EQ(counters.filesFinished, 3);
  EXPECT_EQ(counters.batches, 6);
  EXPECT_EQ(counters.rows, 9);
  EXPECT_EQ(counters.openFiles, 0);
}

TEST_F(TaskTest, tenThousandFilesThroughOneTaskResetStateAndKeepMemoryFlat) {
  auto task = makeTask(batch({}, {}));
  std::mt19937_64 random(7);
  int64_t retainedAfterWarmup = 0;
  for (int64_t file = 0; file < 10000; ++file) {
    std::vector<Column> batches;
    const int numBatches = static_cast<int>(random() % 3);  // some files are empty
    for (int b = 0; b < numBatches; ++b) {
      std::vector<std::optional<int64_t>> ids;
      std::vector<std::optional<std::string>> names;
      const int n = static_cast<int>(random() % 20);
      for (int i = 0; i < n; ++i) {
        ids.push_back(random() % 5 == 0 ? std::nullopt : std::optional<int64_t>(static_cast<int64_t>(random() % 1000) - 500));
        names.push_back(random() % 4 == 0 ? std::nullopt
                                          : std::optional<std::string>(std::string(random() % 30, static_cast<char>('a' + random() % 26))));
      }
      batches.push_back(batch(ids, names));
    }
    task->beginFile(file);
    for (const Column& b : batches) {
      add(*task, file, b);
    }
    const DecodedFile reused = finish(*task, file);
    if (file % 50 == 0) {  // a fresh task must give the same answer (state fully reset)
      auto fresh = makeTask(batch({}, {}));
      fresh->beginFile(1);
      for (const Column& b : batches) {
        add(*fresh, 1, b);
      }
      const DecodedFile expected = finish(*fresh, 1);
      ASSERT_TRUE(sameResult(reused, expected)) << "file " << file << ": " << describe(reused)
                                                << " vs " << describe(expected);
    }
    if (file == 1000) {
      retainedAfterWarmup = task->counters().retainedBytes;
    }
  }
  const TaskCounters counters = task->counters();
  EXPECT_EQ(counters.filesFinished, 10000);
  EXPECT_EQ(counters.openFiles, 0);
  EXPECT_LE(counters.retainedBytes, retainedAfterWarmup) << "state grew across files";
}

TEST_F(TaskTest, resetLeavesNoTraceForTheNextFile) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  add(*task, 1, batch({-100, 100}, {"aaa", "zzz"}));
  finish(*task, 1);
  task->beginFile(2);  // reuses file 1's row
  const DecodedFile empty = finish(*task, 2);
  EXPECT_EQ(empty.numRecords, 0);
  EXPECT_FALSE(empty.leaves[0].hasMinMax);
  EXPECT_FALSE(empty.leaves[1].hasMinMax);
  task->beginFile(3);
  add(*task, 3, batch({5}, {"m"}));
  const DecodedFile next = finish(*task, 3);
  EXPECT_EQ(next.leaves[0].min.integer, 5);
  EXPECT_EQ(next.leaves[1].max.string, "m");
}

TEST_F(TaskTest, abortDropsStateWithoutResult) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  add(*task, 1, batch({1}, {"x"}));
  EXPECT_TRUE(task->abortFile(1));
  EXPECT_FALSE(task->abortFile(1));
  EXPECT_EQ(task->counters().openFiles, 0);
  EXPECT_EQ(task->counters().filesFinished, 0);
  task->beginFile(1);  // the id can be reused, with fresh state
  const DecodedFile file = finish(*task, 1);
  EXPECT_EQ(file.numRecords, 0);
}

TEST_F(TaskTest, fileProtocolErrorsAreUserErrors) {
  auto task = makeTask(batch({}, {}));
  EXPECT_NE(userError([&] { add(*task, 5, batch({1}, {"a"})); }).find("file 5 is not open"),
            std::string::npos);
  EXPECT_NE(userError([&] { task->finishFile(5); }).find("file 5 is not open"), std::string::npos);
  task->beginFile(5);
  EXPECT_NE(userError([&] { task->beginFile(5); }).find("already open"), std::string::npos);
}

TEST_F(TaskTest, batchWithMatchingSchemaIsAccepted) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  add(*task, 1, batch({4, 2}, {"x", "y"}), /*withSchema=*/true);
  EXPECT_EQ(finish(*task, 1).numRecords, 2);
}

TEST_F(TaskTest, batchWithDifferentSchemaIsRejectedAndReleased) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  const std::string wrongType = userError(
      [&] { add(*task, 1, batchOf({int32s("id", {1}), strings("name", {"a"})}), true); });
  EXPECT_NE(wrongType.find("column 'id'"), std::string::npos) << wrongType;
  const std::string wrongName = userError(
      [&] { add(*task, 1, batchOf({int64s("id", {1}), strings("label", {"a"})}), true); });
  EXPECT_NE(wrongName.find("'label'"), std::string::npos) << wrongName;
  const std::string missing = userError([&] { add(*task, 1, batchOf({int64s("id", {1})}), true); });
  EXPECT_NE(missing.find("children"), std::string::npos) << missing;
  EXPECT_EQ(finish(*task, 1).numRecords, 0);  // nothing was aggregated
}

TEST_F(TaskTest, rejectedBatchLeavesFileStateUnchanged) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  add(*task, 1, batch({3}, {"k"}));
  Column bad = batch({1, -50}, {"a", "b"});
  bad.children[1].buffers[2] = nullptr;  // data of the second column missing
  userError([&] { add(*task, 1, bad); });
  const DecodedFile file = finish(*task, 1);
  EXPECT_EQ(file.numRecords, 1);
  EXPECT_EQ(file.leaves[0].min.integer, 3);
}

TEST_F(TaskTest, oneRowPerFileAtItsBarrierAndNoneAfter) {
  auto task = makeTask(batch({}, {}));
  task->beginFile(1);
  add(*task, 1, batch({1}, {"a"}));
  EXPECT_EQ(finish(*task, 1).numRecords, 1);
  // Velox's global aggregation would emit a trailing empty-state row at the end of input; here
  // a finished file is closed: no second row, and no batch reaches it.
  EXPECT_NE(userError([&] { task->finishFile(1); }).find("file 1 is not open"), std::string::npos);
  EXPECT_NE(userError([&] { add(*task, 1, batch({2}, {"b"})); }).find("file 1 is not open"),
            std::string::npos);
  const TaskCounters counters = task->counters();
  EXPECT_EQ(counters.filesFinished, 1);
  EXPECT_EQ(counters.openFiles, 0);
  EXPECT_EQ(counters.rows, 1);
}

TEST_F(TaskTest, schemaIsReleasedEvenWhenRejected) {
  Column unsupported = batchOf({Column{"tsn:", "t", 0, 0, 0, {nullptr, nullptr}, {}}});
  ArrowSchema schema = exportSchema(unsupported);
  const std::string message = userError([&] { Task::create(OwnedArrowSchema(&schema)); });
  EXPECT_NE(message.find("unsupported type 'tsn:' for column 't'"), std::string::npos) << message;
  EXPECT_EQ(schema.release, nullptr);  // moved out of the producer's struct
}

} // namespace
} // namespace gds::test
