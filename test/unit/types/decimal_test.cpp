// decimal: parsing with rounding, formatting with the scale, rescaling.
#include "types/decimal.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace teal {
namespace {
int128 Parse(std::string_view text, uint8_t width, uint8_t scale) {
  int128 v = -12345;
  EXPECT_EQ(ParseDecimal(text, width, scale, v), NumberParse::kOk) << text;
  return v;
}
}  // namespace

TEST(DecimalTest, PowersOfTenReachTenToThe38) {
  EXPECT_EQ(kPowersOfTen[0], 1);
  EXPECT_EQ(kPowersOfTen[18], int128(1000000000000000000LL));
  EXPECT_EQ(Int128ToString(kPowersOfTen[38]), "1" + std::string(38, '0'));
}

TEST(DecimalTest, ParsePadsMissingFractionalDigits) {
  EXPECT_EQ(Parse("1.5", 5, 2), 150);
  EXPECT_EQ(Parse("12", 5, 2), 1200);
  EXPECT_EQ(Parse(".5", 5, 2), 50);
  EXPECT_EQ(Parse("-0.5", 5, 2), -50);
  EXPECT_EQ(Parse("  +3.  ", 5, 2), 300);
}

TEST(DecimalTest, ParseRoundsExtraDigitsHalfAwayFromZero) {
  EXPECT_EQ(Parse("1.125", 5, 2), 113);
  EXPECT_EQ(Parse("1.124999", 5, 2), 112);
  EXPECT_EQ(Parse("-1.125", 5, 2), -113);
  EXPECT_EQ(Parse("0.004", 5, 2), 0);
  EXPECT_EQ(Parse("2.5", 4, 0), 3);
}

TEST(DecimalTest, ParseAppliesTheExponent) {
  EXPECT_EQ(Parse("1.5e2", 9, 2), 15000);
  EXPECT_EQ(Parse("15E-1", 9, 1), 15);
  EXPECT_EQ(Parse("1e-5", 9, 2), 0);
  EXPECT_EQ(Parse("0e32767", 9, 2), 0);
  EXPECT_EQ(Parse("5e-32768", 9, 2), 0);
  // The exponent is a 16-bit number (DuckDB's reading): beyond it the text is no number.
  int128 v;
  EXPECT_EQ(ParseDecimal("0e999999999", 9, 2, v), NumberParse::kInvalid);
  EXPECT_EQ(ParseDecimal("1e-32769", 9, 2, v), NumberParse::kInvalid);
}

TEST(DecimalTest, ParseRejectsValuesWiderThanTheWidth) {
  int128 v;
  EXPECT_EQ(ParseDecimal("1000", 5, 2, v), NumberParse::kOutOfRange);
  EXPECT_EQ(ParseDecimal("999.99", 5, 2, v), NumberParse::kOk);
  EXPECT_EQ(ParseDecimal("999.995", 5, 2, v), NumberParse::kOutOfRange);  // rounds up to 1000.00
  EXPECT_EQ(ParseDecimal("1e40", 38, 0, v), NumberParse::kOutOfRange);
}

TEST(DecimalTest, ParseRejectsMalformedText) {
  int128 v;
  for (std::string_view bad : {"", ".", "-", "1..2", "1e", "e5", "1.2.3", "abc", "1 2", "--1"}) {
    EXPECT_EQ(ParseDecimal(bad, 10, 2, v), NumberParse::kInvalid) << bad;
  }
}

TEST(DecimalTest, FormatWritesExactlyScaleFractionalDigits) {
  EXPECT_EQ(DecimalToString(150, 2), "1.50");
  EXPECT_EQ(DecimalToString(-50, 2), "-0.50");
  EXPECT_EQ(DecimalToString(12, 0), "12");
  EXPECT_EQ(DecimalToString(5, 3), "0.005");
  EXPECT_EQ(DecimalToString(0, 2), "0.00");
}

TEST(DecimalTest, FormatHandlesThirtyEightDigits) {
  int128 max = kPowersOfTen[38] - 1;
  EXPECT_EQ(DecimalToString(max, 38), "0." + std::string(38, '9'));
  EXPECT_EQ(DecimalToString(-max, 0), "-" + std::string(38, '9'));
}

TEST(DecimalTest, RescaleRoundsHalfAwayFromZeroAndChecksTheWidth) {
  int128 out;
  EXPECT_TRUE(TryRescaleDecimal(125, 2, 1, 5, out));
  EXPECT_EQ(out, 13);
  EXPECT_TRUE(TryRescaleDecimal(-125, 2, 1, 5, out));
  EXPECT_EQ(out, -13);
  EXPECT_TRUE(TryRescaleDecimal(15, 1, 3, 5, out));
  EXPECT_EQ(out, 1500);
  EXPECT_FALSE(TryRescaleDecimal(999, 0, 2, 4, out));
  EXPECT_FALSE(TryRescaleDecimal(kPowersOfTen[37], 0, 10, 38, out));  // multiply overflows
}

TEST(DecimalTest, DoubleToDecimalUsesThePrintedValue) {
  int128 out;
  EXPECT_TRUE(TryDoubleToDecimal(1.005, 5, 2, out));
  EXPECT_EQ(out, 101);
  EXPECT_TRUE(TryFloatToDecimal(0.1f, 5, 3, out));
  EXPECT_EQ(out, 100);
  EXPECT_TRUE(TryDoubleToDecimal(1e20, 21, 0, out));
  EXPECT_EQ(Int128ToString(out), "100000000000000000000");
  EXPECT_FALSE(TryDoubleToDecimal(1e20, 20, 0, out));
  EXPECT_FALSE(TryDoubleToDecimal(std::numeric_limits<double>::quiet_NaN(), 5, 2, out));
  EXPECT_FALSE(TryDoubleToDecimal(std::numeric_limits<double>::infinity(), 38, 0, out));
}

TEST(DecimalTest, DecimalToDoubleDividesByTheScale) {
  EXPECT_EQ(DecimalToDouble(150, 2), 1.5);
  EXPECT_EQ(DecimalToDouble(-1, 1), -0.1);
}

}  // namespace teal
