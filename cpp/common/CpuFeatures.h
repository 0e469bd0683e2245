#pragma once

// Which instruction set the hot loops may use, decided once at run time: the x86-64 library is
// built for baseline x86-64 (so it loads on any x86-64 CPU) and carries AVX2 versions of its
// hottest kernels, compiled with a per-function target attribute and chosen here. Other
// architectures (aarch64) have no such kernels: they always run the portable loops, which the
// compiler vectorises for the target's own baseline (NEON on aarch64).

namespace gds::simd {

// Whether this build has the AVX2/POPCNT kernels (IntegerMinMaxAvx2.cc, BitsPopcnt.cc; CMake
// compiles them for x86-64 only). Dispatch sites test it with if constexpr, so other builds
// never reference the kernels.
#if defined(__x86_64__)
inline constexpr bool kX86Kernels = true;
#else
inline constexpr bool kX86Kernels = false;
#endif

enum class Level : int { kBaseline = 0, kAvx2 = 1 };

// What this CPU supports (AVX2 together with POPCNT, which every AVX2 CPU has; always kBaseline
// without kX86Kernels), lowered to kBaseline when the environment variable GDS_NATIVE_SIMD is "baseline" (A/B measurements).
Level detectedLevel();

// The level the kernels use: detectedLevel() unless a test lowered it.
Level activeLevel();

// Tests run both code paths on the same input. A level above detectedLevel() is clamped to it,
// so a test can never make the library execute an instruction the CPU lacks. Returns the level
// now active. Not meant to be called while other threads run kernels.
Level setActiveLevelForTesting(Level level);

const char* levelName(Level level);

} // namespace gds::simd
