// libFuzzer target over the Arrow C Data import and the task API: random schemas (sometimes
// unsupported), random batches (sometimes corrupted), random file/barrier/abort sequences.
// Checks: no crash or sanitizer report, every struct released exactly once, only UserErrors
// (never InternalErrors), valid input always accepted, and every file fed only valid batches
// produces exactly the reference model's result (bitwise).

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "common/Exceptions.h"
#include "exec/Task.h"
#include "fuzz/FuzzInputs.h"
#include "fuzz/ReferenceStats.h"

namespace gds::fuzz {
namespace {

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "FUZZ INVARIANT VIOLATED: %s\n", message.c_str());
  std::abort();
}

void checkReleased(const char* where) {
  if (test::liveArrays() != 0 || test::liveSchemas() != 0) {
    fail(std::string("Arrow structs not released after ") + where);
  }
}

// Runs 'action'; returns true if it succeeded, false on a UserError. Anything else aborts.
template <typename Action>
bool attempt(Action&& action) {
  try {
    action();
    return true;
  } catch (const UserError&) {
    return false;
  } catch (const std::exception& e) {
    fail(std::string("unexpected exception: ") + e.what());
  }
}

struct OpenFile {
  std::unique_ptr<ReferenceFile> reference;
  bool verifiable{true};  // false once a corrupted batch was accepted
};

void run(FuzzedDataProvider& input) {
  test::Column shape = randomShape(input, /*allowInvalid=*/true);
  ArrowSchema schema = test::exportSchema(shape);
  std::unique_ptr<Task> task;
  const bool created = attempt([&] { task = Task::create(OwnedArrowSchema(&schema)); });
  checkReleased("createTask");
  if (!created) {
    return;
  }
  std::map<int64_t, OpenFile> open;
  int64_t filesFinished = 0;
  while (input.remaining_bytes() > 0) {
    const int64_t fileId = input.ConsumeIntegralInRange<int64_t>(0, 4);
    const bool isOpen = open.count(fileId) > 0;
    switch (input.ConsumeIntegralInRange<int>(0, 7)) {
      case 0: {
        const bool ok = attempt([&] { task->beginFile(fileId); });
        if (ok == isOpen) fail("beginFile accepted twice or rejected a new file");
        if (ok) open[fileId] = OpenFile{std::make_unique<ReferenceFile>(task->leaves().size()), true};
        break;
      }
      case 1: {
        if (!isOpen) {
          if (attempt([&] { task->finishFile(fileId); })) fail("finishFile of a file that is not open");
          break;
        }
        std::vector<uint8_t> bytes;
        if (!attempt([&] { bytes = task->finishFile(fileId); })) fail("finishFile rejected an open file");
        ++filesFinished;
        const test::DecodedFile actual = test::decodeResult(bytes, task->leaves());
        if (open[fileId].verifiable) {
          const test::DecodedFile expected = open[fileId].reference->result(task->leaves());
          if (!test::sameResult(actual, expected)) {
            fail("result differs from the reference: " + test::describe(actual) + " vs " +
                 test::describe(expected));
          }
        }
        open.erase(fileId);
        break;
      }
      case 2:
        if (task->abortFile(fileId) != isOpen) fail("abortFile result");
        open.erase(fileId);
        break;
      default: {
        const int64_t rows = input.ConsumeIntegralInRange<int64_t>(0, 140);
        GeneratedBatch batch = randomBatch(task->rowType(), rows, input);
        ArrowArray array = test::exportArray(batch.column);
        const bool corrupted = input.ConsumeIntegralInRange<int>(0, 3) == 0 &&
                               corrupt(array, task->rowType(), input);
        const bool withSchema = input.ConsumeBool();
        const bool otherSchema = withSchema && input.ConsumeIntegralInRange<int>(0, 4) == 0;
        ArrowSchema batchSchema = test::exportSchema(otherSchema ? randomShape(input, false) : batch.column);
        const bool ok = attempt([&] {
          task->addBatch(fileId, OwnedArrowArray(&array),
                         withSchema ? OwnedArrowSchema(&batchSchema) : OwnedArrowSchema());
        });
        if (!withSchema) batchSchema.release(&batchSchema);
        checkReleased("addBatch");
        if (!isOpen) {
          if (ok) fail("addBatch accepted for a file that is not open");
          break;
        }
        if (!ok && !corrupted && !otherSchema) fail("a valid batch was rejected");
        if (ok) {
          if (corrupted) {
            open[fileId].verifiable = false;
          } else {
            open[fileId].reference->add(rows, batch.leafRows);
          }
        }
        break;
      }
    }
  }
  const TaskCounters counters = task->counters();
  if (counters.filesFinished != filesFinished || counters.openFiles != static_cast<int64_t>(open.size())) {
    fail("task counters disagree with the operations");
  }
}

} // namespace
} // namespace gds::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider input(data, size);
  gds::fuzz::run(input);
  gds::fuzz::checkReleased("the run");
  return 0;
}
