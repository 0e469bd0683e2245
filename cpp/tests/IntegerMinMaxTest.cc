// IntegerMinMaxOperation (one-pass min+max over integer/decimal leaves) against a row-at-a-time
// reference, driven through LeafView directly so that every word shape is reached: a single
// valid row at each lane position, all-null words, partial tail words, unaligned validity
// offsets, and null slots holding values that would win if the mask were ignored.

#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "aggregates/IntegerMinMax.h"
#include "common/Int128.h"

namespace gds {
namespace {

// Values and a validity bitmap starting at bit 'bitOffset'.
template <typename T>
struct Input {
  std::vector<T> values;
  std::vector<uint8_t> validity;
  int64_t bitOffset{0};

  LeafView view(int64_t start, int64_t numRows) const {
    LeafView v;
    v.validity = validity.data();
    v.validityOffset = bitOffset + start;
    v.values = reinterpret_cast<const uint8_t*>(values.data());
    v.start = start;
    v.numRows = numRows;
    return v;
  }
  bool valid(int64_t row) const {
    const int64_t bit = bitOffset + row;
    return (validity[static_cast<size_t>(bit >> 3)] >> (bit & 7)) & 1;
  }
};

template <typename T>
Input<T> makeInput(const std::vector<std::optional<T>>& rows, T poison, int64_t bitOffset) {
  Input<T> input;
  input.bitOffset = bitOffset;
  input.validity.assign(static_cast<size_t>((bitOffset + static_cast<int64_t>(rows.size())) / 8 + 2), 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    input.values.push_back(rows[i] ? *rows[i] : poison);
    if (rows[i]) {
      const int64_t bit = bitOffset + static_cast<int64_t>(i);
      input.validity[static_cast<size_t>(bit >> 3)] |= static_cast<uint8_t>(1u << (bit & 7));
    }
  }
  return input;
}

// Runs the operation on rows [start, start + n) and checks it against the reference.
template <typename T, typename L>
void expectMatchesReference(const Input<T>& input, int64_t start, int64_t n) {
  MinMaxState<T> min;
  MinMaxState<T> max;
  MinOperation<T>::initialize(min);
  MaxOperation<T>::initialize(max);
  IntegerMinMaxOperation<T, L>::update(min, max, input.view(start, n));
  std::optional<T> refMin;
  std::optional<T> refMax;
  for (int64_t i = start; i < start + n; ++i) {
    if (!input.valid(i)) {
      continue;
    }
    const T v = input.values[static_cast<size_t>(i)];
    if (!refMin || v < *refMin) refMin = v;
    if (!refMax || v > *refMax) refMax = v;
  }
  ASSERT_EQ(min.seen, refMin.has_value()) << "start " << start << " n " << n;
  ASSERT_EQ(max.seen, refMax.has_value()) << "start " << start << " n " << n;
  if (refMin) {
    EXPECT_TRUE(min.value == *refMin) << "start " << start << " n " << n;
    EXPECT_TRUE(max.value == *refMax) << "start " << start << " n " << n;
  }
}

int128_t pow10(int digits) {
  int128_t v = 1;
  for (int i = 0; i < digits; ++i) v *= 10;
  return v;
}

template <typename T>
class IntegerMinMaxTest : public ::testing::Test {};

using IntegerTypes = ::testing::Types<int8_t, int16_t, int32_t, int64_t, int128_t>;
TYPED_TEST_SUITE(IntegerMinMaxTest, IntegerTypes);

TYPED_TEST(IntegerMinMaxTest, singleValidRowAtEveryLanePosition) {
  using T = TypeParam;
  // The poison in null slots is below/above every valid value: it would win min or max.
  for (const T poison : {T(-100), T(100)}) {
    for (int64_t valid = 0; valid < 130; ++valid) {
      std::vector<std::optional<T>> rows(130);
      rows[static_cast<size_t>(valid)] = T(7);
      const Input<T> input = makeInput<T>(rows, poison, valid % 8);
      expectMatchesReference<T, T>(input, 0, 130);
    }
  }
}

TYPED_TEST(IntegerMinMaxTest, allNullWordsBetweenValidWordsAndAllNullInput) {
  using T = TypeParam;
  std::vector<std::optional<T>> rows(64 * 5);
  for (int64_t i = 64; i < 128; ++i) rows[static_cast<size_t>(i)] = T(i % 50 - 20);  // full word
  rows[64 * 3 + 63] = T(-30);  // last lane of a word otherwise null
  for (int64_t bitOffset : {0, 3}) {
    const Input<T> input = makeInput<T>(rows, T(-99), bitOffset);
    expectMatchesReference<T, T>(input, 0, 64 * 5);
    expectMatchesReference<T, T>(input, 0, 64);          // one all-null word: nothing seen
    expectMatchesReference<T, T>(input, 128, 64);        // single valid lane at the end
    expectMatchesReference<T, T>(input, 130, 64 * 3 - 2);  // unaligned start, tail word
  }
}

TYPED_TEST(IntegerMinMaxTest, randomWordsTailsAndOffsetsMatchReference) {
  using T = TypeParam;
  std::mt19937_64 random(99);
  for (int round = 0; round < 200; ++round) {
    const int64_t size = 1 + static_cast<int64_t>(random() % 300);
    const int nullPercent = static_cast<int>(random() % 5) * 25;  // 0..100
    std::vector<std::optional<T>> rows;
    for (int64_t i = 0; i < size; ++i) {
      if (static_cast<int>(random() % 100) < nullPercent) {
        rows.push_back(std::nullopt);
      } else {
        rows.push_back(static_cast<T>(static_cast<int64_t>(random())));
      }
    }
    const T poison = static_cast<T>(static_cast<int64_t>(random()));
    const Input<T> input = makeInput<T>(rows, poison, static_cast<int64_t>(random() % 8));
    const int64_t start = static_cast<int64_t>(random() % static_cast<uint64_t>(size));
    expectMatchesReference<T, T>(input, start, size - start);
  }
}

TYPED_TEST(IntegerMinMaxTest, extremesOfTheTypeAreRealValues) {
  using T = TypeParam;
  const T highest = IntegerMinMaxOperation<T, T>::highest();
  const T lowest = IntegerMinMaxOperation<T, T>::lowest();
  // The identities equal valid extremes here; a lone valid extreme must still be reported.
  for (const T only : {highest, lowest}) {
    std::vector<std::optional<T>> rows(70);
    rows[65] = only;
    expectMatchesReference<T, T>(makeInput<T>(rows, T(0), 1), 0, 70);
  }
  const std::vector<std::optional<T>> rows = {T(0), highest, std::nullopt, lowest, T(1)};
  expectMatchesReference<T, T>(makeInput<T>(rows, T(5), 0), 0, 5);
}

// Precision <= 18: compared on the low word, stored back sign-extended.
TEST(NarrowDecimalMinMaxTest, precision18ExtremesWithWidePoisonInNullSlots) {
  const int128_t top = pow10(18) - 1;
  // Null slots hold 128-bit values whose low word alone would win both min and max.
  const int128_t lowWordMin = int128_t{1} << 63;  // low word INT64_MIN, high word 0
  const int128_t lowWordMax = (int128_t{1} << 64) + std::numeric_limits<int64_t>::max();
  for (const int128_t poison : {lowWordMin, lowWordMax, pow10(38) - 1, -(pow10(38) - 1)}) {
    for (int64_t gap = 1; gap < 70; gap += 7) {
      std::vector<std::optional<int128_t>> rows;
      for (int64_t i = 0; i < 140; ++i) {
        rows.push_back(i % gap == 0 ? std::nullopt : std::optional<int128_t>(i * 1000 - 70000));
      }
      rows[static_cast<size_t>(gap == 1 ? 3 : 1)] = top;
      rows[130] = -top;
      for (int64_t bitOffset : {0, 5}) {
        const Input<int128_t> input = makeInput<int128_t>(rows, poison, bitOffset);
        MinMaxState<int128_t> min;
        MinMaxState<int128_t> max;
        MinOperation<int128_t>::initialize(min);
        MaxOperation<int128_t>::initialize(max);
        IntegerMinMaxOperation<int128_t, int64_t>::update(min, max, input.view(0, 140));
        ASSERT_TRUE(min.seen && max.seen);
        EXPECT_TRUE(min.value == -top) << gap;
        EXPECT_TRUE(max.value == top) << gap;
        expectMatchesReference<int128_t, int64_t>(input, 0, 140);
      }
    }
  }
}

TEST(NarrowDecimalMinMaxTest, negativeValuesAreSignExtended) {
  const std::vector<std::optional<int128_t>> rows = {int128_t{-1}, std::nullopt, int128_t{-5},
                                                     -(pow10(18) - 1) + 1};
  expectMatchesReference<int128_t, int64_t>(makeInput<int128_t>(rows, int128_t{0}, 0), 0, 4);
  expectMatchesReference<int128_t, int64_t>(makeInput<int128_t>(rows, int128_t{0}, 0), 0, 3);
}

} // namespace
} // namespace gds
