// Keeps libglutendeltastats.so loadable on glibc 2.17 (RHEL/CentOS 7; the first glibc of
// aarch64) although it is built against Debian 12's glibc 2.36. Linked only into the
// self-contained JNI library (static libstdc++), see cpp/CMakeLists.txt; the floor is checked
// by scripts/check-native-glibc.sh. The link options there do the rest:
//   - no -static-libgcc: libgcc_s.so.1's unwinder is used (the static one calls
//     _dl_find_object, glibc 2.35);
//   - --gc-sections: static libstdc++'s COW string instantiations drag in std::random_device
//     (arc4random 2.36, getentropy 2.25), which nothing here calls, so it is dropped.
//
// Only two references to newer glibc are left after that, both from static libstdc++ code;
// this file pins them. Nothing here is exported (hidden visibility, --exclude-libs).

#include <pthread.h>

#if defined(__x86_64__)
#define GDS_GLIBC_FIRST_VERSION "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define GDS_GLIBC_FIRST_VERSION "GLIBC_2.17"
#else
#error "GlibcFloor.cc: add this architecture's first glibc symbol version"
#endif

extern "C" {

// 1. pthread_once (std::locale's initialisation). glibc 2.34 moved it from libpthread into libc
//    under a new default version, GLIBC_2.34, keeping the old one as a compatibility symbol.
//    -Wl,--wrap=pthread_once sends static libstdc++'s calls to __wrap_pthread_once, which calls
//    the architecture's first version, present in every glibc: in libpthread.so.0 before 2.34
//    (so the library also lists libpthread.so.0 as NEEDED) and in libc.so.6 since.
int gds_pthread_once_first_version(pthread_once_t* once, void (*init)());
__asm__(".symver gds_pthread_once_first_version, pthread_once@" GDS_GLIBC_FIRST_VERSION);

__attribute__((visibility("hidden"))) int __wrap_pthread_once(pthread_once_t* once,
                                                             void (*init)()) {
  return gds_pthread_once_first_version(once, init);
}

// 2. __libc_single_threaded (glibc 2.32, a data symbol): libstdc++'s headers read it to skip
//    atomic instructions for reference counts while the process has one thread. A private copy
//    that stays 0 ("maybe several threads") makes them always atomic, which is always correct,
//    and a JVM is never single-threaded anyway. It binds every reference in this library,
//    ours and static libstdc++'s, before libc's symbol is considered.
__attribute__((visibility("hidden"))) char __libc_single_threaded = 0;

} // extern "C"
