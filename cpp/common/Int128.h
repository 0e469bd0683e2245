#pragma once

namespace gds {

// Decimal128 unscaled values. GCC/Clang's builtin keeps the comparisons branch-free.
__extension__ typedef __int128 int128_t;

} // namespace gds
