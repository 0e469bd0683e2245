#pragma once

#include <cmath>
#include <type_traits>

// Spark's ordering for min/max: integers and decimals by value; floating point with NaN greater
// than everything (+Infinity included), NaN equal to NaN and -0.0 equal to 0.0.

namespace gds {

template <typename T>
struct SparkOrdering {
  static bool less(T left, T right) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(left)) {
        return false;
      }
      return std::isnan(right) || left < right;
    } else {
      return left < right;
    }
  }
};

} // namespace gds
