// TIME and TIMETZ: parts, parsing, rendering, ordering.
#include "types/time.hpp"

#include <gtest/gtest.h>

#include "teal/value.hpp"

namespace teal {

namespace {
int64_t ParseMicros(std::string_view text) {
  dtime_t t{-1};
  std::string reason;
  EXPECT_TRUE(Time::TryParse(text, t, &reason)) << text << ": " << reason;
  return t.micros;
}
std::string TimeError(std::string_view text) {
  dtime_t t{-1};
  std::string reason;
  EXPECT_FALSE(Time::TryParse(text, t, &reason)) << text;
  EXPECT_EQ(t.micros, -1);
  return reason;
}
dtime_tz_t ParseTz(std::string_view text) {
  dtime_tz_t t;
  std::string reason;
  EXPECT_TRUE(TimeTz::TryParse(text, t, &reason)) << text << ": " << reason;
  return t;
}
std::string TimeTzError(std::string_view text) {
  dtime_tz_t t;
  std::string reason;
  EXPECT_FALSE(TimeTz::TryParse(text, t, &reason)) << text;
  return reason;
}
}  // namespace

TEST(TimeTest, RendersSecondsAndTrimmedFraction) {
  EXPECT_EQ(Time::ToString(dtime_t{0}), "00:00:00");
  EXPECT_EQ(Time::ToString(dtime_t{(13 * 3600 + 45 * 60) * 1000000LL}), "13:45:00");
  EXPECT_EQ(Time::ToString(dtime_t{(13 * 3600 + 45 * 60) * 1000000LL + 500000}), "13:45:00.5");
  EXPECT_EQ(Time::ToString(dtime_t{1}), "00:00:00.000001");
  EXPECT_EQ(Time::ToString(dtime_t{120000}), "00:00:00.12");
}

TEST(TimeTest, LastMicrosecondOfTheDayRoundTrips) {
  EXPECT_EQ(ParseMicros("23:59:59.999999"), 86399999999);
  EXPECT_EQ(Time::ToString(dtime_t{86399999999}), "23:59:59.999999");
}

TEST(TimeTest, TwentyFourOClockIsTheEndOfTheDay) {
  EXPECT_EQ(ParseMicros("24:00:00"), 86400000000);
  EXPECT_EQ(Time::ToString(dtime_t{86400000000}), "24:00:00");
  EXPECT_EQ(TimeError("24:00:01"), "a time with hour 24 must be exactly 24:00:00");
  EXPECT_EQ(TimeError("24:00:00.000001"), "a time with hour 24 must be exactly 24:00:00");
}

TEST(TimeTest, ParsesOptionalSecondsAndFractions) {
  EXPECT_EQ(ParseMicros("13:45"), 49500000000);
  EXPECT_EQ(ParseMicros("  1:02:03 "), 3723000000);
  EXPECT_EQ(ParseMicros("13:45:00.5"), 49500500000);
  EXPECT_EQ(ParseMicros("00:00:00.123456789"), 123456);  // beyond micros: truncated
}

TEST(TimeTest, OutOfRangeFieldsAndGarbageAreRejected) {
  EXPECT_EQ(TimeError("25:00"), "hour 25 is out of range");
  EXPECT_EQ(TimeError("12:60"), "minute 60 is out of range");
  EXPECT_EQ(TimeError("12:00:60"), "second 60 is out of range");
  EXPECT_EQ(TimeError(""), "expected a time in the form HH:MM[:SS[.ffffff]]");
  EXPECT_EQ(TimeError("12"), "expected a time in the form HH:MM[:SS[.ffffff]]");
  EXPECT_EQ(TimeError("12:123"), "expected a time in the form HH:MM[:SS[.ffffff]]");
  EXPECT_EQ(TimeError("12:00:00x"), "unexpected text \"x\" after the time");
}

TEST(TimeTest, OneDigitFieldsAndLongFractionsAreRead) {
  // PostgreSQL's and DuckDB's reading: '11:1' is 11:01; digits past the ninth are dropped.
  EXPECT_EQ(ParseMicros("11:1"), 39660000000);
  EXPECT_EQ(ParseMicros("11:1:5"), 39665000000);
  EXPECT_EQ(ParseMicros("12:00:00.1234567890123"), 43200123456);
}

TEST(TimeTest, ADateBeforeAndAnOffsetAfterAreReadAndDropped) {
  EXPECT_EQ(ParseMicros("2023-08-17T23:00:08.539Z"), 82808539000);
  EXPECT_EQ(ParseMicros("2023-08-17 23:00:08"), 82808000000);
  EXPECT_EQ(ParseMicros("23:00:08+05:30"), 82808000000);
  EXPECT_EQ(ParseMicros("23:00:08 UTC"), 82808000000);
  EXPECT_EQ(TimeError("2023-13-17 23:00:08"), "expected a time in the form HH:MM[:SS[.ffffff]]");
  EXPECT_EQ(TimeError("23:00:08+99"), "unexpected text \"+99\" after the time");
}

TEST(TimeTest, PartsRoundTrip) {
  dtime_t t;
  ASSERT_TRUE(Time::TryFromParts(23, 59, 59, 999999, t));
  EXPECT_EQ(t.micros, 86399999999);
  int32_t h, m, s, us;
  Time::ToParts(t, h, m, s, us);
  EXPECT_EQ(h, 23);
  EXPECT_EQ(m, 59);
  EXPECT_EQ(s, 59);
  EXPECT_EQ(us, 999999);
  EXPECT_FALSE(Time::TryFromParts(24, 0, 0, 1, t));
  EXPECT_FALSE(Time::TryFromParts(12, 60, 0, 0, t));
}

TEST(TimeTest, EveryMinuteOfTheDayRoundTripsThroughText) {
  for (int64_t minute = 0; minute <= 24 * 60; minute++) {
    for (int64_t extra : {int64_t{0}, int64_t{1}, int64_t{59999999}}) {
      int64_t micros = minute * 60000000 + extra;
      if (micros > Time::kMicrosPerDay) continue;
      std::string text = Time::ToString(dtime_t{micros});
      ASSERT_EQ(ParseMicros(text), micros) << text;
    }
  }
}

TEST(TimeTest, AddingWrapsAroundMidnight) {
  EXPECT_EQ(
      Time::AddMicrosWrapped(dtime_t{Time::kMicrosPerHour * 23}, Time::kMicrosPerHour * 2).micros,
      Time::kMicrosPerHour);
  EXPECT_EQ(Time::AddMicrosWrapped(dtime_t{0}, -1).micros, Time::kMicrosPerDay - 1);
}

TEST(TimeTzTest, EncodingMatchesTheDocumentedBitLayout) {
  dtime_tz_t v = TimeTz::Encode(1, 3600);
  EXPECT_EQ(v.bits, (uint64_t{1} << 24) | uint64_t(57599 - 3600));
  EXPECT_EQ(TimeTz::LocalMicros(v), 1);
  EXPECT_EQ(TimeTz::OffsetSeconds(v), 3600);
  dtime_tz_t west = TimeTz::Encode(86400000000, -57599);
  EXPECT_EQ(TimeTz::LocalMicros(west), 86400000000);
  EXPECT_EQ(TimeTz::OffsetSeconds(west), -57599);
  EXPECT_EQ(west.bits & 0xFFFFFF, uint64_t{115198});
}

TEST(TimeTzTest, UtcMicrosSubtractsTheOffset) {
  EXPECT_EQ(TimeTz::UtcMicros(TimeTz::Encode(Time::kMicrosPerHour * 13, 3600)),
            Time::kMicrosPerHour * 12);
  EXPECT_EQ(TimeTz::UtcMicros(TimeTz::Encode(0, 3600)), -Time::kMicrosPerHour);
}

TEST(TimeTzTest, RendersOffsetsInTheirShortestExactForm) {
  int64_t t = (13 * 3600 + 45 * 60) * 1000000LL;
  EXPECT_EQ(TimeTz::ToString(TimeTz::Encode(t, 3600)), "13:45:00+01");
  EXPECT_EQ(TimeTz::ToString(TimeTz::Encode(t, 5 * 3600 + 30 * 60)), "13:45:00+05:30");
  EXPECT_EQ(TimeTz::ToString(TimeTz::Encode(t, -8 * 3600)), "13:45:00-08");
  EXPECT_EQ(TimeTz::ToString(TimeTz::Encode(t, 0)), "13:45:00+00");
  EXPECT_EQ(TimeTz::ToString(TimeTz::Encode(t + 500000, -57599)), "13:45:00.5-15:59:59");
}

TEST(TimeTzTest, ParsesEveryOffsetSpelling) {
  int64_t t = (13 * 3600 + 45 * 60) * 1000000LL;
  EXPECT_EQ(ParseTz("13:45:00+01"), TimeTz::Encode(t, 3600));
  EXPECT_EQ(ParseTz("13:45:00+0530"), TimeTz::Encode(t, 19800));
  EXPECT_EQ(ParseTz("13:45:00 +05:30"), TimeTz::Encode(t, 19800));
  EXPECT_EQ(ParseTz("13:45-08"), TimeTz::Encode(t, -28800));
  EXPECT_EQ(ParseTz("13:45:00Z"), TimeTz::Encode(t, 0));
  EXPECT_EQ(ParseTz("13:45:00 UTC"), TimeTz::Encode(t, 0));
  EXPECT_EQ(ParseTz("13:45:00"), TimeTz::Encode(t, 0));  // session zone: UTC
  EXPECT_EQ(ParseTz("13:45:00-15:59:59"), TimeTz::Encode(t, -57599));
}

TEST(TimeTzTest, BadOffsetsAreRejected) {
  EXPECT_EQ(TimeTzError("13:45:00+16"), "UTC offset is out of range (at most 15:59:59)");
  EXPECT_EQ(TimeTzError("13:45:00+01:60"), "UTC offset is out of range (at most 15:59:59)");
  EXPECT_EQ(TimeTzError("13:45:00+"), "expected a UTC offset such as +01, -08 or +05:30");
  EXPECT_EQ(TimeTzError("13:45:00 abc"), "expected a UTC offset such as +01, -08 or +05:30");
  EXPECT_EQ(TimeTzError("13:45:00+01 x"), "unexpected text \"x\" after the time");
  EXPECT_EQ(TimeTzError("25:00+01"), "hour 25 is out of range");
}

TEST(TimeTzTest, OrdersByInstantThenLargerOffsetFirst) {
  int64_t h = Time::kMicrosPerHour;
  dtime_tz_t noon_plus1 = TimeTz::Encode(12 * h, 3600);  // 11:00 UTC
  dtime_tz_t noon_utc = TimeTz::Encode(12 * h, 0);       // 12:00 UTC
  dtime_tz_t one_plus1 = TimeTz::Encode(13 * h, 3600);   // 12:00 UTC
  EXPECT_EQ(TimeTz::Compare(noon_plus1, noon_utc), std::strong_ordering::less);
  EXPECT_EQ(TimeTz::Compare(one_plus1, noon_utc), std::strong_ordering::less);
  EXPECT_EQ(TimeTz::Compare(noon_utc, one_plus1), std::strong_ordering::greater);
  EXPECT_EQ(TimeTz::Compare(noon_utc, noon_utc), std::strong_ordering::equal);
}

TEST(TimeTzTest, TryEncodeRejectsOutOfRangeParts) {
  dtime_tz_t v;
  EXPECT_FALSE(TimeTz::TryEncode(-1, 0, v));
  EXPECT_FALSE(TimeTz::TryEncode(Time::kMicrosPerDay + 1, 0, v));
  EXPECT_FALSE(TimeTz::TryEncode(0, 57600, v));
  EXPECT_TRUE(TimeTz::TryEncode(Time::kMicrosPerDay, -57599, v));
}

TEST(TimeTest, ValueToStringRendersTimes) {
  EXPECT_EQ(Value::Time(dtime_t{49500500000}).ToString(), "13:45:00.5");
  EXPECT_EQ(Value::TimeTz(TimeTz::Encode(49500000000, 19800)).ToString(), "13:45:00+05:30");
}

TEST(TimeTest, AColonWithNothingAfterItEndsTheTime) {
  // PostgreSQL's and DuckDB's reading: the missing fields are zero.
  EXPECT_EQ(ParseMicros("11:"), int64_t{11} * 3600 * 1000000);
  EXPECT_EQ(ParseMicros("11:11:"), (int64_t{11} * 3600 + 11 * 60) * 1000000);
  TimeError("11");
  TimeError("11::");
}

}  // namespace teal
