#include "exec/Task.h"

#include "common/Exceptions.h"
#include "exec/ResultEncoder.h"

namespace gds {

Task::Task(const ArrowSchema& schema)
    : rowType_(parseRowType(schema)),
      leaves_(collectLeaves(rowType_)),
      scratch_(countNodes(rowType_), leaves_.size()),
      aggregation_(leaves_) {}

std::unique_ptr<Task> Task::create(OwnedArrowSchema schema) {
  GDS_USER_CHECK(schema.isLive(), "the task's ArrowSchema is null or already released");
  auto task = std::make_unique<Task>(schema.get());
  schema.reset();
  return task;
}

void Task::beginFile(int64_t fileId) {
  GDS_USER_CHECK(!noMoreSplits_, "beginFile(", fileId, ") after the task's input ended");
  GDS_USER_CHECK(openFiles_.count(fileId) == 0, "file ", fileId, " is already open");
  std::unique_ptr<AccumulatorRow> row;
  if (freeRows_.empty()) {
    row = aggregation_.newAccumulator();
  } else {
    row = std::move(freeRows_.back());  // already reset when it was finished
    freeRows_.pop_back();
  }
  cachedFileId_ = fileId;
  cachedRow_ = row.get();
  openFiles_.emplace(fileId, std::move(row));
}

AccumulatorRow& Task::openRow(int64_t fileId) {
  if (cachedRow_ != nullptr && cachedFileId_ == fileId) {
    return *cachedRow_;
  }
  auto it = openFiles_.find(fileId);
  GDS_USER_CHECK(it != openFiles_.end(), "file ", fileId, " is not open (call beginFile first)");
  cachedFileId_ = fileId;
  cachedRow_ = it->second.get();
  return *cachedRow_;
}

void Task::addBatch(int64_t fileId, OwnedArrowArray array, OwnedArrowSchema schema) {
  if (schema.isLive()) {
    checkSchemaMatches(rowType_, schema.get());
    schema.reset();
  }
  openRow(fileId);  // an unknown file is rejected before the batch is validated
  const ImportedBatch batch(std::move(array), rowType_, leaves_, scratch_);
  addSplit(Split{fileId, &batch});
}

void Task::addSplit(const Split& split) {
  GDS_CHECK(split.batch != nullptr, "split without a batch");
  GDS_USER_CHECK(!noMoreSplits_, "batch for file ", split.fileId, " after the task's input ended");
  aggregation_.setAccumulator(&openRow(split.fileId));
  aggregation_.addInput(*split.batch);
  ++batches_;
  rows_ += split.batch->numRows();
}

const std::vector<uint8_t>& Task::requestBarrier(const BarrierSplit& barrier) {
  std::unique_ptr<AccumulatorRow> row = takeRow(barrier.fileId);
  GDS_USER_CHECK(row != nullptr, "file ", barrier.fileId, " is not open");
  aggregation_.setAccumulator(row.get());
  const bool hasOutput = aggregation_.startDrain();
  GDS_CHECK(hasOutput, "a global aggregation always has a row at a barrier");
  const FileResult* result = aggregation_.getOutput();
  GDS_CHECK(result != nullptr, "no result row at the barrier of file ", barrier.fileId);
  encodeFileResult(*result, leaves_, encoded_);
  aggregation_.finishDrain();  // resets the row, keeping its memory
  aggregation_.setAccumulator(nullptr);
  freeRows_.push_back(std::move(row));
  ++filesFinished_;
  return encoded_;
}

bool Task::abortFile(int64_t fileId) {
  std::unique_ptr<AccumulatorRow> row = takeRow(fileId);
  if (row == nullptr) {
    return false;
  }
  aggregation_.resetAccumulator(*row);
  freeRows_.push_back(std::move(row));
  return true;
}

std::unique_ptr<AccumulatorRow> Task::takeRow(int64_t fileId) {
  auto it = openFiles_.find(fileId);
  if (it == openFiles_.end()) {
    return nullptr;
  }
  std::unique_ptr<AccumulatorRow> row = std::move(it->second);
  openFiles_.erase(it);
  if (cachedRow_ == row.get()) {
    cachedRow_ = nullptr;
  }
  return row;
}

void Task::noMoreSplits() {
  noMoreSplits_ = true;
  aggregation_.noMoreInput();
  GDS_CHECK(aggregation_.getOutput() == nullptr, "trailing empty-state row must be suppressed");
}

TaskCounters Task::counters() const {
  TaskCounters counters;
  counters.filesFinished = filesFinished_;
  counters.batches = batches_;
  counters.rows = rows_;
  counters.openFiles = static_cast<int64_t>(openFiles_.size());
  int64_t bytes = scratch_.retainedBytes() + static_cast<int64_t>(encoded_.capacity());
  for (const auto& entry : openFiles_) {
    bytes += entry.second->retainedBytes();
  }
  for (const auto& row : freeRows_) {
    bytes += row->retainedBytes();
  }
  counters.retainedBytes = bytes;
  return counters;
}

} // namespace gds
