// Civil-field helpers shared by the date function files: a finite DATE / TIMESTAMP /
// TIMESTAMPTZ as micros since the epoch, and its fields (see date_functions.cpp).
#pragma once

#include <fmt/format.h>

#include <cstdint>

#include "teal/error.hpp"
#include "types/date.hpp"
#include "types/interval.hpp"
#include "types/timestamp.hpp"

namespace teal::scalar {

inline constexpr int64_t kMicrosPerSecond = 1'000'000;
inline constexpr int64_t kMicrosPerDay = Interval::kMicrosPerDay;

inline const char* const kDayNames[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday"};
inline const char* const kMonthNames[] = {"January",   "February", "March",    "April",
                                          "May",       "June",     "July",     "August",
                                          "September", "October",  "November", "December"};

/// A finite instant broken into civil fields.
struct Fields {
  int64_t micros;  // since the epoch
  int64_t days;    // since the epoch (floor)
  int64_t year;
  int32_t month, day;
  int64_t time;  // micros since midnight
};

inline Fields Split(int64_t micros) {
  Fields f;
  f.micros = micros;
  f.days = micros / kMicrosPerDay;
  if (micros % kMicrosPerDay < 0) f.days--;
  f.time = micros - f.days * kMicrosPerDay;
  Date::CivilFromDays(f.days, f.year, f.month, f.day);
  return f;
}

/// The instant of a DATE / TIMESTAMP / TIMESTAMPTZ as micros; false when infinite.
inline bool ToMicros(date_t d, int64_t& out) {
  if (!d.IsFinite()) return false;
  // Dates reach further than timestamps (about 294000 years): the midnights that fit in
  // micros, 290309-12-22 (BC) to 294247-01-10 (DuckDB's range of timestamps).
  constexpr int64_t kMaxDays = INT64_MAX / Interval::kMicrosPerDay;
  if (d.days > kMaxDays || d.days < -kMaxDays) {
    throw OutOfRangeError(
        fmt::format("date {} is out of the range of a timestamp", Date::ToString(d)));
  }
  out = int64_t{d.days} * kMicrosPerDay;
  return true;
}
inline bool ToMicros(timestamp_t t, int64_t& out) {
  out = t.value;
  return t.IsFinite();
}
inline bool ToMicros(timestamp_tz_t t, int64_t& out) {
  out = t.value;
  return t.IsFinite();
}

inline int32_t IsoDayOfWeek(int64_t days) {
  int64_t dow = (days + 3) % 7;  // 1970-01-01 was a Thursday (ISO 4)
  if (dow < 0) dow += 7;
  return static_cast<int32_t>(dow + 1);
}

inline int64_t DayOfYear(const Fields& f) { return f.days - Date::DaysFromCivil(f.year, 1, 1) + 1; }

/// ISO 8601 week number: the week (Monday first) holding the year's first Thursday is 1.
inline int64_t IsoWeek(const Fields& f, int64_t* iso_year = nullptr) {
  int64_t thursday = f.days + (4 - IsoDayOfWeek(f.days));
  int64_t year;
  int32_t month, day;
  Date::CivilFromDays(thursday, year, month, day);
  if (iso_year) *iso_year = year;
  return (thursday - Date::DaysFromCivil(year, 1, 1)) / 7 + 1;
}

inline int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

}  // namespace teal::scalar
