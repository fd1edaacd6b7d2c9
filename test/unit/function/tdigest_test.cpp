// TDigest: exact (Hazen quantiles) while nothing is merged, bounded and close past that,
// and merging digests (parallel aggregation) as accurate as one digest of all values.
#include "function/aggregate/tdigest.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace teal {

namespace {

/// The exact q-quantile of `values` by rank, for comparison.
double ExactQuantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<size_t>(q * static_cast<double>(values.size() - 1));
  return values[rank];
}

std::vector<double> Shuffled(size_t n, unsigned seed) {
  std::vector<double> values(n);
  for (size_t i = 0; i < n; i++) values[i] = static_cast<double>(i);
  std::shuffle(values.begin(), values.end(), std::mt19937(seed));
  return values;
}

}  // namespace

TEST(TDigestTest, FewValuesGiveTheHazenQuantileExactly) {
  TDigest digest;
  for (double v : {10.0, 0.0, 2.0, 1.0}) digest.Add(v);
  // points at 0.5, 1.5, 2.5, 3.5 of 4: q·4 interpolated between them, clamped at the ends
  EXPECT_DOUBLE_EQ(digest.Quantile(0.0), 0.0);
  EXPECT_DOUBLE_EQ(digest.Quantile(0.1), 0.0);
  EXPECT_DOUBLE_EQ(digest.Quantile(0.4), 1.1);
  EXPECT_DOUBLE_EQ(digest.Quantile(0.5), 1.5);
  EXPECT_DOUBLE_EQ(digest.Quantile(0.75), 6.0);
  EXPECT_DOUBLE_EQ(digest.Quantile(1.0), 10.0);
  TDigest one;
  one.Add(42);
  EXPECT_DOUBLE_EQ(one.Quantile(0.3), 42);
  EXPECT_TRUE(TDigest().Empty());
}

TEST(TDigestTest, ManyValuesStayWithinHalfAPercentOfRank) {
  const std::vector<double> values = Shuffled(200000, 7);
  TDigest digest;
  for (double v : values) digest.Add(v);
  for (double q : {0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999}) {
    // values are their own ranks: the error in value is the error in rank
    EXPECT_NEAR(digest.Quantile(q), ExactQuantile(values, q), 200000 * 0.005) << q;
  }
  EXPECT_DOUBLE_EQ(digest.Quantile(0), 0);
  EXPECT_DOUBLE_EQ(digest.Quantile(1), 199999);
}

TEST(TDigestTest, MergedDigestsAnswerAsOneDoes) {
  const std::vector<double> values = Shuffled(100000, 11);
  TDigest parts[4];
  for (size_t i = 0; i < values.size(); i++) parts[i % 4].Add(values[i]);
  TDigest merged;
  for (const TDigest& part : parts) merged.Merge(part);
  merged.Merge(TDigest());  // an empty part changes nothing
  for (double q : {0.01, 0.5, 0.99}) {
    EXPECT_NEAR(merged.Quantile(q), ExactQuantile(values, q), 100000 * 0.005) << q;
  }
  EXPECT_DOUBLE_EQ(merged.Quantile(0), 0);
  EXPECT_DOUBLE_EQ(merged.Quantile(1), 99999);
}

TEST(TDigestTest, InfinitiesStayInfiniteThroughCompressionAndMerges) {
  // 1% of the values +inf, 1% -inf: merged with each other, never with numbers (an
  // inf - inf in a centroid's mean would make it NaN and the order of centroids undefined)
  TDigest merged;
  for (int part = 0; part < 100; part++) {
    TDigest digest;
    for (int i = part * 1000; i < part * 1000 + 1000; i++) {
      digest.Add(i % 100 == 0 ? INFINITY : i % 100 == 1 ? -INFINITY : i);
    }
    merged.Merge(digest);
  }
  EXPECT_EQ(merged.Quantile(0), -INFINITY);
  EXPECT_EQ(merged.Quantile(0.001), -INFINITY);
  EXPECT_EQ(merged.Quantile(0.999), INFINITY);
  EXPECT_EQ(merged.Quantile(1), INFINITY);
  // the median of the numbers 2..99 of each hundred
  EXPECT_NEAR(merged.Quantile(0.5), 50000, 100000 * 0.005);
}

}  // namespace teal
