// The temporal cast family, through Value (one-row vectors) and whole vectors.
#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "teal/value.hpp"
#include "types/date.hpp"
#include "types/interval.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"
#include "vector/vector.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
const LogicalType kVarchar(TypeId::kVarchar);
const LogicalType kDate(TypeId::kDate);
const LogicalType kTime(TypeId::kTime);
const LogicalType kTimeTz(TypeId::kTimeTz);
const LogicalType kTs(TypeId::kTimestamp);
const LogicalType kTsS(TypeId::kTimestampS);
const LogicalType kTsMs(TypeId::kTimestampMs);
const LogicalType kTsNs(TypeId::kTimestampNs);
const LogicalType kTsTz(TypeId::kTimestampTz);
const LogicalType kInterval(TypeId::kInterval);

std::string CastText(std::string_view text, const LogicalType& to) {
  return Value::Varchar(text).CastAs(to).ToString();
}
std::string CastError(const Value& v, const LogicalType& to) {
  Value out;
  std::string error;
  EXPECT_FALSE(v.TryCastAs(to, out, &error)) << v.ToString();
  return error;
}
}  // namespace

TEST(CastTemporalTest, VarcharRoundTripsThroughEveryTemporalType) {
  EXPECT_EQ(CastText("2024-02-29", kDate), "2024-02-29");
  EXPECT_EQ(CastText("13:45:00.5", kTime), "13:45:00.5");
  EXPECT_EQ(CastText("13:45:00+05:30", kTimeTz), "13:45:00+05:30");
  EXPECT_EQ(CastText("2024-02-29 13:45:00.123456", kTs), "2024-02-29 13:45:00.123456");
  EXPECT_EQ(CastText("2024-02-29 13:45:00.9", kTsS), "2024-02-29 13:45:01");
  EXPECT_EQ(CastText("2024-02-29 13:45:00.123", kTsMs), "2024-02-29 13:45:00.123");
  EXPECT_EQ(CastText("2024-02-29 13:45:00.123456789", kTsNs), "2024-02-29 13:45:00.123456789");
  EXPECT_EQ(CastText("2024-02-29 13:45:00+01", kTsTz), "2024-02-29 12:45:00+00");
  EXPECT_EQ(CastText("1 year 2 mons 3 days 04:05:06.789", kInterval),
            "1 year 2 months 3 days 04:05:06.789");
}

TEST(CastTemporalTest, CastingToVarcharStoresTheRenderedText) {
  Value v = Value::Timestamp(timestamp_t{1709214300123456}).CastAs(kVarchar);
  EXPECT_EQ(v.Type(), kVarchar);
  EXPECT_EQ(v.GetString(), "2024-02-29 13:45:00.123456");
  EXPECT_EQ(Value::Interval({0, -1, 0}).CastAs(kVarchar).GetString(), "-1 day");
}

TEST(CastTemporalTest, BadTextNamesTheValueAndTheProblem) {
  EXPECT_EQ(
      CastError(Value::Varchar("2023-02-29"), kDate),
      "date field value out of range: \"2023-02-29\": day 29 is out of range for February 2023");
  EXPECT_EQ(CastError(Value::Varchar("25:00"), kTime),
            "time field value out of range: \"25:00\": hour 25 is out of range");
  EXPECT_EQ(CastError(Value::Varchar(""), kInterval),
            "Could not convert string '' to INTERVAL: empty interval");
  EXPECT_EQ(CastError(Value::Varchar("2024-13-01 00:00"), kTs),
            "timestamp field value out of range: \"2024-13-01 00:00\": month 13 is out of range");
  EXPECT_THROW(Value::Varchar("2024-01-01 junk").CastAs(kTsTz), ConversionError);
}

TEST(CastTemporalTest, DateToTimestampsIsMidnightInEveryUnit) {
  Value d = Value::Date(Date::FromCivil(2024, 2, 29));
  EXPECT_EQ(d.CastAs(kTs).GetStored<int64_t>(), 1709164800000000);
  EXPECT_EQ(d.CastAs(kTsS).GetStored<int64_t>(), 1709164800);
  EXPECT_EQ(d.CastAs(kTsMs).GetStored<int64_t>(), 1709164800000);
  EXPECT_EQ(d.CastAs(kTsNs).GetStored<int64_t>(), 1709164800000000000);
  EXPECT_EQ(d.CastAs(kTsTz).ToString(), "2024-02-29 00:00:00+00");
}

TEST(CastTemporalTest, TimestampToDateFloors) {
  EXPECT_EQ(Value::Timestamp(timestamp_t{-1}).CastAs(kDate).ToString(), "1969-12-31");
  EXPECT_EQ(Value::TimestampNs(timestamp_ns_t{1709214300123456789}).CastAs(kDate).ToString(),
            "2024-02-29");
  EXPECT_EQ(CastError(Value::TimestampS(timestamp_sec_t{Timestamp::kMaxValue}), kDate),
            "could not convert TIMESTAMP_S value 292277026596-12-04 15:30:06 to DATE: out of the "
            "DATE range");
}

TEST(CastTemporalTest, InfinityMapsToInfinityBetweenDateAndTimestamps) {
  EXPECT_EQ(Value::Date(date_t::Infinity()).CastAs(kTsNs).GetStored<int64_t>(),
            timestamp_ns_t::kInfinity);
  EXPECT_EQ(Value::Date(date_t::NegativeInfinity()).CastAs(kTs).ToString(), "-infinity");
  EXPECT_EQ(Value::TimestampMs(timestamp_ms_t::Infinity()).CastAs(kDate).GetStored<int32_t>(),
            date_t::kInfinity);
  EXPECT_EQ(Value::Timestamp(timestamp_t::NegativeInfinity()).CastAs(kTsS).ToString(), "-infinity");
  EXPECT_EQ(Value::Varchar("infinity").CastAs(kTsTz).CastAs(kDate).ToString(), "infinity");
}

TEST(CastTemporalTest, InfiniteTimestampHasNoTimeOfDay) {
  EXPECT_EQ(CastError(Value::Timestamp(timestamp_t::Infinity()), kTime),
            "could not convert TIMESTAMP value infinity to TIME: an infinite timestamp has no "
            "time of day");
}

TEST(CastTemporalTest, TimestampUnitsConvertWithRangeChecks) {
  // To a coarser unit: the nearest, a half away from the epoch (PostgreSQL's timestamp(0)).
  EXPECT_EQ(Value::Timestamp(timestamp_t{1500000}).CastAs(kTsS).GetStored<int64_t>(), 2);
  EXPECT_EQ(Value::Timestamp(timestamp_t{1499999}).CastAs(kTsS).GetStored<int64_t>(), 1);
  EXPECT_EQ(Value::Timestamp(timestamp_t{-500000}).CastAs(kTsS).GetStored<int64_t>(), -1);
  EXPECT_EQ(Value::Timestamp(timestamp_t{-499999}).CastAs(kTsS).GetStored<int64_t>(), 0);
  // From nanoseconds: floored (DuckDB's).
  EXPECT_EQ(Value::TimestampNs(timestamp_ns_t{-1}).CastAs(kTs).GetStored<int64_t>(), -1);
  EXPECT_EQ(Value::TimestampNs(timestamp_ns_t{1999}).CastAs(kTs).GetStored<int64_t>(), 1);
  EXPECT_EQ(Value::TimestampS(timestamp_sec_t{1}).CastAs(kTsNs).GetStored<int64_t>(), 1000000000);
  EXPECT_EQ(CastError(Value::Varchar("2300-01-01").CastAs(kTs), kTsNs),
            "could not convert TIMESTAMP value 2300-01-01 00:00:00 to TIMESTAMP_NS: out of range "
            "for TIMESTAMP_NS");
  EXPECT_EQ(CastError(Value::Varchar("1677-09-21 00:12:43.145224").CastAs(kTs), kTsNs),
            "could not convert TIMESTAMP value 1677-09-21 00:12:43.145224 to TIMESTAMP_NS: out "
            "of range for TIMESTAMP_NS");
  EXPECT_EQ(Value::Varchar("1677-09-21 00:12:43.145225").CastAs(kTs).CastAs(kTsNs).ToString(),
            "1677-09-21 00:12:43.145225");
}

TEST(CastTemporalTest, TimestampAndTimestampTzKeepTheInstant) {
  Value ts = Value::Timestamp(timestamp_t{1709214300000000});
  Value tz = ts.CastAs(kTsTz);
  EXPECT_EQ(tz.GetStored<int64_t>(), 1709214300000000);
  EXPECT_EQ(tz.ToString(), "2024-02-29 13:45:00+00");
  EXPECT_EQ(tz.CastAs(kTs), ts);
}

TEST(CastTemporalTest, TimestampToTimeTakesTheTimeOfDay) {
  EXPECT_EQ(Value::Timestamp(timestamp_t{-1}).CastAs(kTime).ToString(), "23:59:59.999999");
  EXPECT_EQ(Value::TimestampS(timestamp_sec_t{1709214300}).CastAs(kTime).ToString(), "13:45:00");
  EXPECT_EQ(Value::TimestampTz(timestamp_tz_t{1709214300000000}).CastAs(kTimeTz).ToString(),
            "13:45:00+00");
}

TEST(CastTemporalTest, TimeAndTimeTzConvertAtUtc) {
  EXPECT_EQ(Value::Time(dtime_t{49500000000}).CastAs(kTimeTz).ToString(), "13:45:00+00");
  EXPECT_EQ(Value::TimeTz(TimeTz::Encode(49500000000, 3600)).CastAs(kTime).ToString(), "13:45:00");
  EXPECT_EQ(Value::Time(dtime_t{49500000000}).CastAs(kInterval).ToString(), "13:45:00");
}

TEST(CastTemporalTest, CastExistsOnlyForMeaningfulPairs) {
  EXPECT_TRUE(CastExists(kVarchar, kInterval));
  EXPECT_TRUE(CastExists(kInterval, kVarchar));
  EXPECT_TRUE(CastExists(kDate, kTsNs));
  EXPECT_TRUE(CastExists(kTsNs, kTime));
  EXPECT_TRUE(CastExists(kTsTz, kTimeTz));
  EXPECT_FALSE(CastExists(kDate, kTime));
  EXPECT_FALSE(CastExists(kTime, kDate));
  EXPECT_FALSE(CastExists(kInterval, kTs));
  EXPECT_FALSE(CastExists(kDate, LogicalType(TypeId::kInteger)));
  EXPECT_FALSE(CastExists(LogicalType(TypeId::kBigInt), kTs));
  EXPECT_THROW(Value::Date(date_t{0}).CastAs(kTime), ConversionError);
}

TEST(CastTemporalTest, VectorCastKeepsNullsAndReportsTheFirstBadRow) {
  Vector source(kVarchar, 4);
  source.SetValue(0, Value::Varchar("2024-02-29"));
  source.SetValue(1, Value(kVarchar));
  source.SetValue(2, Value::Varchar("1899-12-31 (BC)"));
  source.SetValue(3, Value::Varchar("-infinity"));
  Vector result(kDate, 4);
  CastVector(source, result, 4);
  EXPECT_EQ(result.GetValue(0).ToString(), "2024-02-29");
  EXPECT_TRUE(result.GetValue(1).IsNull());
  EXPECT_EQ(result.GetValue(2).ToString(), "1899-12-31 (BC)");
  EXPECT_EQ(result.GetValue(3).GetStored<int32_t>(), -date_t::kInfinity);

  source.SetValue(1, Value::Varchar("2024-02-30"));
  source.SetValue(3, Value::Varchar("nope"));
  std::string error;
  EXPECT_FALSE(TryCastVector(source, result, 4, &error));
  EXPECT_EQ(
      error,
      "date field value out of range: \"2024-02-30\": day 30 is out of range for February 2024");
}

TEST(CastTemporalTest, LongRenderedStringsSurviveInTheResultHeap) {
  Vector source(kTsNs, 3);
  for (idx_t i = 0; i < 3; i++) {
    source.SetValue(i, Value::TimestampNs(timestamp_ns_t{1709214300123456789 + int64_t(i)}));
  }
  Vector result(kVarchar, 3);
  CastVector(source, result, 3);
  EXPECT_EQ(result.GetValue(0).GetString(), "2024-02-29 13:45:00.123456789");
  EXPECT_EQ(result.GetValue(2).GetString(), "2024-02-29 13:45:00.123456791");
}

}  // namespace teal
