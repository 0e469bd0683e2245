#pragma once

#include <jni.h>

#include <string>

// Every JNI entry point runs between JNI_METHOD_START and JNI_METHOD_END(fallback) (the Arrow
// Java c/ pattern): C++ exceptions never cross into the JVM. The catch clauses only record the
// error; the Java exception is thrown after the try block has been left, i.e. after every RAII
// holder inside it - in particular the imported Arrow structs, whose release callbacks call back
// into the JVM - has been destroyed. (Throwing first would leave a pending exception during those
// callbacks.)

namespace gds::jni {

enum class ErrorKind { kNone, kUser, kInternal };

struct PendingError {
  ErrorKind kind{ErrorKind::kNone};
  std::string message;
};

void throwPending(JNIEnv* env, const PendingError& error);

} // namespace gds::jni

#define JNI_METHOD_START                 \
  ::gds::jni::PendingError pendingError_; \
  try {
#define JNI_METHOD_END(fallback)                                                        \
  }                                                                                     \
  catch (const ::gds::UserError& e) {                                                   \
    pendingError_ = {::gds::jni::ErrorKind::kUser, e.what()};                            \
  }                                                                                     \
  catch (const ::gds::InternalError& e) {                                               \
    pendingError_ = {::gds::jni::ErrorKind::kInternal, e.what()};                        \
  }                                                                                     \
  catch (const std::bad_alloc&) {                                                       \
    pendingError_ = {::gds::jni::ErrorKind::kInternal, "native engine out of memory"};   \
  }                                                                                     \
  catch (const std::exception& e) {                                                     \
    pendingError_ = {::gds::jni::ErrorKind::kInternal, std::string("unexpected native error: ") + e.what()}; \
  }                                                                                     \
  catch (...) {                                                                         \
    pendingError_ = {::gds::jni::ErrorKind::kInternal, "unknown native exception"};      \
  }                                                                                     \
  ::gds::jni::throwPending(env, pendingError_);                                         \
  return fallback;
