// Per fixed-width type: empty file, all-null, mixed nulls, batch boundaries, slices, extremes,
// and a randomised comparison with a row-at-a-time reference; plus Spark's floating-point rules.

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

struct Int8Traits {
  using T = int8_t;
  static Column make(const std::vector<std::optional<T>>& v) { return int8s("x", v); }
  static T from(int64_t i) { return static_cast<T>(i % 120); }
  static T decoded(const DecodedValue& d) { return static_cast<T>(d.integer); }
};
struct Int16Traits {
  using T = int16_t;
  static Column make(const std::vector<std::optional<T>>& v) { return int16s("x", v); }
  static T from(int64_t i) { return static_cast<T>(i * 97 % 30000); }
  static T decoded(const DecodedValue& d) { return static_cast<T>(d.integer); }
};
struct Int32Traits {
  using T = int32_t;
  static Column make(const std::vector<std::optional<T>>& v) { return int32s("x", v); }
  static T from(int64_t i) { return static_cast<T>(i * 100003); }
  static T decoded(const DecodedValue& d) { return static_cast<T>(d.integer); }
};
struct Int64Traits {
  using T = int64_t;
  static Column make(const std::vector<std::optional<T>>& v) { return int64s("x", v); }
  static T from(int64_t i) { return i * 1000000007LL; }
  static T decoded(const DecodedValue& d) { return d.integer; }
};
struct DateTraits {
  using T = int32_t;
  static Column make(const std::vector<std::optional<T>>& v) { return dates("x", v); }
  static T from(int64_t i) { return static_cast<T>(i * 31 - 800000); }  // incl. before 1970
  static T decoded(const DecodedValue& d) { return static_cast<T>(d.integer); }
};
struct TimestampTraits {
  using T = int64_t;
  static Column make(const std::vector<std::optional<T>>& v) { return timestamps("x", v, "UTC"); }
  static T from(int64_t i) { return i * 86400000001LL - 1; }
  static T decoded(const DecodedValue& d) { return d.integer; }
};
struct TimestampNtzTraits : TimestampTraits {
  static Column make(const std::vector<std::optional<T>>& v) { return timestamps("x", v); }
};
struct DecimalTraits {
  using T = int128_t;
  static constexpr int kPrecision = 38;
  static Column make(const std::vector<std::optional<T>>& v) { return decimals("x", 38, 4, v); }
  // Spans the high word so that the comparison must use all 128 bits.
  static T from(int64_t i) { return static_cast<int128_t>(i) * static_cast<int128_t>(1e18) * 1000; }
  static T decoded(const DecodedValue& d) { return d.decimal; }
};
// Precision <= 18 is reduced on the low 64 bits; values beyond 32 bits, both signs.
struct Decimal18Traits {
  using T = int128_t;
  static constexpr int kPrecision = 18;
  static Column make(const std::vector<std::optional<T>>& v) { return decimals("x", 18, 2, v); }
  static T from(int64_t i) { return static_cast<int128_t>(i) * 999999999999999LL; }
  static T decoded(const DecodedValue& d) { return d.decimal; }
};
struct FloatTraits {
  using T = float;
  static Column make(const std::vector<std::optional<T>>& v) { return floats("x", v); }
  static T from(int64_t i) { return static_cast<T>(i) * 0.25f; }
  static T decoded(const DecodedValue& d) { return static_cast<T>(d.floating); }
};
struct DoubleTraits {
  using T = double;
  static Column make(const std::vector<std::optional<T>>& v) { return doubles("x", v); }
  static T from(int64_t i) { return static_cast<T>(i) * 0.1; }
  static T decoded(const DecodedValue& d) { return d.floating; }
};

template <typename Traits>
class FixedWidthStatsTest : public EngineTestBase {
 protected:
  using T = typename Traits::T;

  static std::optional<T> at(int64_t i) {
    return Traits::from(i);
  }

  // Row-at-a-time reference with strict replacement (values here have no NaN/-0.0 ties).
  static void reference(const std::vector<std::optional<T>>& values, int64_t begin, int64_t end,
                        std::optional<T>& min, std::optional<T>& max, int64_t& nulls) {
    for (int64_t i = begin; i < end; ++i) {
      const auto& v = values[static_cast<size_t>(i)];
      if (!v) {
        ++nulls;
        continue;
      }
      if (!min || *v < *min) min = v;
      if (!max || *v > *max) max = v;
    }
  }
};

using FixedWidthTypes =
    ::testing::Types<Int8Traits, Int16Traits, Int32Traits, Int64Traits, DateTraits,
                     TimestampTraits, TimestampNtzTraits, DecimalTraits, Decimal18Traits,
                     FloatTraits, DoubleTraits>;
TYPED_TEST_SUITE(FixedWidthStatsTest, FixedWidthTypes);

TYPED_TEST(FixedWidthStatsTest, emptyFileHasNoMinMax) {
  auto task = this->makeTask(batchOf({TypeParam::make({})}));
  task->beginFile(7);
  const DecodedFile file = this->finish(*task, 7);
  EXPECT_EQ(file.numRecords, 0);
  ASSERT_EQ(file.leaves.size(), 1u);
  EXPECT_EQ(file.leaves[0].nullCount, 0);
  EXPECT_FALSE(file.leaves[0].hasMinMax);

  // A file that only received zero-row batches is empty too.
  const DecodedFile zeroRows = this->statsOf(batchOf({TypeParam::make({})}));
  EXPECT_EQ(zeroRows.numRecords, 0);
  EXPECT_FALSE(zeroRows.leaves[0].hasMinMax);
}

TYPED_TEST(FixedWidthStatsTest, allNullFile) {
  const DecodedFile file =
      this->statsOf(batchOf({TypeParam::make({std::nullopt, std::nullopt, std::nullopt})}));
  EXPECT_EQ(file.numRecords, 3);
  EXPECT_EQ(file.leaves[0].nullCount, 3);
  EXPECT_FALSE(file.leaves[0].hasMinMax);
}

TYPED_TEST(FixedWidthStatsTest, mixedNulls) {
  using T = typename TypeParam::T;
  const DecodedFile file = this->statsOf(
      batchOf({TypeParam::make({this->at(5), std::nullopt, this->at(-3), this->at(7), std::nullopt})}));
  EXPECT_EQ(file.numRecords, 5);
  EXPECT_EQ(file.leaves[0].nullCount, 2);
  ASSERT_TRUE(file.leaves[0].hasMinMax);
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].min) == T(TypeParam::from(-3)));
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].max) == T(TypeParam::from(7)));
}

TYPED_TEST(FixedWidthStatsTest, minMaxAcrossBatchBoundaries) {
  using T = typename TypeParam::T;
  const DecodedFile file = this->statsOf({batchOf({TypeParam::make({this->at(5), this->at(9)})}),
                                          batchOf({TypeParam::make({this->at(-2), this->at(4)})}),
                                          batchOf({TypeParam::make({std::nullopt})})});
  EXPECT_EQ(file.numRecords, 5);
  EXPECT_EQ(file.leaves[0].nullCount, 1);
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].min) == T(TypeParam::from(-2)));
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].max) == T(TypeParam::from(9)));
}

TYPED_TEST(FixedWidthStatsTest, slicedArrayOnlySeesItsWindow) {
  using T = typename TypeParam::T;
  std::vector<std::optional<T>> values;
  for (int64_t i = 0; i < 200; ++i) {
    values.push_back(i % 7 == 3 ? std::nullopt : std::optional<T>(TypeParam::from((i * 37) % 101 - 50)));
  }
  // Extremes outside the window must not leak in.
  values[2] = TypeParam::from(-60);
  values[190] = TypeParam::from(60);
  for (auto [offset, length] : {std::pair<int64_t, int64_t>{37, 100}, {5, 3}, {64, 64}, {1, 150}}) {
    std::optional<T> min, max;
    int64_t nulls = 0;
    this->reference(values, offset, offset + length, min, max, nulls);
    const DecodedFile file = this->statsOf(batchOf({sliced(TypeParam::make(values), offset, length)}));
    EXPECT_EQ(file.numRecords, length);
    EXPECT_EQ(file.leaves[0].nullCount, nulls);
    ASSERT_TRUE(file.leaves[0].hasMinMax);
    EXPECT_TRUE(TypeParam::decoded(file.leaves[0].min) == *min) << offset;
    EXPECT_TRUE(TypeParam::decoded(file.leaves[0].max) == *max) << offset;
  }
}

TYPED_TEST(FixedWidthStatsTest, extremes) {
  using T = typename TypeParam::T;
  T lowest;
  T highest;
  if constexpr (std::is_same_v<T, int128_t>) {
    highest = 1;
    for (int i = 0; i < TypeParam::kPrecision; ++i) highest *= 10;
    highest -= 1;  // 10^p - 1: the largest value of the column's precision
    lowest = -highest;
  } else {
    lowest = std::numeric_limits<T>::lowest();
    highest = std::numeric_limits<T>::max();
  }
  const DecodedFile file = this->statsOf(
      batchOf({TypeParam::make({T{0}, highest, std::nullopt, lowest, T{1}})}));
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].min) == lowest);
  EXPECT_TRUE(TypeParam::decoded(file.leaves[0].max) == highest);
}

TYPED_TEST(FixedWidthStatsTest, randomBatchesMatchReference) {
  using T = typename TypeParam::T;
  std::mt19937_64 random(1234);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::optional<T>> all;
    std::vector<Column> batches;
    const int numBatches = 1 + static_cast<int>(random() % 4);
    const int nullPercent = static_cast<int>(random() % 4) * 30;  // 0, 30, 60, 90
    for (int b = 0; b < numBatches; ++b) {
      std::vector<std::optional<T>> values;
      const int64_t n = static_cast<int64_t>(random() % 300);
      for (int64_t i = 0; i < n; ++i) {
        values.push_back(static_cast<int>(random() % 100) < nullPercent
                             ? std::nullopt
                             : std::optional<T>(TypeParam::from(static_cast<int64_t>(random() % 2001) - 1000)));
      }
      const int64_t offset = n == 0 ? 0 : static_cast<int64_t>(random() % (n / 2 + 1));
      all.insert(all.end(), values.begin() + offset, values.end());
      batches.push_back(batchOf({sliced(TypeParam::make(values), offset, n - offset)}));
    }
    std::optional<T> min, max;
    int64_t nulls = 0;
    this->reference(all, 0, static_cast<int64_t>(all.size()), min, max, nulls);
    const DecodedFile file = this->statsOf(batches);
    EXPECT_EQ(file.numRecords, static_cast<int64_t>(all.size()));
    EXPECT_EQ(file.leaves[0].nullCount, nulls);
    ASSERT_EQ(file.leaves[0].hasMinMax, min.has_value());
    if (min) {
      EXPECT_TRUE(TypeParam::decoded(file.leaves[0].min) == *min) << "round " << round;
      EXPECT_TRUE(TypeParam::decoded(file.leaves[0].max) == *max) << "round " << round;
    }
  }
}

// --- Spark floating-point ordering -------------------------------------------------------------

class FloatingPointStatsTest : public EngineTestBase {
 protected:
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  static bool isNegativeZero(double v) {
    return v == 0 && std::signbit(v);
  }
  static bool isPositiveZero(double v) {
    return v == 0 && !std::signbit(v);
  }
};

TEST_F(FloatingPointStatsTest, nanIsGreaterThanInfinity) {
  const DecodedFile file = statsOf(batchOf({doubles("x", {kNaN, 1.0, kInf, -kInf, 2.0})}));
  EXPECT_EQ(file.leaves[0].min.floating, -kInf);
  EXPECT_TRUE(std::isnan(file.leaves[0].max.floating));
}

TEST_F(FloatingPointStatsTest, onlyNaNGivesNaNForBoth) {
  const DecodedFile file = statsOf(batchOf({doubles("x", {kNaN, std::nullopt, kNaN})}));
  ASSERT_TRUE(file.leaves[0].hasMinMax);
  EXPECT_TRUE(std::isnan(file.leaves[0].min.floating));
  EXPECT_TRUE(std::isnan(file.leaves[0].max.floating));
  EXPECT_EQ(file.leaves[0].nullCount, 1);
}

TEST_F(FloatingPointStatsTest, minSkipsNaNUnlessAllNaN) {
  const DecodedFile file = statsOf({batchOf({doubles("x", {kNaN})}), batchOf({doubles("x", {kInf})})});
  EXPECT_EQ(file.leaves[0].min.floating, kInf);
  EXPECT_TRUE(std::isnan(file.leaves[0].max.floating));
}

TEST_F(FloatingPointStatsTest, firstOfEqualZerosWinsInBothOrders) {
  const DecodedFile negativeFirst = statsOf(batchOf({doubles("x", {-0.0, 0.0})}));
  EXPECT_TRUE(isNegativeZero(negativeFirst.leaves[0].min.floating));
  EXPECT_TRUE(isNegativeZero(negativeFirst.leaves[0].max.floating));
  const DecodedFile positiveFirst = statsOf(batchOf({doubles("x", {0.0, -0.0})}));
  EXPECT_TRUE(isPositiveZero(positiveFirst.leaves[0].min.floating));
  EXPECT_TRUE(isPositiveZero(positiveFirst.leaves[0].max.floating));
}

TEST_F(FloatingPointStatsTest, firstZeroWinsAcrossBatchesAndNullableWords) {
  // Block reduction (no nulls), nullable word path, and batch boundary all keep the first zero.
  std::vector<std::optional<double>> values(100, 5.0);
  values[10] = 0.0;
  values[70] = -0.0;
  const DecodedFile dense = statsOf(batchOf({doubles("x", values)}));
  EXPECT_TRUE(isPositiveZero(dense.leaves[0].min.floating));
  values[3] = std::nullopt;  // forces the nullable path
  values[10] = -0.0;
  values[70] = 0.0;
  const DecodedFile nullable = statsOf(batchOf({doubles("x", values)}));
  EXPECT_TRUE(isNegativeZero(nullable.leaves[0].min.floating));
  const DecodedFile batches = statsOf({batchOf({doubles("x", {0.0, 1.0})}),
                                       batchOf({doubles("x", {-0.0, -0.0})})});
  EXPECT_TRUE(isPositiveZero(batches.leaves[0].min.floating));
  const DecodedFile maxZero = statsOf({batchOf({doubles("x", {-1.0, -0.0})}),
                                       batchOf({doubles("x", {0.0})})});
  EXPECT_TRUE(isNegativeZero(maxZero.leaves[0].max.floating));
}

TEST_F(FloatingPointStatsTest, valuesInNullSlotsNeverCount) {
  // Null slots hold values that would win (NaN, -Inf, -0.0) if the validity mask were ignored.
  for (double poison : {kNaN, -kInf, kInf, -0.0}) {
    std::vector<std::optional<double>> values;
    for (int i = 0; i < 150; ++i) {
      values.push_back(i % 3 == 0 ? std::nullopt : std::optional<double>(i == 100 ? 0.0 : 1.0 + i));
    }
    Column column = doubles("x", values);
    auto* raw = reinterpret_cast<double*>(column.buffers[1]->data());
    for (int i = 0; i < 150; i += 3) {
      raw[i] = poison;
    }
    const DecodedFile file = statsOf(batchOf({sliced(column, 1, 149)}));
    EXPECT_TRUE(isPositiveZero(file.leaves[0].min.floating)) << poison;
    EXPECT_EQ(file.leaves[0].max.floating, 150.0) << poison;  // row 149
    EXPECT_EQ(file.leaves[0].nullCount, 49) << poison;
  }
  Column ints = int64s("i", {5, std::nullopt, 7});
  reinterpret_cast<int64_t*>(ints.buffers[1]->data())[1] = INT64_MIN;
  const DecodedFile file = statsOf(batchOf({ints}));
  EXPECT_EQ(file.leaves[0].min.integer, 5);
}

TEST_F(FloatingPointStatsTest, floatWidensExactlyAndKeepsNaN) {
  const float tenth = 0.1f;
  const DecodedFile file = statsOf(batchOf({floats("x", {tenth, -std::numeric_limits<float>::infinity(),
                                                         std::numeric_limits<float>::quiet_NaN()})}));
  EXPECT_EQ(file.leaves[0].min.floating, -kInf);
  EXPECT_TRUE(std::isnan(file.leaves[0].max.floating));
  const DecodedFile plain = statsOf(batchOf({floats("x", {tenth, -0.0f})}));
  EXPECT_EQ(plain.leaves[0].max.floating, static_cast<double>(tenth));
  EXPECT_TRUE(isNegativeZero(plain.leaves[0].min.floating));
}

TEST_F(FloatingPointStatsTest, subnormalsAndExtremes) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  const DecodedFile file = statsOf(batchOf({doubles("x", {tiny, -tiny, std::numeric_limits<double>::max(),
                                                          std::numeric_limits<double>::lowest()})}));
  EXPECT_EQ(file.leaves[0].min.floating, std::numeric_limits<double>::lowest());
  EXPECT_EQ(file.leaves[0].max.floating, std::numeric_limits<double>::max());
}

TEST_F(FloatingPointStatsTest, randomSpecialValuesMatchSparkReference) {
  // Reference: Spark's row-at-a-time min/max with strict replacement under NaN-largest order.
  auto less = [](double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); };
  const double specials[] = {kNaN, kInf, -kInf, 0.0, -0.0, 1.5, -1.5};
  std::mt19937_64 random(99);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::optional<double>> values;
    const int n = 1 + static_cast<int>(random() % 150);
    for (int i = 0; i < n; ++i) {
      const auto pick = random() % 9;
      values.push_back(pick == 8 ? std::nullopt : std::optional<double>(specials[pick % 7]));
    }
    std::optional<double> min, max;
    for (const auto& v : values) {
      if (!v) continue;
      if (!min || less(*v, *min)) min = v;
      if (!max || less(*max, *v)) max = v;
    }
    const int64_t split = static_cast<int64_t>(random() % static_cast<uint64_t>(n));
    std::vector<std::optional<double>> first(values.begin(), values.begin() + split);
    std::vector<std::optional<double>> second(values.begin() + split, values.end());
    const DecodedFile file = statsOf({batchOf({doubles("x", first)}), batchOf({doubles("x", second)})});
    ASSERT_EQ(file.leaves[0].hasMinMax, min.has_value());
    if (min) {
      EXPECT_EQ(std::memcmp(&file.leaves[0].min.floating, &*min, 8), 0) << "round " << round;
      EXPECT_EQ(std::memcmp(&file.leaves[0].max.floating, &*max, 8), 0) << "round " << round;
    }
  }
}

class DecimalStatsTest : public EngineTestBase {};

TEST_F(DecimalStatsTest, negativesAndPrecision38) {
  int128_t big = 1;
  for (int i = 0; i < 38; ++i) big *= 10;
  big -= 1;
  const DecodedFile file =
      statsOf(batchOf({decimals("d", 38, 18, {int128_t{-1}, big, -big, int128_t{0}})}));
  EXPECT_TRUE(file.leaves[0].min.decimal == -big);
  EXPECT_TRUE(file.leaves[0].max.decimal == big);
  const DecodedFile small =
      statsOf(batchOf({decimals("d", 7, 2, {int128_t{-5}, int128_t{-1}, std::nullopt})}));
  EXPECT_TRUE(small.leaves[0].min.decimal == -5);
  EXPECT_TRUE(small.leaves[0].max.decimal == -1);
  EXPECT_EQ(small.leaves[0].nullCount, 1);
}

} // namespace
} // namespace gds::test
