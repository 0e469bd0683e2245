#include "jni/JniCommon.h"

namespace gds::jni {
namespace {

// Global refs cached by JNI_OnLoad: throwing needs no class lookup.
jclass gIllegalArgument = nullptr;
jclass gNativeStatsException = nullptr;

jclass globalClass(JNIEnv* env, const char* name) {
  jclass local = env->FindClass(name);
  if (local == nullptr) {
    return nullptr;
  }
  auto global = static_cast<jclass>(env->NewGlobalRef(local));
  env->DeleteLocalRef(local);
  return global;
}

} // namespace

void throwPending(JNIEnv* env, const PendingError& error) {
  if (error.kind == ErrorKind::kNone || env->ExceptionCheck()) {
    return;  // nothing to report, or the JVM already has a pending exception (e.g. OOM)
  }
  jclass type = error.kind == ErrorKind::kUser ? gIllegalArgument : gNativeStatsException;
  env->ThrowNew(type, error.message.c_str());
}

} // namespace gds::jni

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
    return JNI_ERR;
  }
  using namespace gds::jni;
  gIllegalArgument = globalClass(env, "java/lang/IllegalArgumentException");
  gNativeStatsException = globalClass(env, "io/glutendelta/stats/jni/NativeStatsException");
  if (gIllegalArgument == nullptr || gNativeStatsException == nullptr) {
    return JNI_ERR;  // System.load then fails with the NoClassDefFoundError FindClass raised
  }
  return JNI_VERSION_1_8;
}

extern "C" JNIEXPORT void JNICALL JNI_OnUnload(JavaVM* vm, void*) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_8) != JNI_OK) {
    return;
  }
  using namespace gds::jni;
  if (gIllegalArgument != nullptr) {
    env->DeleteGlobalRef(gIllegalArgument);
  }
  if (gNativeStatsException != nullptr) {
    env->DeleteGlobalRef(gNativeStatsException);
  }
  gIllegalArgument = nullptr;
  gNativeStatsException = nullptr;
}
