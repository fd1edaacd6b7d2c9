// src/types/date.hpp — DATE: calendar arithmetic, parsing and rendering.
//
// A date_t is days since 1970-01-01 in the proleptic Gregorian calendar; every int32 is a
// date except ±INT32_MAX, which are ±infinity (date_t::Infinity()). Years are astronomical
// in arithmetic (year 0 = 1 BC, year -43 = 44 BC) and written with " (BC)" in text.
// Stateless and thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "teal/datetime.hpp"

namespace teal {

struct Date {
  static constexpr int64_t kMicrosPerDay = int64_t{86400} * 1000 * 1000;
  /// The finite range: everything but the two infinities.
  static constexpr int32_t kMinDays = -date_t::kInfinity + 1;
  static constexpr int32_t kMaxDays = date_t::kInfinity - 1;

  static constexpr bool IsLeapYear(int64_t year) {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  }
  /// Days in `month` (1..12) of `year`.
  static constexpr int32_t DaysInMonth(int64_t year, int32_t month) {
    constexpr int32_t kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && IsLeapYear(year) ? 29 : kDays[month - 1];
  }

  /// Days since 1970-01-01 of a civil date. No validation: month must be 1..12 and the
  /// year small enough (|year| < 2^40) for int64; day may be anything (it is just added).
  static constexpr int64_t DaysFromCivil(int64_t year, int32_t month, int32_t day) {
    // Count years from March so that the leap day is the last day of its year, then split
    // into 400-year eras of exactly 146097 days (see date.cpp).
    int64_t y = year - (month <= 2 ? 1 : 0);
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t year_of_era = y - era * 400;                               // [0, 399]
    int64_t month_from_march = (month + 9) % 12;                       // [0, 11]
    int64_t day_of_year = (153 * month_from_march + 2) / 5 + day - 1;  // [0, 365]
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;  // 719468 = days from 0000-03-01 to 1970-01-01
  }
  /// The civil date of `days` since 1970-01-01 (any int64 within ±2^50).
  static constexpr void CivilFromDays(int64_t days, int64_t& year, int32_t& month, int32_t& day) {
    int64_t z = days + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t day_of_era = z - era * 146097;  // [0, 146096]
    int64_t year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    int64_t month_from_march = (5 * day_of_year + 2) / 153;
    day = static_cast<int32_t>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
    month =
        static_cast<int32_t>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
    year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
  }

  /// True when year/month/day name a real day (any year; range is not checked).
  static constexpr bool IsValidCivil(int64_t year, int32_t month, int32_t day) {
    return month >= 1 && month <= 12 && day >= 1 && day <= DaysInMonth(year, month);
  }
  /// The date of an astronomical year, month, day. False (result unchanged) when the day
  /// does not exist or lies outside the finite DATE range; *reason (when given) says which.
  static bool TryFromCivil(int64_t year, int32_t month, int32_t day, date_t& result,
                           std::string* reason = nullptr);
  /// As TryFromCivil; throws ConversionError instead of returning false.
  static date_t FromCivil(int64_t year, int32_t month, int32_t day);
  /// The astronomical year, month and day of a finite date. Precondition: date.IsFinite().
  static void ToCivil(date_t date, int32_t& year, int32_t& month, int32_t& day);

  /// Parses `[ws] (YYYY-MM-DD [ws][(BC)|BC] | [+|-]infinity | epoch) [ws]`. Month and day
  /// may have one or two digits, the year one to nine. False (result unchanged) otherwise,
  /// with *reason naming what was wrong ("day 29 is out of range for February 2023").
  static bool TryParse(std::string_view text, date_t& result, std::string* reason = nullptr);
  /// As TryParse; throws ConversionError naming the text.
  static date_t Parse(std::string_view text);
  /// The `YYYY-MM-DD` at text[pos...] (no whitespace skipping, no BC, no validation beyond
  /// digit counts); advances pos past it. For the timestamp parser and file readers.
  static bool TryParseCivil(std::string_view text, size_t& pos, int64_t& year, int32_t& month,
                            int32_t& day);
  /// Checks a parsed civil date (year as written, 1..999999999, `bc` when it carried a BC
  /// marker) and converts it to days since 1970-01-01 without the DATE range check (for
  /// timestamps in seconds, whose range is wider). *reason as TryParse.
  static bool TryCivilToDays(int64_t written_year, int32_t month, int32_t day, bool bc,
                             int64_t& days, std::string* reason);
  /// As TryCivilToDays, and within the DATE range.
  static bool TryCivilToDate(int64_t written_year, int32_t month, int32_t day, bool bc,
                             date_t& result, std::string* reason);

  /// `2024-02-29`, `0044-03-15 (BC)`, `infinity`, `-infinity`.
  static std::string ToString(date_t date);
  /// Appends `YYYY-MM-DD` of a finite date, without the BC marker; returns true when the
  /// year is BC (so that a timestamp can put the marker after its time).
  static bool AppendCivil(date_t date, std::string& out);

  /// ISO day of the week: Monday 1 ... Sunday 7. Precondition: finite.
  static int32_t IsoDayOfWeek(date_t date);
  /// date + days; false when the result leaves the finite range or `date` is infinite
  /// (infinity plus a number stays infinity: returns true with result = date).
  static bool TryAddDays(date_t date, int64_t days, date_t& result);
  /// date + months, the day clamped to the end of the target month (01-31 + 1 month =
  /// 02-28/29), as PostgreSQL does. Infinity stays infinity.
  static bool TryAddMonths(date_t date, int64_t months, date_t& result);
  /// a - b in days. Precondition: both finite (then it always fits in int64).
  static int64_t DaysBetween(date_t a, date_t b) { return int64_t{a.days} - b.days; }
};

}  // namespace teal
