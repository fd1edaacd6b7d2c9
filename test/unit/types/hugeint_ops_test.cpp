// hugeint_ops: 128-bit limits, range checks, checked arithmetic and plain text.
#include "types/hugeint_ops.hpp"

#include <gtest/gtest.h>

namespace teal {
namespace {
constexpr int128 kMax = MaxOf<int128>();
constexpr int128 kMin = MinOf<int128>();
constexpr uint128 kUMax = MaxOf<uint128>();
}  // namespace

TEST(HugeintOpsTest, LimitsMatchTheTwoComplementRange) {
  EXPECT_EQ(Int128ToString(kMax), "170141183460469231731687303715884105727");
  EXPECT_EQ(Int128ToString(kMin), "-170141183460469231731687303715884105728");
  EXPECT_EQ(UInt128ToString(kUMax), "340282366920938463463374607431768211455");
  EXPECT_EQ(MaxOf<int8_t>(), 127);
  EXPECT_EQ(MinOf<int16_t>(), -32768);
}

TEST(HugeintOpsTest, FormatsZeroAndDigitsAcrossThe64BitBoundary) {
  EXPECT_EQ(Int128ToString(0), "0");
  EXPECT_EQ(UInt128ToString(uint128(UINT64_MAX) + 1), "18446744073709551616");
  // A 19-digit group with leading zeros inside the number.
  EXPECT_EQ(UInt128ToString(uint128(10000000000000000000ULL) * 10000000000000000000ULL + 7),
            "100000000000000000000000000000000000007");
}

TEST(HugeintOpsTest, IntegerInRangeComparesAcrossSignedness) {
  EXPECT_TRUE(IntegerInRange<int8_t>(int64_t{127}));
  EXPECT_FALSE(IntegerInRange<int8_t>(int64_t{128}));
  EXPECT_FALSE(IntegerInRange<uint32_t>(int32_t{-1}));
  EXPECT_FALSE(IntegerInRange<int64_t>(uint64_t{1} << 63));
  EXPECT_TRUE(IntegerInRange<int128>(uint64_t{UINT64_MAX}));
  EXPECT_FALSE(IntegerInRange<int128>(kUMax));
  EXPECT_TRUE(IntegerInRange<uint128>(kMax));
  EXPECT_FALSE(IntegerInRange<uint64_t>(kMin));
}

TEST(HugeintOpsTest, CheckedAddAndSubDetectOverflow) {
  int128 out;
  EXPECT_TRUE(TryAddInt128(kMax - 1, 1, out));
  EXPECT_EQ(out, kMax);
  EXPECT_FALSE(TryAddInt128(kMax, 1, out));
  EXPECT_FALSE(TrySubInt128(kMin, 1, out));
  uint128 u;
  EXPECT_FALSE(TryAddUInt128(kUMax, 1, u));
  EXPECT_FALSE(TrySubUInt128(0, 1, u));
}

TEST(HugeintOpsTest, CheckedMulAllowsTheMinimumButNotBeyond) {
  int128 out;
  int128 half_min = kMin / 2;
  EXPECT_TRUE(TryMulInt128(half_min, 2, out));
  EXPECT_EQ(out, kMin);
  EXPECT_FALSE(TryMulInt128(-half_min, 2, out));  // 2^127 is one past the max
  EXPECT_FALSE(TryMulInt128(kMin, -1, out));
  EXPECT_TRUE(TryMulInt128(-3, 7, out));
  EXPECT_EQ(out, -21);
  uint128 u;
  EXPECT_FALSE(TryMulUInt128(kUMax, 2, u));
}

TEST(HugeintOpsTest, NegatingTheMinimumOverflows) {
  int128 out;
  EXPECT_FALSE(TryNegInt128(kMin, out));
  EXPECT_TRUE(TryNegInt128(kMax, out));
  EXPECT_EQ(out, kMin + 1);
}

TEST(HugeintOpsTest, ParsesTheFullRangeAndRejectsOneBeyond) {
  int128 v;
  EXPECT_EQ(ParseInt128("-170141183460469231731687303715884105728", v), NumberParse::kOk);
  EXPECT_EQ(v, kMin);
  EXPECT_EQ(ParseInt128(" +170141183460469231731687303715884105727 ", v), NumberParse::kOk);
  EXPECT_EQ(v, kMax);
  EXPECT_EQ(ParseInt128("170141183460469231731687303715884105728", v), NumberParse::kOutOfRange);
  uint128 u;
  EXPECT_EQ(ParseUInt128("340282366920938463463374607431768211455", u), NumberParse::kOk);
  EXPECT_EQ(u, kUMax);
  EXPECT_EQ(ParseUInt128("340282366920938463463374607431768211456", u), NumberParse::kOutOfRange);
  EXPECT_EQ(ParseUInt128("-1", u), NumberParse::kOutOfRange);
}

TEST(HugeintOpsTest, StrictParseRejectsGarbage) {
  int128 v;
  EXPECT_EQ(ParseInt128("", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseInt128("-", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseInt128("12a", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseInt128("1.5", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseInt128("99999999999999999999999999999999999999999x", v), NumberParse::kInvalid);
}

}  // namespace teal
