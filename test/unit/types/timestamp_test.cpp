// TIMESTAMP, TIMESTAMP_S/_MS/_NS, TIMESTAMPTZ: parsing, rendering, units, composition.
#include "types/timestamp.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "teal/value.hpp"

namespace teal {

namespace {
template <typename T = timestamp_t>
int64_t ParseValue(std::string_view text) {
  T ts{-5};
  std::string reason;
  EXPECT_TRUE(Timestamp::TryParse(text, ts, &reason)) << text << ": " << reason;
  return ts.value;
}
template <typename T = timestamp_t>
std::string ParseError(std::string_view text) {
  T ts{-5};
  std::string reason;
  EXPECT_FALSE(Timestamp::TryParse(text, ts, &reason)) << text;
  EXPECT_EQ(ts.value, -5);
  return reason;
}
constexpr int64_t kNsMax = 9223372036854775806;  // INT64_MAX - 1
}  // namespace

TEST(TimestampTest, RendersWithTrimmedFraction) {
  EXPECT_EQ(Timestamp::ToString(timestamp_t{0}), "1970-01-01 00:00:00");
  EXPECT_EQ(Timestamp::ToString(timestamp_t{1709214300123456}), "2024-02-29 13:45:00.123456");
  EXPECT_EQ(Timestamp::ToString(timestamp_t{1709214300500000}), "2024-02-29 13:45:00.5");
  EXPECT_EQ(Timestamp::ToString(timestamp_t{1709214300000000}), "2024-02-29 13:45:00");
}

TEST(TimestampTest, InstantsBefore1970HaveANonNegativeTimeOfDay) {
  EXPECT_EQ(Timestamp::ToString(timestamp_t{-1}), "1969-12-31 23:59:59.999999");
  EXPECT_EQ(ParseValue("1969-12-31 23:59:59.999999"), -1);
  EXPECT_EQ(Timestamp::ToString(timestamp_sec_t{-1}), "1969-12-31 23:59:59");
  EXPECT_EQ(Timestamp::ToString(timestamp_ns_t{-1}), "1969-12-31 23:59:59.999999999");
}

TEST(TimestampTest, EachUnitRendersItsOwnPrecision) {
  EXPECT_EQ(Timestamp::ToString(timestamp_sec_t{1709214300}), "2024-02-29 13:45:00");
  EXPECT_EQ(Timestamp::ToString(timestamp_ms_t{1709214300120}), "2024-02-29 13:45:00.12");
  EXPECT_EQ(Timestamp::ToString(timestamp_ns_t{1709214300123456789}),
            "2024-02-29 13:45:00.123456789");
  EXPECT_EQ(Timestamp::ToString(timestamp_tz_t{1709214300000000}), "2024-02-29 13:45:00+00");
}

TEST(TimestampTest, ParsesDateTimeSeparatorsAndBareDates) {
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00.123456"), 1709214300123456);
  EXPECT_EQ(ParseValue("2024-02-29T13:45:00.123456"), 1709214300123456);
  EXPECT_EQ(ParseValue(" 2024-02-29  13:45 "), 1709214300000000);
  EXPECT_EQ(ParseValue("2024-02-29"), 1709164800000000);
  EXPECT_EQ(ParseValue("2024-02-29 24:00:00"), ParseValue("2024-03-01"));
}

TEST(TimestampTest, OffsetsConvertTheLocalTimeToUtc) {
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00+01"), 1709214300000000 - 3600000000);
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00-05:30"), 1709214300000000 + 19800000000);
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00Z"), 1709214300000000);
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00 UTC"), 1709214300000000);
  EXPECT_EQ(ParseValue<timestamp_tz_t>("2024-02-29 13:45:00+01:00"), 1709210700000000);
  EXPECT_EQ(ParseValue<timestamp_tz_t>("2024-02-29 13:45:00+00"), 1709214300000000);
}

TEST(TimestampTest, ExtraPrecisionIsRoundedHalfUpIntoTheUnit) {
  // PostgreSQL and DuckDB round text to the type's precision ('.846' in seconds is one
  // more second); it used to be floored.
  EXPECT_EQ(ParseValue<timestamp_sec_t>("2024-02-29 13:45:00.999"), 1709214301);
  EXPECT_EQ(ParseValue<timestamp_sec_t>("2024-02-29 13:45:00.499"), 1709214300);
  EXPECT_EQ(ParseValue<timestamp_ms_t>("2024-02-29 13:45:00.1239"), 1709214300124);
  EXPECT_EQ(ParseValue<timestamp_ns_t>("2024-02-29 13:45:00.123456789"), 1709214300123456789);
  EXPECT_EQ(ParseValue("2024-02-29 13:45:00.1234569"), 1709214300123457);
  EXPECT_EQ(ParseValue<timestamp_sec_t>("2024-02-29 23:59:59.5"), 1709251200);  // next day
}

TEST(TimestampTest, NanosecondLimitsAreExact) {
  EXPECT_EQ(Timestamp::ToString(timestamp_ns_t{kNsMax}), "2262-04-11 23:47:16.854775806");
  EXPECT_EQ(Timestamp::ToString(timestamp_ns_t{-kNsMax}), "1677-09-21 00:12:43.145224194");
  EXPECT_EQ(ParseValue<timestamp_ns_t>("2262-04-11 23:47:16.854775806"), kNsMax);
  EXPECT_EQ(ParseValue<timestamp_ns_t>("1677-09-21 00:12:43.145224194"), -kNsMax);
  EXPECT_EQ(ParseError<timestamp_ns_t>("2262-04-11 23:47:16.854775807"),
            "out of range for TIMESTAMP_NS");
  EXPECT_EQ(ParseError<timestamp_ns_t>("1677-09-21 00:12:43.145224193"),
            "out of range for TIMESTAMP_NS");
}

TEST(TimestampTest, ConvertingToNanosecondsFailsOutsideItsRange) {
  timestamp_ns_t ns;
  // 2262-04-11 23:47:16.854775 is the last microsecond that fits.
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t{9223372036854775}, ns));
  EXPECT_EQ(ns.value, 9223372036854775000);
  EXPECT_FALSE(Timestamp::TryConvert(timestamp_t{9223372036854776}, ns));
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t{-9223372036854775}, ns));
  EXPECT_EQ(ns.value, -9223372036854775000);
  EXPECT_FALSE(Timestamp::TryConvert(timestamp_t{-9223372036854776}, ns));
  EXPECT_FALSE(Timestamp::TryConvert(timestamp_sec_t{10413792000}, ns));  // 2300-01-01
}

TEST(TimestampTest, LosingPrecisionRoundsHalfAwayFromTheEpochButFloorsNanoseconds) {
  timestamp_sec_t s;
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t{-500000}, s));
  EXPECT_EQ(s.value, -1);
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t{1500000}, s));
  EXPECT_EQ(s.value, 2);
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t{1499999}, s));
  EXPECT_EQ(s.value, 1);
  timestamp_ms_t ms;
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_ns_t{-1}, ms));
  EXPECT_EQ(ms.value, -1);
  timestamp_t us;
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_ns_t{1999}, us));
  EXPECT_EQ(us.value, 1);
}

TEST(TimestampTest, InfinityMapsToInfinityInEveryUnit) {
  timestamp_ns_t ns;
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_t::Infinity(), ns));
  EXPECT_EQ(ns, timestamp_ns_t::Infinity());
  timestamp_sec_t s;
  ASSERT_TRUE(Timestamp::TryConvert(timestamp_ns_t::NegativeInfinity(), s));
  EXPECT_EQ(s, timestamp_sec_t::NegativeInfinity());
  EXPECT_EQ(Timestamp::ToString(timestamp_ms_t::Infinity()), "infinity");
  EXPECT_EQ(Timestamp::ToString(timestamp_tz_t::NegativeInfinity()), "-infinity");
  EXPECT_EQ(ParseValue<timestamp_ns_t>(" Infinity"), timestamp_ns_t::kInfinity);
  EXPECT_EQ(ParseValue<timestamp_sec_t>("-infinity"), -timestamp_sec_t::kInfinity);
  EXPECT_EQ(ParseValue("epoch"), 0);
}

TEST(TimestampTest, DatesAndTimestampsConvertBothWays) {
  timestamp_t ts;
  ASSERT_TRUE(Timestamp::TryFromDate(Date::FromCivil(2024, 2, 29), ts));
  EXPECT_EQ(ts.value, 1709164800000000);
  date_t d;
  ASSERT_TRUE(Timestamp::TryGetDate(timestamp_t{-1}, d));
  EXPECT_EQ(Date::ToString(d), "1969-12-31");
  ASSERT_TRUE(Timestamp::TryGetDate(timestamp_t::Infinity(), d));
  EXPECT_EQ(d, date_t::Infinity());
  ASSERT_TRUE(Timestamp::TryFromDate(date_t::NegativeInfinity(), ts));
  EXPECT_EQ(ts, timestamp_t::NegativeInfinity());
  timestamp_ns_t ns;
  EXPECT_FALSE(Timestamp::TryFromDate(Date::FromCivil(2263, 1, 1), ns));
  EXPECT_FALSE(Timestamp::TryFromDate(date_t{Date::kMaxDays}, ts));
  EXPECT_FALSE(Timestamp::TryGetDate(timestamp_sec_t{Timestamp::kMaxValue}, d));
}

TEST(TimestampTest, TimeOfDayIsFlooredAndNeverNegative) {
  EXPECT_EQ(Timestamp::GetTime(timestamp_t{-1}).micros, 86399999999);
  EXPECT_EQ(Timestamp::GetTime(timestamp_ns_t{1999}).micros, 1);
  EXPECT_EQ(Timestamp::GetTime(timestamp_ns_t{-1}).micros, 86399999999);
  EXPECT_EQ(Timestamp::GetTime(timestamp_sec_t{3661}).micros, 3661000000);
}

TEST(TimestampTest, FromDateTimeAddsTheTimeOfDay) {
  timestamp_t ts;
  ASSERT_TRUE(Timestamp::TryFromDateTime(Date::FromCivil(2024, 2, 29), dtime_t{49500123456}, ts));
  EXPECT_EQ(Timestamp::ToString(ts), "2024-02-29 13:45:00.123456");
}

TEST(TimestampTest, BcTimestampsRenderTheMarkerLast) {
  int64_t v = ParseValue("0044-03-15 12:00:00 (BC)");
  EXPECT_EQ(Timestamp::ToString(timestamp_t{v}), "0044-03-15 (BC) 12:00:00");
  EXPECT_EQ(ParseValue("0044-03-15 (BC) 12:00:00"), v);
  EXPECT_EQ(ParseValue("0044-03-15 12:00 BC"), v);
  EXPECT_EQ(Timestamp::ToString(timestamp_tz_t{v}), "0044-03-15 (BC) 12:00:00+00");
}

TEST(TimestampTest, MicrosecondLimitsAreExact) {
  EXPECT_EQ(Timestamp::ToString(timestamp_t{Timestamp::kMaxValue}), "294247-01-10 04:00:54.775806");
  EXPECT_EQ(ParseValue("294247-01-10 04:00:54.775806"), Timestamp::kMaxValue);
  EXPECT_EQ(ParseError("294247-01-10 04:00:54.775807"), "out of range for TIMESTAMP");
}

TEST(TimestampTest, MalformedTextIsRejectedWithAReason) {
  EXPECT_EQ(ParseError("2023-02-29 10:00"), "day 29 is out of range for February 2023");
  EXPECT_EQ(ParseError("2024-01-01 25:00"), "hour 25 is out of range");
  EXPECT_EQ(ParseError("2024-01-01 10:00:00 junk"), "unexpected text \"junk\" after the timestamp");
  EXPECT_EQ(ParseError(""),
            "expected a timestamp in the form YYYY-MM-DD[ HH:MM[:SS[.ffffff]]][+HH[:MM]]");
  EXPECT_EQ(ParseError("2024-01-01T"), "expected a time in the form HH:MM[:SS[.ffffff]]");
  EXPECT_EQ(ParseError("2024-01-01 10:00+16"), "UTC offset is out of range (at most 15:59:59)");
}

TEST(TimestampTest, EveryHourOfEveryTenthDayRoundTripsInEveryUnit) {
  int64_t first = Date::FromCivil(1899, 1, 1).days;
  int64_t last = Date::FromCivil(2101, 12, 31).days;
  for (int64_t day = first; day <= last; day += 10) {
    for (int64_t hour = 0; hour < 24; hour += 5) {
      int64_t sec = day * 86400 + hour * 3600 + 61;
      timestamp_t us{sec * 1000000 + 123};
      ASSERT_EQ(ParseValue(Timestamp::ToString(us)), us.value);
      timestamp_ns_t ns{sec * 1000000000 + 7};
      ASSERT_EQ(ParseValue<timestamp_ns_t>(Timestamp::ToString(ns)), ns.value);
      timestamp_ms_t ms{sec * 1000 + 999};
      ASSERT_EQ(ParseValue<timestamp_ms_t>(Timestamp::ToString(ms)), ms.value);
      timestamp_sec_t s{sec};
      ASSERT_EQ(ParseValue<timestamp_sec_t>(Timestamp::ToString(s)), s.value);
      timestamp_tz_t tz{sec * 1000000};
      ASSERT_EQ(ParseValue<timestamp_tz_t>(Timestamp::ToString(tz)), tz.value);
    }
  }
}

TEST(TimestampTest, ParseThrowsConversionErrorNamingTheType) {
  try {
    Timestamp::Parse<timestamp_ns_t>("2300-01-01");
    FAIL();
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "invalid TIMESTAMP_NS \"2300-01-01\": out of range for TIMESTAMP_NS");
  }
}

TEST(TimestampTest, ValueToStringRendersEveryUnit) {
  EXPECT_EQ(Value::Timestamp(timestamp_t{1709214300123456}).ToString(),
            "2024-02-29 13:45:00.123456");
  EXPECT_EQ(Value::TimestampS(timestamp_sec_t{1709214300}).ToString(), "2024-02-29 13:45:00");
  EXPECT_EQ(Value::TimestampMs(timestamp_ms_t{1709214300001}).ToString(),
            "2024-02-29 13:45:00.001");
  EXPECT_EQ(Value::TimestampNs(timestamp_ns_t{1709214300000000001}).ToString(),
            "2024-02-29 13:45:00.000000001");
  EXPECT_EQ(Value::TimestampTz(timestamp_tz_t{1709214300000000}).ToString(),
            "2024-02-29 13:45:00+00");
  EXPECT_EQ(Value::Timestamp(timestamp_t::Infinity()).ToString(), "infinity");
}

}  // namespace teal
