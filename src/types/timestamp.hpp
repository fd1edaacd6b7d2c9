// src/types/timestamp.hpp — TIMESTAMP, TIMESTAMP_S/_MS/_NS and TIMESTAMPTZ: composition,
// unit conversion, parsing and rendering.
//
// Every timestamp type is an int64 count of its unit since 1970-01-01 00:00:00 UTC; ±INT64_MAX
// are ±infinity, and INT64_MIN is not a value. TIMESTAMPTZ is a TIMESTAMP in micros that
// denotes a UTC instant; Teal has no time-zone database, so the session zone is UTC and
// TIMESTAMP <-> TIMESTAMPTZ keep the number. Stateless and thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "teal/datetime.hpp"
#include "teal/logical_type.hpp"
#include "types/date.hpp"
#include "types/time.hpp"

namespace teal {

/// Units per second of a timestamp type's stored integer (TIMESTAMP_S 1 … TIMESTAMP_NS
/// 10^9); 0 for any other type.
inline int64_t TimestampUnitsPerSecond(TypeId id) {
  switch (id) {
    case TypeId::kTimestampS:
      return 1;
    case TypeId::kTimestampMs:
      return 1000;
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
      return 1000000;
    case TypeId::kTimestampNs:
      return 1000000000;
    default:
      return 0;
  }
}

/// Per-type constants: units per second, and the SQL name (for messages).
template <typename T>
struct TimestampUnit;
template <>
struct TimestampUnit<timestamp_t> {
  static constexpr int64_t kPerSecond = 1'000'000;
  static constexpr const char* kName = "TIMESTAMP";
};
template <>
struct TimestampUnit<timestamp_tz_t> {
  static constexpr int64_t kPerSecond = 1'000'000;
  static constexpr const char* kName = "TIMESTAMP WITH TIME ZONE";
};
template <>
struct TimestampUnit<timestamp_sec_t> {
  static constexpr int64_t kPerSecond = 1;
  static constexpr const char* kName = "TIMESTAMP_S";
};
template <>
struct TimestampUnit<timestamp_ms_t> {
  static constexpr int64_t kPerSecond = 1'000;
  static constexpr const char* kName = "TIMESTAMP_MS";
};
template <>
struct TimestampUnit<timestamp_ns_t> {
  static constexpr int64_t kPerSecond = 1'000'000'000;
  static constexpr const char* kName = "TIMESTAMP_NS";
};

template <typename T>
concept TimestampType = requires {
  TimestampUnit<T>::kPerSecond;
};

struct Timestamp {
  /// The finite range of every timestamp type: the int64s strictly between the infinities.
  static constexpr int64_t kMinValue = -timestamp_t::kInfinity + 1;
  static constexpr int64_t kMaxValue = timestamp_t::kInfinity - 1;

  template <TimestampType T>
  static constexpr int64_t UnitsPerDay() {
    return TimestampUnit<T>::kPerSecond * 86400;
  }

  /// Converts between timestamp units. Infinity maps to infinity. Gaining precision
  /// multiplies (false when the result leaves the finite range: TIMESTAMP_NS covers only
  /// 1677-09-21 00:12:43.145224194 .. 2262-04-11 23:47:16.854775806); losing precision
  /// rounds to the nearest, a half away from the epoch (PostgreSQL's timestamp(0):
  /// 11:06:33.5 becomes 11:06:34, 1969-12-31 23:59:59.5 becomes 23:59:59), except from
  /// nanoseconds, which floors (toward negative infinity) as DuckDB does.
  template <TimestampType To, TimestampType From>
  static constexpr bool TryConvert(From from, To& to) {
    if (!from.IsFinite()) {
      to.value = from.value > 0 ? To::kInfinity : -To::kInfinity;
      return true;
    }
    constexpr int64_t kFrom = TimestampUnit<From>::kPerSecond;
    constexpr int64_t kTo = TimestampUnit<To>::kPerSecond;
    if constexpr (kFrom == kTo) {
      to.value = from.value;
      return true;
    } else if constexpr (kFrom < kTo) {
      constexpr int64_t kFactor = kTo / kFrom;
      if (from.value > kMaxValue / kFactor || from.value < kMinValue / kFactor) return false;
      to.value = from.value * kFactor;
      return true;
    } else if constexpr (kFrom == 1'000'000'000) {
      // From nanoseconds: truncated toward the earlier instant, as DuckDB does.
      constexpr int64_t kFactor = kFrom / kTo;
      int64_t q = from.value / kFactor;
      if (from.value % kFactor < 0) q--;
      to.value = q;
      return true;
    } else {
      // To a coarser unit: rounded to the nearest, a half away from the epoch, as
      // PostgreSQL's timestamp(0) and DuckDB's TIMESTAMP_S / TIMESTAMP_MS round.
      constexpr int64_t kFactor = kFrom / kTo;
      const int64_t half = kFactor / 2;
      to.value =
          from.value >= 0 ? (from.value + half) / kFactor : -((-from.value + half) / kFactor);
      return true;
    }
  }

  /// The timestamp at midnight (UTC) of `date`; infinity maps to infinity. False when it
  /// does not fit (only TIMESTAMP_NS and far-off dates).
  template <TimestampType T>
  static constexpr bool TryFromDate(date_t date, T& result) {
    if (!date.IsFinite()) {
      result.value = date.days > 0 ? T::kInfinity : -T::kInfinity;
      return true;
    }
    constexpr int64_t kPerDay = UnitsPerDay<T>();
    if (date.days > kMaxValue / kPerDay || date.days < kMinValue / kPerDay) return false;
    result.value = int64_t{date.days} * kPerDay;
    return true;
  }
  /// The date (floor) of a timestamp; infinity maps to infinity. False only when the day
  /// is outside DATE (TIMESTAMP_S and _MS reach further than DATE).
  template <TimestampType T>
  static constexpr bool TryGetDate(T ts, date_t& result) {
    if (!ts.IsFinite()) {
      result = ts.value > 0 ? date_t::Infinity() : date_t::NegativeInfinity();
      return true;
    }
    int64_t days = FloorDays(ts);
    if (days < Date::kMinDays || days > Date::kMaxDays) return false;
    result.days = static_cast<int32_t>(days);
    return true;
  }
  /// The time of day (micros, floored) of a finite timestamp.
  template <TimestampType T>
  static constexpr dtime_t GetTime(T ts) {
    int64_t in_day = ts.value % UnitsPerDay<T>();
    if (in_day < 0) in_day += UnitsPerDay<T>();
    return {ToMicrosFloor<T>(in_day)};
  }
  /// date + time of day as a TIMESTAMP; infinite dates give infinite timestamps.
  static bool TryFromDateTime(date_t date, dtime_t time, timestamp_t& result);

  /// Parses `[ws] DATE [(T| +)TIME] [ws][OFFSET] [ws][(BC)] [ws]`, or [+|-]infinity, or
  /// epoch. DATE and TIME as Date/Time::TryParse, OFFSET as TimeTz::TryParseOffset (or
  /// `UTC`); a bare date means midnight. An offset converts the local time to UTC, for
  /// TIMESTAMP as for TIMESTAMPTZ (DuckDB does the same). Extra precision is floored
  /// into the unit. False (result unchanged) with *reason on bad text or overflow.
  static bool TryParse(std::string_view text, timestamp_t& result, std::string* reason = nullptr);
  static bool TryParse(std::string_view text, timestamp_sec_t& result,
                       std::string* reason = nullptr);
  static bool TryParse(std::string_view text, timestamp_ms_t& result,
                       std::string* reason = nullptr);
  static bool TryParse(std::string_view text, timestamp_ns_t& result,
                       std::string* reason = nullptr);
  static bool TryParse(std::string_view text, timestamp_tz_t& result,
                       std::string* reason = nullptr);
  /// As TryParse; throws ConversionError naming the text.
  template <TimestampType T>
  static T Parse(std::string_view text) {
    T result;
    std::string reason;
    if (!TryParse(text, result, &reason)) ThrowParseError(TimestampUnit<T>::kName, text, reason);
    return result;
  }

  /// `2024-02-29 13:45:00.123456` (fraction trimmed, omitted when zero; up to 3/6/9 digits
  /// by unit), `0044-03-15 12:00:00 (BC)`, `infinity`, `-infinity`. TIMESTAMPTZ appends
  /// the session offset: `2024-02-29 13:45:00+00`.
  static std::string ToString(timestamp_t ts);
  static std::string ToString(timestamp_sec_t ts);
  static std::string ToString(timestamp_ms_t ts);
  static std::string ToString(timestamp_ns_t ts);
  static std::string ToString(timestamp_tz_t ts);

  /// Days since 1970-01-01 (floor) of a finite timestamp.
  template <TimestampType T>
  static constexpr int64_t FloorDays(T ts) {
    constexpr int64_t kPerDay = UnitsPerDay<T>();
    int64_t days = ts.value / kPerDay;
    if (ts.value % kPerDay < 0) days--;
    return days;
  }

 private:
  template <TimestampType T>
  static constexpr int64_t ToMicrosFloor(int64_t units) {
    constexpr int64_t kPer = TimestampUnit<T>::kPerSecond;
    if constexpr (kPer >= 1'000'000) {
      return units / (kPer / 1'000'000);  // units >= 0 here
    } else {
      return units * (1'000'000 / kPer);
    }
  }
  [[noreturn]] static void ThrowParseError(const char* type, std::string_view text,
                                           const std::string& reason);
};

}  // namespace teal
