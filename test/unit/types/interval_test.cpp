// INTERVAL: parsing, rendering, ordering, normalisation, arithmetic.
#include "types/interval.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "teal/value.hpp"
#include "types/timestamp.hpp"

namespace teal {

namespace {
constexpr int64_t kHour = 3600000000;
constexpr int64_t kDay = 24 * kHour;

interval_t MustParse(std::string_view text) {
  interval_t v{-7, -7, -7};
  std::string reason;
  EXPECT_TRUE(Interval::TryParse(text, v, &reason)) << text << ": " << reason;
  return v;
}
std::string ParseError(std::string_view text) {
  interval_t v{-7, -7, -7};
  std::string reason;
  EXPECT_FALSE(Interval::TryParse(text, v, &reason)) << text;
  EXPECT_EQ(v, (interval_t{-7, -7, -7}));
  return reason;
}
}  // namespace

TEST(IntervalTest, RendersLikeDuckDb) {
  EXPECT_EQ(Interval::ToString({14, 3, 4 * kHour + 5 * 60000000 + 6789000}),
            "1 year 2 months 3 days 04:05:06.789");
  EXPECT_EQ(Interval::ToString({0, 0, 0}), "00:00:00");
  EXPECT_EQ(Interval::ToString({0, -1, 0}), "-1 day");
  EXPECT_EQ(Interval::ToString({0, 1, -kHour}), "1 day -01:00:00");
  EXPECT_EQ(Interval::ToString({1, 0, 0}), "1 month");
  EXPECT_EQ(Interval::ToString({12, 0, 0}), "1 year");
  EXPECT_EQ(Interval::ToString({-14, 0, 0}), "-1 year -2 months");
  EXPECT_EQ(Interval::ToString({0, 0, 36 * kHour}), "36:00:00");
  EXPECT_EQ(Interval::ToString({0, 0, 1}), "00:00:00.000001");
}

TEST(IntervalTest, ExtremeFieldsRender) {
  EXPECT_EQ(Interval::ToString({0, 0, std::numeric_limits<int64_t>::min()}),
            "-2562047788:00:54.775808");
  EXPECT_EQ(Interval::ToString({std::numeric_limits<int32_t>::max(), 0, 0}),
            "178956970 years 7 months");
}

TEST(IntervalTest, ParsesUnitWords) {
  EXPECT_EQ(MustParse("1 day"), (interval_t{0, 1, 0}));
  EXPECT_EQ(MustParse("2 hours 30 minutes"), (interval_t{0, 0, 2 * kHour + 30 * 60000000}));
  EXPECT_EQ(MustParse("1 year 2 mons"), (interval_t{14, 0, 0}));
  EXPECT_EQ(MustParse("-3 days"), (interval_t{0, -3, 0}));
  EXPECT_EQ(MustParse("2 weeks"), (interval_t{0, 14, 0}));
  EXPECT_EQ(MustParse("1 decade 1 century"), (interval_t{1320, 0, 0}));
  EXPECT_EQ(MustParse("5 ms 7 us"), (interval_t{0, 0, 5007}));
  EXPECT_EQ(MustParse("3 MILLISECONDS 1 microsecond"), (interval_t{0, 0, 3001}));
  EXPECT_EQ(MustParse("10 secs 1 min"), (interval_t{0, 0, 70000000}));
  EXPECT_EQ(MustParse("2h30m"), (interval_t{0, 0, 2 * kHour + 30 * 60000000}));
  EXPECT_EQ(MustParse("@ 1 day ago"), (interval_t{0, -1, 0}));
}

TEST(IntervalTest, ParsesClockParts) {
  EXPECT_EQ(MustParse("1:02:03"), (interval_t{0, 0, 3723000000}));
  EXPECT_EQ(MustParse("1 day 02:03:04.5"), (interval_t{0, 1, 7384500000}));
  EXPECT_EQ(MustParse("1 day -01:00:00"), (interval_t{0, 1, -kHour}));
  EXPECT_EQ(MustParse("100:00"), (interval_t{0, 0, 100 * kHour}));
}

TEST(IntervalTest, FractionsSpillIntoSmallerFields) {
  EXPECT_EQ(MustParse("1.5 days"), (interval_t{0, 1, 12 * kHour}));
  EXPECT_EQ(MustParse("1.5 years"), (interval_t{18, 0, 0}));
  EXPECT_EQ(MustParse("0.5 months"), (interval_t{0, 15, 0}));
  EXPECT_EQ(MustParse("-1.5 hours"), (interval_t{0, 0, -90 * 60000000LL}));
  EXPECT_EQ(MustParse("1.5 weeks"), (interval_t{0, 10, 12 * kHour}));
  EXPECT_EQ(MustParse("0.000001 seconds"), (interval_t{0, 0, 1}));
}

// PostgreSQL's rule: a fraction of a year-sized unit becomes whole months, rounded half to
// even; it never spills into days.
TEST(IntervalTest, YearFractionsRoundToMonths) {
  EXPECT_EQ(MustParse("1.3 years"), (interval_t{16, 0, 0}));   // 15.6 months
  EXPECT_EQ(MustParse("0.125 years"), (interval_t{2, 0, 0}));  // 1.5 -> 2
  EXPECT_EQ(MustParse("0.375 years"), (interval_t{4, 0, 0}));  // 4.5 -> 4
  EXPECT_EQ(MustParse("-1.3 years"), (interval_t{-16, 0, 0}));
  EXPECT_EQ(MustParse("0.00005 millennium"), (interval_t{1, 0, 0}));  // 0.6 months
  EXPECT_EQ(MustParse("0.00004 millennium"), (interval_t{0, 0, 0}));  // 0.48 months
  EXPECT_EQ(MustParse("1.5 decades 2.5 days"), (interval_t{180, 2, 12 * kHour}));
  EXPECT_EQ(MustParse("P1.3Y"), (interval_t{16, 0, 0}));
}

// Below a microsecond the parts are summed, then rounded half to even once.
TEST(IntervalTest, SubMicrosecondFractionsRound) {
  EXPECT_EQ(MustParse("0.0000000004 day"), (interval_t{0, 0, 35}));  // 34.56 us
  EXPECT_EQ(MustParse("0.0000000005 hour"), (interval_t{0, 0, 2}));  // 1.8 us
  EXPECT_EQ(MustParse("0.5 us"), (interval_t{0, 0, 0}));
  EXPECT_EQ(MustParse("1.5 us"), (interval_t{0, 0, 2}));
  EXPECT_EQ(MustParse("-1.5 us"), (interval_t{0, 0, -2}));
  EXPECT_EQ(MustParse("0.4 us 0.4 us"), (interval_t{0, 0, 1}));  // 0.8 us together
  EXPECT_EQ(MustParse("0.0000012345678901234567890 seconds"), (interval_t{0, 0, 1}));
}

TEST(IntervalTest, ParsesIso8601) {
  EXPECT_EQ(MustParse("P1Y2M3DT4H5M6S"), (interval_t{14, 3, 4 * kHour + 306000000}));
  EXPECT_EQ(MustParse("PT0.5S"), (interval_t{0, 0, 500000}));
  EXPECT_EQ(MustParse("P2W"), (interval_t{0, 14, 0}));
  EXPECT_EQ(MustParse("P-1D"), (interval_t{0, -1, 0}));
  EXPECT_EQ(MustParse("PT36H"), (interval_t{0, 0, 36 * kHour}));
}

TEST(IntervalTest, MalformedTextIsRejectedWithAReason) {
  EXPECT_EQ(ParseError(""), "empty interval");
  EXPECT_EQ(ParseError("  "), "empty interval");
  EXPECT_EQ(ParseError("5"), "missing unit after \"5\"");
  EXPECT_EQ(ParseError("1 fortnight"), "unknown interval unit \"fortnight\"");
  EXPECT_EQ(ParseError("1 day!"), "unexpected text \"!\" in the interval");
  EXPECT_EQ(ParseError("day"), "expected a number at \"day\"");
  EXPECT_EQ(ParseError("1:60"), "minutes and seconds of a time must be below 60");
  EXPECT_EQ(ParseError("P"), "ISO 8601 interval without components");
  EXPECT_EQ(ParseError("P1H"), "ISO 8601 interval components must be nY nM nW nD T nH nM nS");
  EXPECT_EQ(ParseError("ago"), "expected a number at \"ago\"");
  EXPECT_EQ(ParseError("1 day ago 2 days"), "\"ago\" must end the interval");
}

TEST(IntervalTest, OverflowIsAnErrorNotAWrap) {
  EXPECT_EQ(ParseError("2147483648 days"), "interval out of range");
  EXPECT_EQ(ParseError("178956971 years"), "interval out of range");
  EXPECT_EQ(ParseError("9999999999999999999 us"), "interval out of range");
  EXPECT_EQ(MustParse("2147483647 days"), (interval_t{0, 2147483647, 0}));
  EXPECT_EQ(MustParse("-2147483648 days"), (interval_t{0, -2147483647 - 1, 0}));
}

TEST(IntervalTest, TextRoundTripsForManyValues) {
  for (int32_t months : {0, 1, -1, 11, 13, -25, 1200}) {
    for (int32_t days : {0, 1, -1, 29, -400}) {
      for (int64_t micros :
           {int64_t{0}, int64_t{1}, -kHour, 25 * kHour + 123456, int64_t{-999999}}) {
        interval_t v{months, days, micros};
        std::string text = Interval::ToString(v);
        ASSERT_EQ(MustParse(text), v) << text;
      }
    }
  }
}

TEST(IntervalTest, ComparesByNormalisedLength) {
  EXPECT_TRUE(Interval::Equals({1, 0, 0}, {0, 30, 0}));
  EXPECT_TRUE(Interval::Equals({0, 1, 0}, {0, 0, kDay}));
  EXPECT_TRUE(Interval::Equals({1, -1, 0}, {0, 29, 0}));
  EXPECT_EQ(Interval::Compare({0, 31, 0}, {1, 0, 0}), std::strong_ordering::greater);
  EXPECT_EQ(Interval::Compare({0, 0, -1}, {0, 0, 0}), std::strong_ordering::less);
  EXPECT_EQ(Interval::Compare({0, 1, -1}, {0, 0, kDay}), std::strong_ordering::less);
}

TEST(IntervalTest, NormalisingGivesEqualIntervalsOneForm) {
  interval_t a, b;
  ASSERT_TRUE(Interval::TryNormalize({1, -1, 0}, a));
  ASSERT_TRUE(Interval::TryNormalize({0, 29, 0}, b));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, (interval_t{0, 29, 0}));
  ASSERT_TRUE(Interval::TryNormalize({0, 0, 49 * kHour}, a));
  EXPECT_EQ(a, (interval_t{0, 2, kHour}));
  ASSERT_TRUE(Interval::TryNormalize({0, -31, -kHour}, a));
  EXPECT_EQ(a, (interval_t{-1, -1, -kHour}));
  EXPECT_FALSE(Interval::TryNormalize({std::numeric_limits<int32_t>::max(), 30, 0}, a));
}

TEST(IntervalTest, FieldArithmeticDetectsOverflow) {
  interval_t r;
  ASSERT_TRUE(Interval::TryAdd({1, 2, 3}, {4, 5, 6}, r));
  EXPECT_EQ(r, (interval_t{5, 7, 9}));
  EXPECT_FALSE(Interval::TryAdd({std::numeric_limits<int32_t>::max(), 0, 0}, {1, 0, 0}, r));
  ASSERT_TRUE(Interval::TrySubtract({1, 2, 3}, {4, 5, 6}, r));
  EXPECT_EQ(r, (interval_t{-3, -3, -3}));
  EXPECT_FALSE(Interval::TryNegate({0, 0, std::numeric_limits<int64_t>::min()}, r));
  ASSERT_TRUE(Interval::TryNegate({1, -2, 3}, r));
  EXPECT_EQ(r, (interval_t{-1, 2, -3}));
}

TEST(IntervalTest, AddingToATimestampAppliesMonthsThenDaysThenMicros) {
  timestamp_t jan31 = Timestamp::Parse<timestamp_t>("2024-01-31 10:00:00");
  timestamp_t r;
  ASSERT_TRUE(Interval::TryAddTo(jan31, {1, 1, kHour}, r));
  EXPECT_EQ(Timestamp::ToString(r), "2024-03-01 11:00:00");
  ASSERT_TRUE(Interval::TryAddTo(jan31, {0, 0, -11 * kHour}, r));
  EXPECT_EQ(Timestamp::ToString(r), "2024-01-30 23:00:00");
  ASSERT_TRUE(Interval::TryAddTo(timestamp_t::Infinity(), {1, 1, 1}, r));
  EXPECT_EQ(r, timestamp_t::Infinity());
  EXPECT_FALSE(Interval::TryAddTo(timestamp_t{Timestamp::kMaxValue}, {0, 0, 1}, r));
  ASSERT_TRUE(Interval::TryAddTo(Date::FromCivil(2024, 2, 29), {12, 0, 0}, r));
  EXPECT_EQ(Timestamp::ToString(r), "2025-02-28 00:00:00");
}

TEST(IntervalTest, TimestampDifferenceIsDaysAndMicros) {
  interval_t r;
  ASSERT_TRUE(Interval::TryBetween(Timestamp::Parse<timestamp_t>("2024-03-01 01:00"),
                                   Timestamp::Parse<timestamp_t>("2024-02-28"), r));
  EXPECT_EQ(Interval::ToString(r), "2 days 01:00:00");
  ASSERT_TRUE(Interval::TryBetween(timestamp_t{0}, timestamp_t{kDay + 1}, r));
  EXPECT_EQ(r, (interval_t{0, -1, -1}));
  EXPECT_FALSE(Interval::TryBetween(timestamp_t::Infinity(), timestamp_t{0}, r));
}

TEST(IntervalTest, AddingToATimeWrapsAndIgnoresMonths) {
  EXPECT_EQ(Interval::AddTo(dtime_t{23 * kHour}, {5, 3, 2 * kHour}).micros, kHour);
}

TEST(IntervalTest, ValueToStringRendersIntervals) {
  EXPECT_EQ(Value::Interval({14, 3, 4 * kHour}).ToString(), "1 year 2 months 3 days 04:00:00");
  EXPECT_EQ(Value::Interval({0, 0, 0}).ToString(), "00:00:00");
}

TEST(IntervalTest, MultiplyCascadesFractionsAsPostgres) {
  interval_t r;
  ASSERT_TRUE(Interval::TryMultiply(Interval::Parse("1 month"), 1.5, r));
  EXPECT_EQ(Interval::ToString(r), "1 month 15 days");
  ASSERT_TRUE(Interval::TryMultiply(Interval::Parse("9 mons -27 days 12:34:56"), 0.3, r));
  EXPECT_EQ(Interval::ToString(r), "2 months 13 days 01:22:28.8");
  ASSERT_TRUE(Interval::TryDivide(Interval::Parse("1 month"), 3, r));
  EXPECT_EQ(Interval::ToString(r), "10 days");
}

TEST(IntervalTest, MultiplyRefusesOverflowAndNonFiniteFactors) {
  interval_t r;
  EXPECT_FALSE(Interval::TryMultiply(Interval::Parse("1000000 years"), 1e6, r));
  EXPECT_FALSE(
      Interval::TryMultiply(Interval::Parse("1 day"), std::numeric_limits<double>::infinity(), r));
  EXPECT_FALSE(Interval::TryMultiply(Interval::Parse("1 day"), std::nan(""), r));
  EXPECT_FALSE(Interval::TryDivide(Interval::Parse("1 day"), 0, r));
}

}  // namespace teal
