// src/types/date.cpp — DATE calendar arithmetic, parsing and rendering.
//
// Calendar arithmetic (DaysFromCivil / CivilFromDays in date.hpp):
//   The proleptic Gregorian calendar repeats every 400 years, which are exactly 146097
//   days. Counting years from March 1st moves the leap day to the end of the year, so a
//   day-of-year maps to a month by the linear formula (153 * m + 2) / 5 (m = 0 for March),
//   which reproduces the 31,30,31,30,31,31,30,31,30,31,31,28/29 month lengths. A date is
//   then era * 146097 + day-of-era, with floor division for eras before year 0. Both
//   directions are pure integer arithmetic, valid for every int32 day count, and exact
//   inverses (tested over whole years in date_test.cpp).
//
// Text format:
//   Written years are positive: astronomical year 0 is "0001 (BC)", year -43 is
//   "0044 (BC)". Output pads the year to four digits and never writes a sign; years past
//   9999 are written in full. Input accepts 1-9 year digits, 1-2 month and day digits,
//   '-' separators, an optional "(BC)" or "BC" after the date, a time of day (with or without
//   an offset, after a space or 'T', read and dropped as PostgreSQL does), surrounding
//   whitespace, and the words infinity, +infinity, -infinity and epoch (case-insensitive). Year 0
//   is not a written year and is rejected, as in PostgreSQL.
#include "types/date.hpp"

#include <fmt/format.h>

#include "teal/error.hpp"
#include "types/temporal_text.hpp"
#include "types/time.hpp"

namespace teal {

using temporal_text::AppendPadded;
using temporal_text::TextCursor;

namespace {
constexpr const char* kMonthNames[12] = {"January",   "February", "March",    "April",
                                         "May",       "June",     "July",     "August",
                                         "September", "October",  "November", "December"};

std::string WrittenYear(int64_t year) {
  return year <= 0 ? fmt::format("{} BC", 1 - year) : fmt::format("{}", year);
}
}  // namespace

bool Date::TryFromCivil(int64_t year, int32_t month, int32_t day, date_t& result,
                        std::string* reason) {
  if (month < 1 || month > 12) {
    if (reason) *reason = fmt::format("month {} is out of range", month);
    return false;
  }
  if (day < 1 || day > DaysInMonth(year, month)) {
    if (reason) {
      *reason = fmt::format("day {} is out of range for {} {}", day, kMonthNames[month - 1],
                            WrittenYear(year));
    }
    return false;
  }
  // Beyond ±2^40 years DaysFromCivil itself could overflow; such years are far outside
  // DATE (about ±5.8 million years) anyway.
  constexpr int64_t kYearLimit = int64_t{1} << 40;
  int64_t days = year > -kYearLimit && year < kYearLimit ? DaysFromCivil(year, month, day)
                                                         : int64_t{kMaxDays} + 1;
  if (days < kMinDays || days > kMaxDays) {
    if (reason) *reason = fmt::format("year {} is out of the DATE range", WrittenYear(year));
    return false;
  }
  result.days = static_cast<int32_t>(days);
  return true;
}

date_t Date::FromCivil(int64_t year, int32_t month, int32_t day) {
  date_t result;
  std::string reason;
  if (!TryFromCivil(year, month, day, result, &reason)) {
    throw ConversionError(fmt::format("cannot make a DATE from year {}, month {}, day {}: {}", year,
                                      month, day, reason));
  }
  return result;
}

void Date::ToCivil(date_t date, int32_t& year, int32_t& month, int32_t& day) {
  int64_t y;
  CivilFromDays(date.days, y, month, day);
  year = static_cast<int32_t>(y);  // |y| < 6 million for every int32 day count
}

bool Date::TryParseCivil(std::string_view text, size_t& pos, int64_t& year, int32_t& month,
                         int32_t& day) {
  TextCursor cursor(text);
  cursor.Reset(pos);
  int64_t y, m, d;
  if (!cursor.ParseDigits(1, 9, y) || temporal_text::IsDigit(cursor.Peek())) return false;
  // YYYY-MM-DD, or with / or a space between the fields (both the same), as PostgreSQL and
  // DuckDB read them.
  const char separator = cursor.Peek();
  if (separator != '-' && separator != '/' && separator != ' ') return false;
  if (!cursor.Consume(separator) || !cursor.ParseDigits(1, 2, m)) return false;
  if (!cursor.Consume(separator) || !cursor.ParseDigits(1, 2, d)) return false;
  if (temporal_text::IsDigit(cursor.Peek())) return false;
  year = y;
  month = static_cast<int32_t>(m);
  day = static_cast<int32_t>(d);
  pos = cursor.Position();
  return true;
}

bool Date::TryCivilToDays(int64_t written_year, int32_t month, int32_t day, bool bc, int64_t& days,
                          std::string* reason) {
  if (written_year == 0) {
    if (reason) *reason = "year 0 does not exist (1 BC is written 0001-01-01 (BC))";
    return false;
  }
  int64_t year = bc ? 1 - written_year : written_year;
  if (month < 1 || month > 12) {
    if (reason) *reason = fmt::format("month {} is out of range", month);
    return false;
  }
  if (day < 1 || day > DaysInMonth(year, month)) {
    if (reason) {
      *reason = fmt::format("day {} is out of range for {} {}", day, kMonthNames[month - 1],
                            WrittenYear(year));
    }
    return false;
  }
  days = DaysFromCivil(year, month, day);
  return true;
}

bool Date::TryCivilToDate(int64_t written_year, int32_t month, int32_t day, bool bc, date_t& result,
                          std::string* reason) {
  int64_t days;
  if (!TryCivilToDays(written_year, month, day, bc, days, reason)) return false;
  if (days < kMinDays || days > kMaxDays) {
    if (reason) {
      *reason = fmt::format("year {} is out of the DATE range",
                            WrittenYear(bc ? 1 - written_year : written_year));
    }
    return false;
  }
  result.days = static_cast<int32_t>(days);
  return true;
}

namespace {
// Consumes "(BC)" or "BC", optionally preceded by whitespace.
bool ConsumeBc(TextCursor& cursor) {
  size_t start = cursor.Position();
  cursor.SkipSpaces();
  if (cursor.ConsumeWord("(bc)") || cursor.ConsumeWord("bc")) return true;
  cursor.Reset(start);
  return false;
}

// The infinities and epoch; on success the cursor is past the word.
bool ConsumeSpecialDate(TextCursor& cursor, date_t& result) {
  if (cursor.ConsumeWord("infinity") || cursor.ConsumeWord("+infinity")) {
    result = date_t::Infinity();
  } else if (cursor.ConsumeWord("-infinity")) {
    result = date_t::NegativeInfinity();
  } else if (cursor.ConsumeWord("epoch")) {
    result = date_t{0};
  } else {
    return false;
  }
  return true;
}
}  // namespace

bool Date::TryParse(std::string_view text, date_t& result, std::string* reason) {
  TextCursor cursor(text);
  cursor.SkipSpaces();
  date_t parsed;
  if (ConsumeSpecialDate(cursor, parsed)) {
    cursor.SkipSpaces();
  } else {
    size_t pos = cursor.Position();
    int64_t year;
    int32_t month, day;
    if (!TryParseCivil(text, pos, year, month, day)) {
      if (reason) *reason = "expected a date in the form YYYY-MM-DD";
      return false;
    }
    cursor.Reset(pos);
    bool bc = ConsumeBc(cursor);
    // A time of day after the date ('2021-01-01 12:00:00', '…T12:00:00+05') is read and
    // left out, as PostgreSQL's date input does: the date is the one written.
    if (!cursor.AtEnd() && (cursor.Peek() == ' ' || cursor.Peek() == 'T' || cursor.Peek() == 't')) {
      const size_t before_time = cursor.Position();
      cursor.Advance();
      dtime_t time;
      dtime_tz_t time_tz;
      if (Time::TryParse(cursor.Rest(), time) || TimeTz::TryParse(cursor.Rest(), time_tz)) {
        cursor.Reset(text.size());
      } else {
        cursor.Reset(before_time);
      }
    }
    cursor.SkipSpaces();
    if (cursor.AtEnd() && !TryCivilToDate(year, month, day, bc, parsed, reason)) return false;
  }
  if (!cursor.AtEnd()) {
    if (reason) *reason = fmt::format("unexpected text \"{}\" after the date", cursor.Rest());
    return false;
  }
  result = parsed;
  return true;
}

date_t Date::Parse(std::string_view text) {
  date_t result;
  std::string reason;
  if (!TryParse(text, result, &reason)) {
    throw ConversionError(fmt::format("invalid DATE \"{}\": {}", text, reason));
  }
  return result;
}

bool Date::AppendCivil(date_t date, std::string& out) {
  int32_t year, month, day;
  ToCivil(date, year, month, day);
  bool bc = year <= 0;
  AppendPadded(out, static_cast<uint64_t>(bc ? 1 - int64_t{year} : year), 4);
  out.push_back('-');
  AppendPadded(out, static_cast<uint64_t>(month), 2);
  out.push_back('-');
  AppendPadded(out, static_cast<uint64_t>(day), 2);
  return bc;
}

std::string Date::ToString(date_t date) {
  if (date == date_t::Infinity()) return "infinity";
  if (date == date_t::NegativeInfinity()) return "-infinity";
  std::string out;
  out.reserve(16);
  if (AppendCivil(date, out)) out += " (BC)";
  return out;
}

int32_t Date::IsoDayOfWeek(date_t date) {
  // 1970-01-01 was a Thursday (4).
  int64_t d = (int64_t{date.days} + 3) % 7;
  if (d < 0) d += 7;
  return static_cast<int32_t>(d + 1);
}

bool Date::TryAddDays(date_t date, int64_t days, date_t& result) {
  if (!date.IsFinite()) {
    result = date;
    return true;
  }
  if (days > int64_t{kMaxDays} * 2 || days < int64_t{kMinDays} * 2) return false;
  int64_t sum = int64_t{date.days} + days;
  if (sum < kMinDays || sum > kMaxDays) return false;
  result.days = static_cast<int32_t>(sum);
  return true;
}

bool Date::TryAddMonths(date_t date, int64_t months, date_t& result) {
  if (!date.IsFinite()) {
    result = date;
    return true;
  }
  // Every finite date is within ±6 million years, so bigger steps always overflow.
  constexpr int64_t kMonthLimit = int64_t{12} * 10'000'000;
  if (months > kMonthLimit || months < -kMonthLimit) return false;
  int32_t year, month, day;
  ToCivil(date, year, month, day);
  int64_t month_index = int64_t{year} * 12 + (month - 1) + months;
  int64_t new_year = month_index >= 0 ? month_index / 12 : (month_index - 11) / 12;
  int32_t new_month = static_cast<int32_t>(month_index - new_year * 12) + 1;
  int32_t max_day = DaysInMonth(new_year, new_month);
  return TryFromCivil(new_year, new_month, day < max_day ? day : max_day, result);
}

}  // namespace teal
