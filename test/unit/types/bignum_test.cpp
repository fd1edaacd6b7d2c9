// bignum: text, the order-preserving stored form, conversions and arithmetic of BigInteger.
#include "types/bignum.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cfloat>
#include <random>

#include "teal/error.hpp"

namespace teal {
namespace {
BigInteger ParseOk(std::string_view text) {
  BigInteger value;
  EXPECT_TRUE(BigInteger::Parse(text, value)) << text;
  return value;
}

std::string Hex(const std::string& bytes) {
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02X}", c);
  return out;
}
}  // namespace

TEST(BignumTest, StoredFormIsDuckDbs) {
  EXPECT_EQ(Hex(ParseOk("0").ToStored()), "80000100");
  EXPECT_EQ(Hex(ParseOk("1").ToStored()), "80000101");
  EXPECT_EQ(Hex(ParseOk("256").ToStored()), "8000020100");
  EXPECT_EQ(Hex(ParseOk("-1").ToStored()), "7FFFFEFE");
  EXPECT_EQ(Hex(ParseOk("-256").ToStored()), "7FFFFDFEFF");
  EXPECT_EQ(Hex(BigInteger::FromUInt128(UINT64_MAX).ToStored()), "800008FFFFFFFFFFFFFFFF");
  EXPECT_EQ(Hex(BigInteger::FromInt128(INT64_MIN).ToStored()), "7FFFF77FFFFFFFFFFFFFFF");
}

TEST(BignumTest, StoredOrderIsNumericOrder) {
  std::vector<std::string> ordered = {"-340282366920938463463374607431768211457",
                                      "-65536",
                                      "-256",
                                      "-255",
                                      "-1",
                                      "0",
                                      "1",
                                      "127",
                                      "255",
                                      "256",
                                      "65535",
                                      "18446744073709551616",
                                      "340282366920938463463374607431768211457"};
  for (size_t i = 1; i < ordered.size(); i++) {
    EXPECT_LT(ParseOk(ordered[i - 1]).ToStored(), ParseOk(ordered[i]).ToStored()) << ordered[i];
  }
}

TEST(BignumTest, TextRoundTripsThroughTheStoredForm) {
  for (std::string_view text :
       {"0", "-1", "4294967295", "4294967296", "-18446744073709551616", "1000000000",
        "999999999999999999999999999999999999999999999999999999999999999999999999999",
        "-100000000000000000000000000000000000000000000000000000000000000000000000000"}) {
    EXPECT_EQ(BigInteger::FromStored(ParseOk(text).ToStored()).ToString(), text);
  }
}

TEST(BignumTest, ParseRoundsFractionsAndRejectsTheRest) {
  EXPECT_EQ(ParseOk("1.5").ToString(), "2");
  EXPECT_EQ(ParseOk("-1.5").ToString(), "-2");
  EXPECT_EQ(ParseOk("9.5").ToString(), "10");
  EXPECT_EQ(ParseOk("-0.4").ToString(), "0");
  EXPECT_EQ(ParseOk("-0").ToString(), "0");
  EXPECT_EQ(ParseOk("+0010.").ToString(), "10");
  EXPECT_EQ(ParseOk(".5").ToString(), "1");
  BigInteger value;
  for (std::string_view bad :
       {"", "-", "+", ".", "-.", "+-0", " 1", "1 ", "1e5", "1_000", "1000.0.0",
        "12\xC3\xA4"
        "34"}) {
    EXPECT_FALSE(BigInteger::Parse(bad, value)) << bad;
  }
}

TEST(BignumTest, AdditionCarriesAndCancelsExactly) {
  EXPECT_EQ((ParseOk("18446744073709551615") + ParseOk("1")).ToString(), "18446744073709551616");
  EXPECT_EQ((ParseOk("-18446744073709551616") + ParseOk("1")).ToString(), "-18446744073709551615");
  EXPECT_EQ((ParseOk("5") - ParseOk("5")).ToStored(), ParseOk("0").ToStored());  // no -0
  EXPECT_EQ((ParseOk("-5") + ParseOk("3")).ToString(), "-2");
  // Against 128-bit arithmetic on random operands.
  std::mt19937_64 random(7);
  for (int i = 0; i < 1000; i++) {
    const auto a = static_cast<int64_t>(random()), b = static_cast<int64_t>(random());
    const int128 sum = int128{a} + b, difference = int128{a} - b;
    int128 got = 0;
    ASSERT_TRUE((BigInteger::FromInt128(a) + BigInteger::FromInt128(b))
                    .ToInt128(-(int128{1} << 100), int128{1} << 100, got));
    EXPECT_EQ(got, sum);
    ASSERT_TRUE((BigInteger::FromInt128(a) - BigInteger::FromInt128(b))
                    .ToInt128(-(int128{1} << 100), int128{1} << 100, got));
    EXPECT_EQ(got, difference);
  }
}

TEST(BignumTest, IntegerConversionsCheckTheRange) {
  int128 out = 0;
  EXPECT_TRUE(ParseOk("-128").ToInt128(-128, 127, out));
  EXPECT_EQ(out, -128);
  EXPECT_FALSE(ParseOk("-129").ToInt128(-128, 127, out));
  EXPECT_FALSE(ParseOk("128").ToInt128(-128, 127, out));
  // 2^128 has bits past any 128-bit accumulator: not silently zero.
  EXPECT_FALSE(
      ParseOk("340282366920938463463374607431768211456").ToInt128(INT64_MIN, INT64_MAX, out));
  uint128 u = 0;
  EXPECT_FALSE(ParseOk("-1").ToUInt128(255, u));
  EXPECT_TRUE(ParseOk("255").ToUInt128(255, u));
  EXPECT_EQ(u, 255u);
}

TEST(BignumTest, DoubleConversionsTruncateInAndRoundOut) {
  EXPECT_EQ(BigInteger::FromDouble(100000.595).ToString(), "100000");
  EXPECT_EQ(BigInteger::FromDouble(-0.7).ToStored(), ParseOk("0").ToStored());
  EXPECT_EQ(BigInteger::FromDouble(-2.5).ToString(), "-2");
  EXPECT_EQ(BigInteger::FromDouble(3.4028234663852886e38).ToString(),
            "340282346638528859811704183484516925440");
  double d = 0;
  ASSERT_TRUE(BigInteger::FromDouble(DBL_MAX).ToDouble(d));
  EXPECT_EQ(d, DBL_MAX);
  ASSERT_TRUE(BigInteger::FromDouble(-DBL_MAX).ToDouble(d));
  EXPECT_EQ(d, -DBL_MAX);
  EXPECT_FALSE((BigInteger::FromDouble(DBL_MAX) + BigInteger::FromDouble(DBL_MAX)).ToDouble(d));
  // 2^64 + 1 rounds to 2^64; 2^64 + 2048 (halfway) to even, 2^64; 2^64 + 2049 up.
  ASSERT_TRUE(ParseOk("18446744073709551617").ToDouble(d));
  EXPECT_EQ(d, 18446744073709551616.0);
  ASSERT_TRUE(ParseOk("18446744073709553664").ToDouble(d));
  EXPECT_EQ(d, 18446744073709551616.0);
  ASSERT_TRUE(ParseOk("18446744073709553665").ToDouble(d));
  EXPECT_EQ(d, 18446744073709555712.0);
}

TEST(BignumTest, ValuesPastTheSizeLimitAreAnOverflowError) {
  EXPECT_EQ(BigInteger::FromDouble(DBL_MAX).MagnitudeBytes(), 128u);
  // The largest BIGNUM: every magnitude byte 0xFF. One more needs another byte.
  std::string largest(3 + kMaxBignumBytes, '\xFF');
  const BigInteger max = BigInteger::FromStored(largest);
  EXPECT_EQ(max.ToStored(), largest);
  BigInteger one;
  ASSERT_TRUE(BigInteger::Parse("1", one));
  EXPECT_THROW((void)(max + one).ToStored(), OutOfRangeError);
  EXPECT_THROW((void)(-max - one).ToStored(), OutOfRangeError);
}

}  // namespace teal
