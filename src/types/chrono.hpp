// src/types/chrono.hpp — conversions between the stored temporal layouts and std::chrono.
//
// Each conversion is arithmetic on the stored number: a duration is constructed from it
// (or read from one), never split into year/month/day. A range check is one comparison
// of that number, and infinity is the stored constant compared as a number: it has no
// std::chrono counterpart, so converting it is an error. Try* functions return false
// (leaving the result unchanged); the others throw ConversionError naming the value.
// Header-only and constexpr where the standard allows; thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <string>

#include "teal/datetime.hpp"
#include "teal/error.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"

namespace teal {

/// The std::chrono duration a timestamp type stores.
template <typename T>
struct ChronoDuration;
template <>
struct ChronoDuration<timestamp_t> {
  using type = std::chrono::microseconds;
};
template <>
struct ChronoDuration<timestamp_tz_t> {
  using type = std::chrono::microseconds;
};
template <>
struct ChronoDuration<timestamp_sec_t> {
  using type = std::chrono::seconds;
};
template <>
struct ChronoDuration<timestamp_ms_t> {
  using type = std::chrono::milliseconds;
};
template <>
struct ChronoDuration<timestamp_ns_t> {
  using type = std::chrono::nanoseconds;
};
template <typename T>
using ChronoTimePoint = std::chrono::sys_time<typename ChronoDuration<T>::type>;

/// A TIMETZ as std::chrono values: the local time of day and the offset east of UTC.
struct ChronoTimeTz {
  std::chrono::microseconds local;
  std::chrono::seconds offset;
};

namespace chrono_detail {
[[noreturn]] inline void ThrowOutOfRange(const char* type, const std::string& value,
                                         const char* target) {
  throw ConversionError("cannot convert " + std::string(type) + " value " + value + " to " +
                        target + ": out of range");
}
}  // namespace chrono_detail

// --- DATE <-> sys_days -------------------------------------------------------------------

constexpr bool TryToSysDays(date_t date, std::chrono::sys_days& result) {
  if (!date.IsFinite()) return false;
  result = std::chrono::sys_days(std::chrono::days(date.days));
  return true;
}
constexpr std::chrono::sys_days ToSysDays(date_t date) {
  std::chrono::sys_days result;
  if (!TryToSysDays(date, result)) {
    chrono_detail::ThrowOutOfRange("DATE", Date::ToString(date), "std::chrono::sys_days");
  }
  return result;
}
constexpr bool TryFromSysDays(std::chrono::sys_days days, date_t& result) {
  auto n = days.time_since_epoch().count();
  if (n < Date::kMinDays || n > Date::kMaxDays) return false;
  result.days = static_cast<int32_t>(n);
  return true;
}
constexpr date_t FromSysDays(std::chrono::sys_days days) {
  date_t result;
  if (!TryFromSysDays(days, result)) {
    chrono_detail::ThrowOutOfRange(
        "std::chrono::sys_days", std::to_string(days.time_since_epoch().count()) + " days", "DATE");
  }
  return result;
}

// --- TIMESTAMP* <-> sys_time<duration of its unit> ---------------------------------------

template <TimestampType T>
constexpr bool TryToSysTime(T ts, ChronoTimePoint<T>& result) {
  if (!ts.IsFinite()) return false;
  result = ChronoTimePoint<T>(typename ChronoDuration<T>::type(ts.value));
  return true;
}
template <TimestampType T>
constexpr ChronoTimePoint<T> ToSysTime(T ts) {
  ChronoTimePoint<T> result;
  if (!TryToSysTime(ts, result)) {
    chrono_detail::ThrowOutOfRange(TimestampUnit<T>::kName, Timestamp::ToString(ts),
                                   "std::chrono::sys_time");
  }
  return result;
}
/// The stored number must lie strictly between the infinities (INT64_MIN is not a value).
template <TimestampType T>
constexpr bool TryFromSysTime(ChronoTimePoint<T> tp, T& result) {
  int64_t n = tp.time_since_epoch().count();
  if (n < Timestamp::kMinValue || n > Timestamp::kMaxValue) return false;
  result.value = n;
  return true;
}
/// FromSysTime<timestamp_ns_t>(tp): the timestamp type names the unit.
template <TimestampType T>
constexpr T FromSysTime(ChronoTimePoint<T> tp) {
  T result;
  if (!TryFromSysTime(tp, result)) {
    chrono_detail::ThrowOutOfRange("std::chrono::sys_time",
                                   std::to_string(tp.time_since_epoch().count()),
                                   TimestampUnit<T>::kName);
  }
  return result;
}

// --- TIME <-> microseconds / hh_mm_ss -----------------------------------------------------

constexpr std::chrono::microseconds ToDuration(dtime_t time) {
  return std::chrono::microseconds(time.micros);
}
constexpr std::chrono::hh_mm_ss<std::chrono::microseconds> ToHhMmSs(dtime_t time) {
  return std::chrono::hh_mm_ss<std::chrono::microseconds>(ToDuration(time));
}
/// 0 ..= 24h (24:00:00 is a TIME).
constexpr bool TryFromDuration(std::chrono::microseconds d, dtime_t& result) {
  if (d.count() < 0 || d.count() > Time::kMicrosPerDay) return false;
  result.micros = d.count();
  return true;
}
constexpr dtime_t FromDuration(std::chrono::microseconds d) {
  dtime_t result;
  if (!TryFromDuration(d, result)) {
    chrono_detail::ThrowOutOfRange("std::chrono::microseconds", std::to_string(d.count()), "TIME");
  }
  return result;
}
constexpr bool TryFromHhMmSs(const std::chrono::hh_mm_ss<std::chrono::microseconds>& hms,
                             dtime_t& result) {
  return !hms.is_negative() && TryFromDuration(hms.to_duration(), result);
}

// --- TIMETZ <-> (microseconds, offset seconds) --------------------------------------------

constexpr ChronoTimeTz ToChronoTimeTz(dtime_tz_t v) {
  return {std::chrono::microseconds(TimeTz::LocalMicros(v)),
          std::chrono::seconds(TimeTz::OffsetSeconds(v))};
}
constexpr bool TryFromChronoTimeTz(ChronoTimeTz v, dtime_tz_t& result) {
  if (v.local.count() < 0 || v.local.count() > Time::kMicrosPerDay) return false;
  if (v.offset.count() < -TimeTz::kMaxOffset || v.offset.count() > TimeTz::kMaxOffset) {
    return false;
  }
  result = TimeTz::Encode(v.local.count(), static_cast<int32_t>(v.offset.count()));
  return true;
}
constexpr dtime_tz_t FromChronoTimeTz(ChronoTimeTz v) {
  dtime_tz_t result;
  if (!TryFromChronoTimeTz(v, result)) {
    chrono_detail::ThrowOutOfRange(
        "std::chrono time of day and offset",
        std::to_string(v.local.count()) + "us " + std::to_string(v.offset.count()) + "s", "TIMETZ");
  }
  return result;
}

}  // namespace teal
