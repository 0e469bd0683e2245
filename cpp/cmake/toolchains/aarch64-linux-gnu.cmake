# Cross-compiles for linux-aarch64 with Debian's GNU cross toolchain (g++-aarch64-linux-gnu,
# sysroot /usr/aarch64-linux-gnu). Tests run under qemu-user: ctest and gtest_discover_tests
# prefix every test binary with CMAKE_CROSSCOMPILING_EMULATOR.
#   cmake -S . -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cpp/cmake/toolchains/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

find_program(GDS_AARCH64_CXX aarch64-linux-gnu-g++)
find_program(GDS_AARCH64_CC aarch64-linux-gnu-gcc)
if(NOT GDS_AARCH64_CXX OR NOT GDS_AARCH64_CC)
  message(FATAL_ERROR "aarch64 cross compiler not found: apt-get install -y g++-aarch64-linux-gnu "
                      "(or build the jar for x86_64 only: mvn ... -Dnative.aarch64.skip=true)")
endif()
set(CMAKE_C_COMPILER ${GDS_AARCH64_CC})
set(CMAKE_CXX_COMPILER ${GDS_AARCH64_CXX})

set(GDS_AARCH64_SYSROOT /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH ${GDS_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

find_program(GDS_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(GDS_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GDS_QEMU_AARCH64} -L ${GDS_AARCH64_SYSROOT})
endif()
