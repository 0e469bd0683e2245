// JNI entry points of io.glutendelta.stats.jni.NativeEngine (one .cc per Java class). The task
// handle is a Task* released from a std::unique_ptr; closeTask deletes it. Use-after-close is
// prevented by the Java owner; a 0 handle is rejected here.

#include "io_glutendelta_stats_jni_NativeEngine.h"

#include <iterator>
#include <memory>

#include "common/Exceptions.h"
#include "exec/Task.h"
#include "jni/JniCommon.h"
#include "vector/BorrowedArray.h"

namespace {

gds::Task& taskFrom(jlong handle) {
  GDS_USER_CHECK(handle != 0, "native stats task handle is 0 (closed or never created)");
  return *reinterpret_cast<gds::Task*>(handle);
}

ArrowSchema* schemaAt(jlong address) {
  return reinterpret_cast<ArrowSchema*>(address);
}

ArrowArray* arrayAt(jlong address) {
  return reinterpret_cast<ArrowArray*>(address);
}

} // namespace

extern "C" {

JNIEXPORT jlong JNICALL Java_io_glutendelta_stats_jni_NativeEngine_createTask(
    JNIEnv* env, jclass, jlong schemaAddress) {
  JNI_METHOD_START
  gds::OwnedArrowSchema schema(schemaAt(schemaAddress));
  GDS_USER_CHECK(schemaAddress != 0, "createTask: ArrowSchema address is 0");
  std::unique_ptr<gds::Task> task = gds::Task::create(std::move(schema));
  return reinterpret_cast<jlong>(task.release());
  JNI_METHOD_END(0)
}

JNIEXPORT void JNICALL Java_io_glutendelta_stats_jni_NativeEngine_beginFile(
    JNIEnv* env, jclass, jlong handle, jlong fileId) {
  JNI_METHOD_START
  taskFrom(handle).beginFile(fileId);
  return;
  JNI_METHOD_END()
}

JNIEXPORT void JNICALL Java_io_glutendelta_stats_jni_NativeEngine_addBatch(
    JNIEnv* env, jclass, jlong handle, jlong fileId, jlong arrayAddress, jlong schemaAddress) {
  JNI_METHOD_START
  // Take ownership first so that both structs are released on every path, errors included.
  gds::OwnedArrowArray array(arrayAt(arrayAddress));
  gds::OwnedArrowSchema schema(schemaAt(schemaAddress));
  GDS_USER_CHECK(arrayAddress != 0, "addBatch: ArrowArray address is 0");
  taskFrom(handle).addBatch(fileId, std::move(array), std::move(schema));
  return;
  JNI_METHOD_END()
}

JNIEXPORT jbyteArray JNICALL Java_io_glutendelta_stats_jni_NativeEngine_finishFile(
    JNIEnv* env, jclass, jlong handle, jlong fileId) {
  JNI_METHOD_START
  const std::vector<uint8_t>& bytes = taskFrom(handle).finishFile(fileId);
  const auto size = static_cast<jsize>(bytes.size());
  jbyteArray result = env->NewByteArray(size);
  if (result == nullptr) {
    return nullptr;  // OutOfMemoryError is pending
  }
  env->SetByteArrayRegion(result, 0, size, reinterpret_cast<const jbyte*>(bytes.data()));
  return result;
  JNI_METHOD_END(nullptr)
}

JNIEXPORT void JNICALL Java_io_glutendelta_stats_jni_NativeEngine_abortFile(
    JNIEnv* env, jclass, jlong handle, jlong fileId) {
  JNI_METHOD_START
  taskFrom(handle).abortFile(fileId);
  return;
  JNI_METHOD_END()
}

JNIEXPORT jlongArray JNICALL Java_io_glutendelta_stats_jni_NativeEngine_taskCounters(
    JNIEnv* env, jclass, jlong handle) {
  JNI_METHOD_START
  const gds::TaskCounters c = taskFrom(handle).counters();
  const jlong values[] = {c.filesFinished, c.batches, c.rows, c.openFiles, c.retainedBytes};
  const auto count = static_cast<jsize>(std::size(values));
  jlongArray result = env->NewLongArray(count);
  if (result == nullptr) {
    return nullptr;
  }
  env->SetLongArrayRegion(result, 0, count, values);
  return result;
  JNI_METHOD_END(nullptr)
}

JNIEXPORT void JNICALL Java_io_glutendelta_stats_jni_NativeEngine_closeTask(
    JNIEnv* env, jclass, jlong handle) {
  JNI_METHOD_START
  delete &taskFrom(handle);
  return;
  JNI_METHOD_END()
}

JNIEXPORT jlong JNICALL Java_io_glutendelta_stats_jni_NativeEngine_borrowedReleaseFunction(
    JNIEnv*, jclass) {
  return reinterpret_cast<jlong>(&gds::releaseBorrowedArray);
}

} // extern "C"
