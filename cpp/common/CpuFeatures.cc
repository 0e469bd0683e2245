#include "common/CpuFeatures.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace gds::simd {
namespace {

Level detect() {
  const char* override = std::getenv("GDS_NATIVE_SIMD");
  if (override != nullptr && std::strcmp(override, "baseline") == 0) {
    return Level::kBaseline;
  }
#if defined(__x86_64__)
  // The runtime's own initialiser may not have run yet when a static initialiser gets here.
  __builtin_cpu_init();
  // libgcc/compiler-rt report AVX2 only when the OS also saves the YMM registers (XGETBV).
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) {
    return Level::kAvx2;
  }
#endif
  return Level::kBaseline;
}

constexpr int kUnset = -1;
std::atomic<int> gActive{kUnset};

} // namespace

Level detectedLevel() {
  static const Level level = detect();
  return level;
}

Level activeLevel() {
  const int active = gActive.load(std::memory_order_relaxed);
  if (active != kUnset) {
    return static_cast<Level>(active);
  }
  int expected = kUnset;
  gActive.compare_exchange_strong(expected, static_cast<int>(detectedLevel()),
                                  std::memory_order_relaxed);
  return static_cast<Level>(gActive.load(std::memory_order_relaxed));
}

Level setActiveLevelForTesting(Level level) {
  const Level detected = detectedLevel();
  const Level active = static_cast<int>(level) > static_cast<int>(detected) ? detected : level;
  gActive.store(static_cast<int>(active), std::memory_order_relaxed);
  return active;
}

const char* levelName(Level level) {
  return level == Level::kAvx2 ? "avx2" : "baseline";
}

} // namespace gds::simd
