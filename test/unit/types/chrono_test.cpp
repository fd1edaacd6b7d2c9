// std::chrono conversions: equal to the stored numbers, infinity is an error.
#include "types/chrono.hpp"

#include <gtest/gtest.h>

namespace teal {

using namespace std::chrono;

TEST(ChronoTest, DateIsSysDaysOfTheSameCount) {
  EXPECT_EQ(ToSysDays(date_t{19782}), sys_days{2024y / February / 29});
  EXPECT_EQ(ToSysDays(date_t{-719162}), sys_days{1y / January / 1});
  EXPECT_EQ(FromSysDays(sys_days{1969y / December / 31}).days, -1);
  EXPECT_EQ(ToSysDays(date_t{Date::kMaxDays}).time_since_epoch().count(), 2147483646);
  static_assert(FromSysDays(sys_days{days{5}}).days == 5);
}

TEST(ChronoTest, InfiniteDateHasNoSysDays) {
  sys_days out{days{42}};
  EXPECT_FALSE(TryToSysDays(date_t::Infinity(), out));
  EXPECT_FALSE(TryToSysDays(date_t::NegativeInfinity(), out));
  EXPECT_EQ(out.time_since_epoch().count(), 42);
  try {
    ToSysDays(date_t::Infinity());
    FAIL();
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot convert DATE value infinity to std::chrono::sys_days: out of range");
  }
}

TEST(ChronoTest, SysDaysOutsideDateRangeIsRejected) {
  date_t d{7};
  EXPECT_FALSE(TryFromSysDays(sys_days{days{int64_t{2147483647}}}, d));
  EXPECT_FALSE(TryFromSysDays(sys_days{days{-int64_t{2147483647}}}, d));
  EXPECT_EQ(d.days, 7);
  EXPECT_THROW(FromSysDays(sys_days{days{int64_t{1} << 40}}), ConversionError);
}

TEST(ChronoTest, TimestampsAreSysTimeOfTheirUnit) {
  EXPECT_EQ(ToSysTime(timestamp_t{1709214300123456}).time_since_epoch(),
            microseconds{1709214300123456});
  EXPECT_EQ(ToSysTime(timestamp_t{1709214300000000}),
            sys_days{2024y / February / 29} + 13h + 45min);
  EXPECT_EQ(ToSysTime(timestamp_ns_t{-1}).time_since_epoch(), nanoseconds{-1});
  EXPECT_EQ(ToSysTime(timestamp_ms_t{5}).time_since_epoch(), milliseconds{5});
  EXPECT_EQ(ToSysTime(timestamp_sec_t{5}).time_since_epoch(), seconds{5});
  EXPECT_EQ(ToSysTime(timestamp_tz_t{5}).time_since_epoch(), microseconds{5});
  static_assert(std::is_same_v<decltype(ToSysTime(timestamp_ns_t{})), sys_time<nanoseconds>>);
  EXPECT_EQ(
      FromSysTime<timestamp_ns_t>(sys_time<nanoseconds>{nanoseconds{9223372036854775806}}).value,
      9223372036854775806);
  EXPECT_EQ(FromSysTime<timestamp_t>(sys_days{1970y / January / 2}).value, 86400000000);
}

TEST(ChronoTest, InfiniteTimestampHasNoSysTime) {
  sys_time<nanoseconds> out{};
  EXPECT_FALSE(TryToSysTime(timestamp_ns_t::Infinity(), out));
  EXPECT_FALSE(TryToSysTime(timestamp_ns_t::NegativeInfinity(), out));
  try {
    ToSysTime(timestamp_t::NegativeInfinity());
    FAIL();
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot convert TIMESTAMP value -infinity to std::chrono::sys_time: out of range");
  }
}

TEST(ChronoTest, SysTimeEqualToAnInfinityIsRejected) {
  timestamp_t ts{3};
  EXPECT_FALSE(TryFromSysTime(sys_time<microseconds>{microseconds::max()}, ts));
  EXPECT_FALSE(
      TryFromSysTime(sys_time<microseconds>{microseconds{-microseconds::max().count()}}, ts));
  EXPECT_FALSE(TryFromSysTime(sys_time<microseconds>{microseconds::min()}, ts));
  EXPECT_EQ(ts.value, 3);
  EXPECT_THROW(FromSysTime<timestamp_sec_t>(sys_time<seconds>{seconds::max()}), ConversionError);
}

TEST(ChronoTest, TimeIsMicrosecondsSinceMidnight) {
  EXPECT_EQ(ToDuration(dtime_t{86399999999}), 23h + 59min + 59s + 999999us);
  auto hms = ToHhMmSs(dtime_t{49500500000});
  EXPECT_EQ(hms.hours(), 13h);
  EXPECT_EQ(hms.minutes(), 45min);
  EXPECT_EQ(hms.seconds(), 0s);
  EXPECT_EQ(hms.subseconds(), 500000us);
  EXPECT_EQ(FromDuration(24h).micros, 86400000000);
  dtime_t t{9};
  EXPECT_FALSE(TryFromDuration(24h + 1us, t));
  EXPECT_FALSE(TryFromDuration(-1us, t));
  EXPECT_FALSE(TryFromHhMmSs(hh_mm_ss<microseconds>(-5us), t));
  EXPECT_EQ(t.micros, 9);
  ASSERT_TRUE(TryFromHhMmSs(hh_mm_ss<microseconds>(1h + 1us), t));
  EXPECT_EQ(t.micros, 3600000001);
  EXPECT_THROW(FromDuration(25h), ConversionError);
}

TEST(ChronoTest, TimeTzIsLocalMicrosAndOffsetSeconds) {
  ChronoTimeTz parts = ToChronoTimeTz(TimeTz::Encode(49500000000, -28800));
  EXPECT_EQ(parts.local, 13h + 45min);
  EXPECT_EQ(parts.offset, -8h);
  EXPECT_EQ(FromChronoTimeTz({13h + 45min, 5h + 30min}), TimeTz::Encode(49500000000, 19800));
  dtime_tz_t v;
  EXPECT_FALSE(TryFromChronoTimeTz({1h, 16h}, v));
  EXPECT_FALSE(TryFromChronoTimeTz({25h, 0s}, v));
  EXPECT_THROW(FromChronoTimeTz({-1us, 0s}), ConversionError);
  static_assert(ToChronoTimeTz(TimeTz::Encode(1, 2)).offset == seconds{2});
}

}  // namespace teal
