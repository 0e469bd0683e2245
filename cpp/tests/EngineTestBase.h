#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "common/Exceptions.h"
#include "exec/Task.h"
#include "tests/ArrowTestData.h"
#include "tests/ResultDecoder.h"

// Shared fixture: builds tasks and feeds batches through the same ownership path JNI uses, and
// checks after every test that each exported Arrow struct was released (exactly once: a second
// release throws in the test producer, a missing one leaves the live counters non-zero).

namespace gds::test {

class EngineTestBase : public ::testing::Test {
 protected:
  void TearDown() override {
    EXPECT_EQ(liveArrays(), 0) << "ArrowArray release not called";
    EXPECT_EQ(liveSchemas(), 0) << "ArrowSchema release not called";
  }

  static std::unique_ptr<Task> makeTask(const Column& batchShape) {
    ArrowSchema schema = exportSchema(batchShape);
    return Task::create(OwnedArrowSchema(&schema));
  }

  static void add(Task& task, int64_t fileId, const Column& batch, bool withSchema = false) {
    ArrowArray array = exportArray(batch);
    if (withSchema) {
      ArrowSchema schema = exportSchema(batch);
      task.addBatch(fileId, OwnedArrowArray(&array), OwnedArrowSchema(&schema));
    } else {
      task.addBatch(fileId, OwnedArrowArray(&array));
    }
  }

  static DecodedFile finish(Task& task, int64_t fileId) {
    return decodeResult(task.finishFile(fileId), task.leaves());
  }

  // Stats of one file made of 'batches', through a fresh task.
  static DecodedFile statsOf(const std::vector<Column>& batches) {
    auto task = makeTask(batches.at(0));
    task->beginFile(1);
    for (const Column& batch : batches) {
      add(*task, 1, batch);
    }
    return finish(*task, 1);
  }

  static DecodedFile statsOf(const Column& batch) {
    return statsOf(std::vector<Column>{batch});
  }

  // Runs 'action' and returns the UserError message (fails the test if none was thrown).
  template <typename Action>
  static std::string userError(Action&& action) {
    try {
      action();
    } catch (const UserError& e) {
      return e.what();
    }
    ADD_FAILURE() << "expected a UserError";
    return "";
  }
};

} // namespace gds::test
