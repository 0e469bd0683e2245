#include "common/Bits.h"

namespace gds::bits {

__attribute__((target("popcnt"))) int64_t countSetPopcnt(const uint8_t* bitmap,
                                                         int64_t bitOffset, int64_t numBits) {
  return countSetLoop(bitmap, bitOffset, numBits);
}

} // namespace gds::bits
