// TimestampSeries: range() / generate_series() over timestamps — progressions for steps
// without months, listed values (the step added again and again) for the others.
#include "types/timestamp_series.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "types/interval.hpp"
#include "types/timestamp.hpp"

namespace teal {

namespace {
int64_t Ts(std::string_view text) {
  timestamp_t ts;
  EXPECT_TRUE(Timestamp::TryParse(text, ts)) << text;
  return ts.value;
}
}  // namespace

TEST(TimestampSeriesTest, StepWithoutMonthsIsAProgression) {
  TimestampSeries::Linear linear;
  ASSERT_TRUE(TimestampSeries::TryLinear("range", Ts("2020-01-01"), Ts("2020-01-02"),
                                         Interval::Parse("6 hours"), false, linear));
  EXPECT_EQ(linear.start, Ts("2020-01-01"));
  EXPECT_EQ(linear.step, 6 * int64_t{3600000000});
  EXPECT_EQ(linear.count, 4u);
  ASSERT_TRUE(TimestampSeries::TryLinear("generate_series", Ts("2020-01-01"), Ts("2020-01-02"),
                                         Interval::Parse("6 hours"), true, linear));
  EXPECT_EQ(linear.count, 5u);
  // Downwards; and the wrong direction gives nothing.
  ASSERT_TRUE(TimestampSeries::TryLinear("range", Ts("2020-01-02"), Ts("2020-01-01"),
                                         Interval::Parse("-1 day"), true, linear));
  EXPECT_EQ(linear.count, 2u);
  ASSERT_TRUE(TimestampSeries::TryLinear("range", Ts("2020-01-01"), Ts("2020-01-02"),
                                         Interval::Parse("-1 day"), true, linear));
  EXPECT_EQ(linear.count, 0u);
  // A step longer than int64 microseconds: the start alone.
  ASSERT_TRUE(TimestampSeries::TryLinear("range", Ts("2020-01-01"), Ts("2020-01-02"),
                                         interval_t{0, 2000000000, 0}, false, linear));
  EXPECT_EQ(linear.count, 1u);
  // The widest span: from the first finite timestamp to the last, in one step.
  ASSERT_TRUE(TimestampSeries::TryLinear("generate_series", Timestamp::kMinValue,
                                         Timestamp::kMaxValue, interval_t{0, 0, INT64_MAX}, true,
                                         linear));
  EXPECT_EQ(linear.count, 2u);
}

TEST(TimestampSeriesTest, StepWithMonthsIsAddedAgainAndAgain) {
  TimestampSeries::Linear linear;
  const interval_t month = Interval::Parse("1 month");
  EXPECT_FALSE(TimestampSeries::TryLinear("range", Ts("2020-01-31"), Ts("2020-05-31"), month, false,
                                          linear));
  const auto values =
      TimestampSeries::List("range", Ts("2020-01-31"), Ts("2020-05-31"), month, false, 100);
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[1], Ts("2020-02-29"));
  EXPECT_EQ(values[4], Ts("2020-05-29"));  // not the 31st: the day stays at 29
  // The series ends where a value would leave the timestamp range, not with an error.
  const auto last = TimestampSeries::List("range", Timestamp::kMaxValue - 1, Timestamp::kMaxValue,
                                          Interval::Parse("1 month"), true, 100);
  EXPECT_EQ(last.size(), 1u);
  // A limit: an error, not a truncated series.
  EXPECT_THROW(TimestampSeries::List("range", Ts("2000-01-01"), Ts("2100-01-01"), month, false, 12),
               InvalidInputError);
}

TEST(TimestampSeriesTest, BadArgumentsAreErrors) {
  TimestampSeries::Linear linear;
  EXPECT_THROW(TimestampSeries::TryLinear("range", Ts("2020-01-01"), Ts("2020-01-02"),
                                          interval_t{0, 0, 0}, false, linear),
               InvalidInputError);
  // '1 month -30 days' is zero as an interval compares.
  EXPECT_THROW(TimestampSeries::List("range", Ts("2020-01-01"), Ts("2020-01-02"),
                                     interval_t{1, -30, 0}, false, 10),
               InvalidInputError);
  EXPECT_THROW(TimestampSeries::TryLinear("range", Ts("2020-01-01"), timestamp_t::kInfinity,
                                          Interval::Parse("1 day"), false, linear),
               InvalidInputError);
}

}  // namespace teal
