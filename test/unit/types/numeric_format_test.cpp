// numeric_format: integer, FLOAT/DOUBLE and BOOLEAN text both ways.
#include "types/numeric_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace teal {
namespace {
template <typename N>
NumberParse ParseAs(std::string_view text, N& out) {
  return ParseInteger<N>(text, out);
}
}  // namespace

TEST(NumericFormatTest, IntegersFormatAsPlainDigits) {
  EXPECT_EQ(IntegerToString(int8_t{-128}), "-128");
  EXPECT_EQ(IntegerToString(uint64_t{UINT64_MAX}), "18446744073709551615");
  EXPECT_EQ(IntegerToString(std::numeric_limits<int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(IntegerToString(int32_t{0}), "0");
}

TEST(NumericFormatTest, IntegerParseAllowsWhitespaceAndPlus) {
  int32_t v;
  ASSERT_EQ(ParseAs(" \t+42\n", v), NumberParse::kOk);
  EXPECT_EQ(v, 42);
  ASSERT_EQ(ParseAs("-7", v), NumberParse::kOk);
  EXPECT_EQ(v, -7);
}

TEST(NumericFormatTest, IntegerParseRoundsAFractionHalfAwayFromZero) {
  int32_t v;
  ASSERT_EQ(ParseAs("1.5", v), NumberParse::kOk);
  EXPECT_EQ(v, 2);
  ASSERT_EQ(ParseAs("-2.5", v), NumberParse::kOk);
  EXPECT_EQ(v, -3);
  ASSERT_EQ(ParseAs("1.49", v), NumberParse::kOk);
  EXPECT_EQ(v, 1);
}

TEST(NumericFormatTest, IntegerParseAcceptsAnExponent) {
  int64_t v;
  ASSERT_EQ(ParseAs("1e3", v), NumberParse::kOk);
  EXPECT_EQ(v, 1000);
  ASSERT_EQ(ParseAs("2.5E+2", v), NumberParse::kOk);
  EXPECT_EQ(v, 250);
}

TEST(NumericFormatTest, IntegerParseChecksTheTargetRange) {
  int8_t i8;
  EXPECT_EQ(ParseAs("127", i8), NumberParse::kOk);
  EXPECT_EQ(ParseAs("128", i8), NumberParse::kOutOfRange);
  EXPECT_EQ(ParseAs("-129", i8), NumberParse::kOutOfRange);
  EXPECT_EQ(ParseAs("127.5", i8), NumberParse::kOutOfRange);
  uint16_t u16;
  EXPECT_EQ(ParseAs("-1", u16), NumberParse::kOutOfRange);
  ASSERT_EQ(ParseAs("-0", u16), NumberParse::kOk);
  EXPECT_EQ(u16, 0);
  int64_t i64;
  ASSERT_EQ(ParseAs("-9223372036854775808", i64), NumberParse::kOk);
  EXPECT_EQ(i64, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(ParseAs("9223372036854775808", i64), NumberParse::kOutOfRange);
}

TEST(NumericFormatTest, IntegerParseRejectsGarbage) {
  int32_t v;
  for (std::string_view bad : {"", " ", "abc", "1a", "0x", "0x1g", "0b2", "0o8", "0x_1", "0x1_",
                               "0x1__2", "1 2", "+-1", "1e", "."}) {
    EXPECT_EQ(ParseAs(bad, v), NumberParse::kInvalid) << bad;
  }
}

TEST(NumericFormatTest, IntegerParseReadsHexOctalAndBinary) {
  int32_t v = 0;
  EXPECT_EQ(ParseAs("0x10", v), NumberParse::kOk);
  EXPECT_EQ(v, 16);
  EXPECT_EQ(ParseAs(" -0X7fff_FFFF ", v), NumberParse::kOk);
  EXPECT_EQ(v, -2147483647);
  EXPECT_EQ(ParseAs("-0x8000_0000", v), NumberParse::kOk);
  EXPECT_EQ(v, INT32_MIN);
  EXPECT_EQ(ParseAs("0x8000_0000", v), NumberParse::kOutOfRange);
  EXPECT_EQ(ParseAs("+0o777", v), NumberParse::kOk);
  EXPECT_EQ(v, 511);
  EXPECT_EQ(ParseAs("0B1010", v), NumberParse::kOk);
  EXPECT_EQ(v, 10);
  uint8_t u = 0;
  EXPECT_EQ(ParseAs("-0x0", u), NumberParse::kOk);
  EXPECT_EQ(ParseAs("-0x1", u), NumberParse::kOutOfRange);
}

TEST(NumericFormatTest, IntegralDoublesGetPointZero) {
  EXPECT_EQ(DoubleToString(1.0), "1.0");
  EXPECT_EQ(DoubleToString(100.0), "100.0");
  EXPECT_EQ(DoubleToString(-0.0), "-0.0");
  EXPECT_EQ(DoubleToString(1e15), "1000000000000000.0");
}

TEST(NumericFormatTest, DoublesUseShortestRoundTripDigits) {
  EXPECT_EQ(DoubleToString(0.1), "0.1");
  EXPECT_EQ(DoubleToString(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(DoubleToString(-2.5), "-2.5");
  EXPECT_EQ(FloatToString(0.1f), "0.1");
  EXPECT_EQ(FloatToString(3.0f), "3.0");
}

TEST(NumericFormatTest, LargeAndSmallDoublesUseTheExponentForm) {
  EXPECT_EQ(DoubleToString(1e20), "1e+20");
  EXPECT_EQ(DoubleToString(1.5e-7), "1.5e-07");
  EXPECT_EQ(DoubleToString(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
}

TEST(NumericFormatTest, SpecialDoublesRenderAsInfAndNan) {
  EXPECT_EQ(DoubleToString(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(DoubleToString(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(DoubleToString(-std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(FloatToString(std::numeric_limits<float>::infinity()), "inf");
}

TEST(NumericFormatTest, DoubleParseAcceptsSpecialsInAnyCase) {
  double v;
  ASSERT_EQ(ParseDouble(" Infinity ", v), NumberParse::kOk);
  EXPECT_TRUE(std::isinf(v) && v > 0);
  ASSERT_EQ(ParseDouble("-INF", v), NumberParse::kOk);
  EXPECT_TRUE(std::isinf(v) && v < 0);
  ASSERT_EQ(ParseDouble("NaN", v), NumberParse::kOk);
  EXPECT_TRUE(std::isnan(v));
  EXPECT_EQ(ParseDouble("nan(1)", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseDouble("infinit", v), NumberParse::kInvalid);
}

TEST(NumericFormatTest, DoubleParseReadsDecimalAndExponentText) {
  double v;
  ASSERT_EQ(ParseDouble("+1.5e3", v), NumberParse::kOk);
  EXPECT_EQ(v, 1500.0);
  ASSERT_EQ(ParseDouble(".25", v), NumberParse::kOk);
  EXPECT_EQ(v, 0.25);
  EXPECT_EQ(ParseDouble("1.5x", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseDouble("", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseDouble("+-1", v), NumberParse::kInvalid);
  EXPECT_EQ(ParseDouble("0x1p3", v), NumberParse::kInvalid);
}

TEST(NumericFormatTest, DoubleParseOverflowIsOutOfRangeAndUnderflowIsZero) {
  double v;
  EXPECT_EQ(ParseDouble("1e400", v), NumberParse::kOutOfRange);
  ASSERT_EQ(ParseDouble("1e-400", v), NumberParse::kOk);
  EXPECT_EQ(v, 0.0);
  float f;
  EXPECT_EQ(ParseFloat("1e39", f), NumberParse::kOutOfRange);
}

TEST(NumericFormatTest, DoubleTextRoundTrips) {
  for (double d : {0.1, 123.456, -1e-300, 6.02214076e23, 5e-324, 1.7976931348623157e308}) {
    double back;
    ASSERT_EQ(ParseDouble(DoubleToString(d), back), NumberParse::kOk);
    EXPECT_EQ(back, d);
  }
}

TEST(NumericFormatTest, BooleanParseAcceptsTheUsualWords) {
  bool b;
  for (std::string_view yes : {"true", "T", " yes ", "on", "1", "TRUE", "y"}) {
    ASSERT_TRUE(ParseBoolean(yes, b)) << yes;
    EXPECT_TRUE(b) << yes;
  }
  for (std::string_view no : {"false", "f", "No", "OFF", "0", "n"}) {
    ASSERT_TRUE(ParseBoolean(no, b)) << no;
    EXPECT_FALSE(b) << no;
  }
  EXPECT_FALSE(ParseBoolean("2", b));
  EXPECT_FALSE(ParseBoolean("", b));
  EXPECT_FALSE(ParseBoolean("truee", b));
}

}  // namespace teal
