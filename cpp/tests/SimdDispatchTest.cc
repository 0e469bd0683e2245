// The AVX2 kernels against the baseline loops on the same inputs: integer/date/timestamp and
// decimal(p <= 18) min/max, null counts and bitmap word loads, plus whole-task results. Each
// case runs with the active level forced to baseline and then to AVX2; on a CPU without AVX2
// the AVX2 half is skipped (the level cannot be raised above what the CPU has).

#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "aggregates/IntegerMinMax.h"
#include "aggregates/NullCount.h"
#include "common/Bits.h"
#include "common/CpuFeatures.h"
#include "common/Int128.h"
#include "tests/EngineTestBase.h"

namespace gds {
namespace {

using simd::Level;

// Restores the detected level after each test, so no other suite runs on a forced path.
class SimdLevelGuard {
 public:
  ~SimdLevelGuard() {
    simd::setActiveLevelForTesting(simd::detectedLevel());
  }
};

bool hasAvx2() {
  return simd::detectedLevel() == Level::kAvx2;
}

// Values plus a validity bitmap whose row 0 is bit 'bitOffset'; nulls hold 'poison'.
template <typename T>
struct Column {
  std::vector<T> values;
  std::vector<uint8_t> validity;
  int64_t bitOffset{0};

  Column(const std::vector<std::optional<T>>& rows, T poison, int64_t offset) : bitOffset(offset) {
    validity.assign(static_cast<size_t>((offset + static_cast<int64_t>(rows.size()) + 7) / 8), 0);
    for (size_t i = 0; i < rows.size(); ++i) {
      values.push_back(rows[i] ? *rows[i] : poison);
      if (rows[i]) {
        const int64_t bit = offset + static_cast<int64_t>(i);
        validity[static_cast<size_t>(bit >> 3)] |= static_cast<uint8_t>(1u << (bit & 7));
      }
    }
  }

  // Rows [start, start + n); 'nullable' false drops the bitmap (every row valid).
  LeafView view(int64_t start, int64_t n, bool nullable = true) const {
    LeafView v;
    v.validity = nullable ? validity.data() : nullptr;
    v.validityOffset = bitOffset + start;
    v.values = reinterpret_cast<const uint8_t*>(values.data());
    v.start = start;
    v.numRows = n;
    return v;
  }
};

template <typename T>
struct Extremes {
  bool seen{false};
  T min{};
  T max{};
  bool operator==(const Extremes& o) const {
    return seen == o.seen && (!seen || (min == o.min && max == o.max));
  }
};

template <typename T, typename L>
Extremes<T> run(const LeafView& view, Level level) {
  EXPECT_EQ(simd::setActiveLevelForTesting(level), level);
  MinMaxState<T> min;
  MinMaxState<T> max;
  MinOperation<T>::initialize(min);
  MaxOperation<T>::initialize(max);
  IntegerMinMaxOperation<T, L>::update(min, max, view);
  EXPECT_EQ(min.seen, max.seen);
  return Extremes<T>{min.seen, min.value, max.value};
}

template <typename T>
Extremes<T> reference(const Column<T>& column, int64_t start, int64_t n, bool nullable) {
  Extremes<T> e;
  for (int64_t i = start; i < start + n; ++i) {
    const int64_t bit = column.bitOffset + i;
    if (nullable && ((column.validity[static_cast<size_t>(bit >> 3)] >> (bit & 7)) & 1) == 0) {
      continue;
    }
    const T v = column.values[static_cast<size_t>(i)];
    if (!e.seen || v < e.min) e.min = v;
    if (!e.seen || v > e.max) e.max = v;
    e.seen = true;
  }
  return e;
}

// Both paths against the reference on rows [start, start + n), with the bitmap and (unless the
// null slots hold values the type cannot have) without it.
template <typename T, typename L = T>
void expectBothPathsMatch(const Column<T>& column, int64_t start, int64_t n,
                          bool alsoWithoutBitmap = true) {
  SimdLevelGuard guard;
  for (const bool nullable : {true, false}) {
    if (!nullable && !alsoWithoutBitmap) {
      continue;
    }
    const Extremes<T> expected = reference(column, start, n, nullable);
    const LeafView view = column.view(start, n, nullable);
    EXPECT_TRUE((run<T, L>(view, Level::kBaseline) == expected))
        << "baseline, start " << start << " n " << n << " nullable " << nullable;
    if (hasAvx2()) {
      EXPECT_TRUE((run<T, L>(view, Level::kAvx2) == expected))
          << "avx2, start " << start << " n " << n << " nullable " << nullable;
    }
  }
}

template <typename T>
class SimdIntegerMinMaxTest : public ::testing::Test {};

// int32 also stands for date32, int64 for timestamps (same physical type and kernel).
using Types = ::testing::Types<int8_t, int16_t, int32_t, int64_t>;
TYPED_TEST_SUITE(SimdIntegerMinMaxTest, Types);

TYPED_TEST(SimdIntegerMinMaxTest, singleValidRowAtEveryPosition) {
  using T = TypeParam;
  for (const T poison : {std::numeric_limits<T>::min(), std::numeric_limits<T>::max()}) {
    for (int64_t valid = 0; valid < 130; ++valid) {
      std::vector<std::optional<T>> rows(130);
      rows[static_cast<size_t>(valid)] = T(-3);
      const Column<T> column(rows, poison, valid % 8);
      expectBothPathsMatch(column, 0, 130);
      expectBothPathsMatch(column, valid % 5, 130 - valid % 5);  // unaligned start
    }
  }
}

TYPED_TEST(SimdIntegerMinMaxTest, nullAtEveryPositionAndAllNullWords) {
  using T = TypeParam;
  for (int64_t null = 0; null < 130; ++null) {
    std::vector<std::optional<T>> rows(130);
    for (int64_t i = 0; i < 130; ++i) rows[static_cast<size_t>(i)] = static_cast<T>(i % 100 - 50);
    rows[static_cast<size_t>(null)] = std::nullopt;
    // The null slot holds a value that would win both min and max if it were not masked.
    const Column<T> column(rows, null % 2 ? std::numeric_limits<T>::min()
                                          : std::numeric_limits<T>::max(), 3);
    expectBothPathsMatch(column, 0, 130);
  }
  std::vector<std::optional<T>> rows(64 * 4);
  rows[64 * 2 + 17] = T(9);  // words 0, 1 and 3 are all null
  expectBothPathsMatch(Column<T>(rows, T(-7), 0), 0, 64 * 4);
  expectBothPathsMatch(Column<T>(rows, T(-7), 0), 0, 64 * 2);  // nothing valid at all
  expectBothPathsMatch(Column<T>(rows, T(-7), 5), 1, 64 * 4 - 1);
}

TYPED_TEST(SimdIntegerMinMaxTest, extremesAndEveryLength) {
  using T = TypeParam;
  const T lo = std::numeric_limits<T>::min();
  const T hi = std::numeric_limits<T>::max();
  std::mt19937_64 random(7);
  for (int64_t length = 0; length <= 200; ++length) {
    std::vector<std::optional<T>> rows;
    for (int64_t i = 0; i < length; ++i) {
      const uint64_t r = random();
      if (r % 7 == 0) {
        rows.push_back(std::nullopt);
      } else {
        rows.push_back(r % 11 == 0 ? lo : r % 13 == 0 ? hi : static_cast<T>(r >> 8));
      }
    }
    const Column<T> column(rows, static_cast<T>(random()), length % 8);
    expectBothPathsMatch(column, 0, length);
    if (length > 3) {
      expectBothPathsMatch(column, 3, length - 3);
    }
  }
}

TYPED_TEST(SimdIntegerMinMaxTest, randomBatchesAcrossNullRates) {
  using T = TypeParam;
  std::mt19937_64 random(42);
  for (int round = 0; round < 300; ++round) {
    const int64_t size = 1 + static_cast<int64_t>(random() % 5000);
    const int nullPercent = static_cast<int>(random() % 6) * 20;  // 0, 20, ..., 100
    std::vector<std::optional<T>> rows;
    for (int64_t i = 0; i < size; ++i) {
      if (static_cast<int>(random() % 100) < nullPercent) {
        rows.push_back(std::nullopt);
      } else {
        rows.push_back(static_cast<T>(random()));
      }
    }
    const Column<T> column(rows, static_cast<T>(random()), static_cast<int64_t>(random() % 8));
    const int64_t start = static_cast<int64_t>(random() % static_cast<uint64_t>(size));
    expectBothPathsMatch(column, start, size - start);
  }
}

int128_t pow10(int digits) {
  int128_t v = 1;
  for (int i = 0; i < digits; ++i) v *= 10;
  return v;
}

TEST(SimdNarrowDecimalMinMaxTest, precision18ExtremesWithWidePoison) {
  const int128_t top = pow10(18) - 1;
  // Low words alone of these 128-bit poisons would win min/max if a null lane were not masked.
  const int128_t lowWordMin = int128_t{1} << 63;
  const int128_t lowWordMax = (int128_t{1} << 64) + std::numeric_limits<int64_t>::max();
  for (const int128_t poison : {lowWordMin, lowWordMax, -(pow10(38) - 1)}) {
    for (int64_t position = 0; position < 130; ++position) {
      std::vector<std::optional<int128_t>> rows(130);
      for (int64_t i = 0; i < 130; ++i) {
        if (i % 3 != 0) rows[static_cast<size_t>(i)] = int128_t{i * 1000 - 65000};
      }
      rows[static_cast<size_t>(position)] = position % 2 ? top : -top;
      rows[static_cast<size_t>((position * 7 + 1) % 130)] = position % 2 ? -top : top;
      const Column<int128_t> column(rows, poison, position % 8);
      // The poison is no decimal(18) value: only the nullable view is a valid input.
      expectBothPathsMatch<int128_t, int64_t>(column, 0, 130, false);
      expectBothPathsMatch<int128_t, int64_t>(column, position % 4, 130 - position % 4, false);
    }
  }
}

TEST(SimdNarrowDecimalMinMaxTest, randomSevenTwoDecimals) {
  std::mt19937_64 random(11);
  for (int round = 0; round < 200; ++round) {
    const int64_t size = 1 + static_cast<int64_t>(random() % 4200);
    std::vector<std::optional<int128_t>> rows;
    for (int64_t i = 0; i < size; ++i) {
      if (random() % 10 == 0) {
        rows.push_back(std::nullopt);
      } else {
        rows.push_back(static_cast<int128_t>(static_cast<int64_t>(random() % 19999999)) - 9999999);
      }
    }
    // Null slots hold the decimal(18) maximum: it would win max if a lane were not masked.
    const Column<int128_t> column(rows, pow10(18) - 1, static_cast<int64_t>(random() % 8));
    expectBothPathsMatch<int128_t, int64_t>(column, 0, size);
  }
}

TEST(SimdNullCountTest, bothPathsCountTheSameNulls) {
  SimdLevelGuard guard;
  std::mt19937_64 random(3);
  std::vector<uint8_t> bitmap(700);
  for (uint8_t& byte : bitmap) byte = static_cast<uint8_t>(random());
  for (int64_t offset = 0; offset < 70; ++offset) {
    for (const int64_t n : {int64_t{0}, int64_t{1}, int64_t{63}, int64_t{64}, int64_t{65},
                            int64_t{4096}, int64_t{5000}}) {
      int64_t expected = 0;
      for (int64_t i = offset; i < offset + n; ++i) {
        expected += (bitmap[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1;
      }
      for (const Level level : {Level::kBaseline, Level::kAvx2}) {
        if (level == Level::kAvx2 && !hasAvx2()) continue;
        simd::setActiveLevelForTesting(level);
        EXPECT_EQ(bits::countSet(bitmap.data(), offset, n), expected)
            << simd::levelName(level) << " offset " << offset << " n " << n;
        LeafView view;
        view.validity = bitmap.data();
        view.validityOffset = offset;
        view.numRows = n;
        NullCountState state;
        NullCountOperation::initialize(state);
        NullCountOperation::update(state, view);
        EXPECT_EQ(state.count, n - expected);
      }
    }
  }
}

// The 64-bit fast path of loadWord reads 8 or 9 bytes: never past the range's last byte.
TEST(BitsTest, loadWordReadsOnlyItsRangeAtEveryOffsetAndLength) {
  std::mt19937_64 random(5);
  std::vector<uint8_t> bitmap(24);
  for (uint8_t& byte : bitmap) byte = static_cast<uint8_t>(random());
  for (int64_t offset = 0; offset < 64; ++offset) {
    for (int64_t n = 1; n <= 64; ++n) {
      uint64_t expected = 0;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t bit = offset + i;
        expected |= static_cast<uint64_t>((bitmap[static_cast<size_t>(bit >> 3)] >> (bit & 7)) & 1)
                    << i;
      }
      // An exact-size copy: ASan reports any read past the range's last byte.
      const int64_t bytes = (offset + n + 7) / 8;
      std::vector<uint8_t> exact(bitmap.begin(), bitmap.begin() + bytes);
      EXPECT_EQ(bits::loadWord(exact.data(), offset, n), expected) << offset << " " << n;
    }
  }
}

TEST(CpuFeaturesTest, levelCannotBeRaisedAboveTheCpu) {
  SimdLevelGuard guard;
  EXPECT_EQ(simd::setActiveLevelForTesting(Level::kBaseline), Level::kBaseline);
  EXPECT_EQ(simd::activeLevel(), Level::kBaseline);
  EXPECT_EQ(simd::setActiveLevelForTesting(Level::kAvx2), simd::detectedLevel());
  EXPECT_EQ(simd::activeLevel(), simd::detectedLevel());
  if (!simd::kX86Kernels) {  // aarch64: no AVX2 kernels are built, whatever the CPU
    EXPECT_EQ(simd::detectedLevel(), Level::kBaseline);
  }
}

// Whole tasks (import, null counts, min/max of every integer-like type) give identical bytes.
class SimdTaskTest : public test::EngineTestBase {};

TEST_F(SimdTaskTest, storeSalesLikeBatchesGiveIdenticalResults) {
  SimdLevelGuard guard;
  std::mt19937_64 random(17);
  std::vector<test::Column> batches;
  for (const int64_t rows : {4096, 1000, 77}) {
    std::vector<std::optional<int32_t>> keys(static_cast<size_t>(rows));
    std::vector<std::optional<int32_t>> dates(static_cast<size_t>(rows));
    std::vector<std::optional<int64_t>> tickets(static_cast<size_t>(rows));
    std::vector<std::optional<int64_t>> times(static_cast<size_t>(rows));
    std::vector<std::optional<int16_t>> shorts(static_cast<size_t>(rows));
    std::vector<std::optional<int8_t>> bytes(static_cast<size_t>(rows));
    std::vector<std::optional<int128_t>> prices(static_cast<size_t>(rows));
    std::vector<std::optional<int128_t>> amounts(static_cast<size_t>(rows));
    std::vector<std::optional<int128_t>> wide(static_cast<size_t>(rows));
    for (size_t i = 0; i < static_cast<size_t>(rows); ++i) {
      const bool null = random() % 20 == 0;
      keys[i] = null ? std::nullopt : std::optional<int32_t>(static_cast<int32_t>(random() % 300000));
      dates[i] = static_cast<int32_t>(2450000 + random() % 2000);
      tickets[i] = static_cast<int64_t>(random() >> 4);
      times[i] = null ? std::nullopt : std::optional<int64_t>(-static_cast<int64_t>(random() >> 5));
      shorts[i] = null ? std::nullopt : std::optional<int16_t>(static_cast<int16_t>(random()));
      bytes[i] = static_cast<int8_t>(random());
      prices[i] = random() % 25 == 0
                      ? std::nullopt
                      : std::optional<int128_t>(static_cast<int64_t>(random() % 2000000) - 1000000);
      amounts[i] = null ? std::nullopt
                        : std::optional<int128_t>(static_cast<int64_t>(random() >> 8) - (1LL << 54));
      wide[i] = null ? std::nullopt : std::optional<int128_t>(pow10(30) * (int64_t(random() % 5) - 2));
    }
    batches.push_back(test::batchOf(
        {test::int32s("key", keys), test::dates("date", dates), test::int64s("ticket", tickets),
         test::timestamps("time", times, "UTC"), test::int16s("small", shorts),
         test::int8s("tiny", bytes), test::decimals("price", 7, 2, prices),
         test::decimals("amount", 18, 2, amounts), test::decimals("wide", 38, 0, wide)}));
  }
  simd::setActiveLevelForTesting(Level::kBaseline);
  const test::DecodedFile baseline = statsOf(batches);
  ASSERT_EQ(baseline.leaves.size(), 9u);
  EXPECT_TRUE(baseline.leaves[0].hasMinMax && baseline.leaves[0].nullCount > 0);
  if (!hasAvx2()) {
    GTEST_SKIP() << "no AVX2 on this CPU: only the baseline path ran";
  }
  simd::setActiveLevelForTesting(Level::kAvx2);
  const test::DecodedFile avx2 = statsOf(batches);
  EXPECT_TRUE(test::sameResult(baseline, avx2))
      << "baseline " << test::describe(baseline) << "\navx2 " << test::describe(avx2);
}

} // namespace
} // namespace gds
