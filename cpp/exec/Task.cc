#include "exec/Task.h"

#include "common/Exceptions.h"

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
  GDS_USER_CHECK(openFiles_.count(fileId) == 0, "file ", fileId, " is already open");
  if (freeFiles_.empty()) {
    auto inserted = openFiles_.emplace(fileId, aggregation_.newAccumulator());
    cachedRow_ = inserted.first->second.get();
  } else {
    OpenFiles::node_type node = std::move(freeFiles_.back());  // row already reset
    freeFiles_.pop_back();
    node.key() = fileId;
    cachedRow_ = openFiles_.insert(std::move(node)).position->second.get();
  }
  cachedFileId_ = fileId;
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
  // An unknown file is rejected before the batch is validated.
  AccumulatorRow& row = openRow(fileId);
  const ImportedBatch batch(std::move(array), rowType_, leaves_, scratch_);
  aggregation_.addInput(row, batch);
  ++batches_;
  rows_ += batch.numRows();
}

const std::vector<uint8_t>& Task::finishFile(int64_t fileId) {
  OpenFiles::node_type file = takeFile(fileId);
  GDS_USER_CHECK(!file.empty(), "file ", fileId, " is not open");
  aggregation_.drain(*file.mapped(), encoded_);
  freeFiles_.push_back(std::move(file));
  ++filesFinished_;
  return encoded_;
}

bool Task::abortFile(int64_t fileId) {
  OpenFiles::node_type file = takeFile(fileId);
  if (file.empty()) {
    return false;
  }
  aggregation_.resetAccumulator(*file.mapped());
  freeFiles_.push_back(std::move(file));
  return true;
}

Task::OpenFiles::node_type Task::takeFile(int64_t fileId) {
  OpenFiles::node_type file = openFiles_.extract(fileId);
  if (!file.empty() && cachedRow_ == file.mapped().get()) {
    cachedRow_ = nullptr;
  }
  return file;
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
  for (const auto& file : freeFiles_) {
    bytes += file.mapped()->retainedBytes();
  }
  counters.retainedBytes = bytes;
  return counters;
}

} // namespace gds
