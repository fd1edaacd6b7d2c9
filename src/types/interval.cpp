// src/types/interval.cpp — INTERVAL parsing, rendering and arithmetic.
//
// Parsing accumulates months, days and micros in 128-bit integers and checks the int32 /
// int32 / int64 ranges once at the end, so no intermediate step can overflow silently.
// A number is read as an integer part plus up to 18 fraction digits (more are read and
// ignored); the fraction is carried down exactly (in units of 1e-18) into the next
// smaller field: months -> days (x30) -> micros (x86400e6); weeks -> days (x7) -> micros;
// hours, minutes, seconds, ... straight into micros. What remains below a microsecond is
// summed over the whole text and rounded half to even once, at the end ('0.0000000004
// day' is 34.56 microseconds: 00:00:00.000035; '0.5 us' is 0, as in PostgreSQL). A
// fraction of a year (decade, century, millennium) becomes whole months, rounded half to
// even, as in PostgreSQL: '1.3 years' is 1 year 4 months, not 1 year 3 months 18 days.
//
// Rendering follows DuckDB: years and months from `months` (12 months a year), then
// days, then the micros as a signed clock [-]HH:MM:SS[.ffffff] whose hours may exceed 24.
// Each part appears only when non-zero; all zero renders `00:00:00`.
#include "types/interval.hpp"

#include <fmt/format.h>

#include <cmath>

#include "teal/error.hpp"
#include "types/date.hpp"
#include "types/temporal_text.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"

namespace teal {

using temporal_text::TextCursor;

namespace {

constexpr int64_t kFractionScale = 1'000'000'000'000'000'000;
constexpr int kFractionDigits = 18;

enum class Field { kYears, kMonths, kDays, kMicros };

struct Unit {
  std::string_view name;
  Field field;
  int64_t factor;  // units of `field` per one of this unit
};

constexpr Unit kUnits[] = {
    {"millennium", Field::kYears, 12000},
    {"millennia", Field::kYears, 12000},
    {"millenniums", Field::kYears, 12000},
    {"century", Field::kYears, 1200},
    {"centuries", Field::kYears, 1200},
    {"decade", Field::kYears, 120},
    {"decades", Field::kYears, 120},
    {"year", Field::kYears, 12},
    {"years", Field::kYears, 12},
    {"yr", Field::kYears, 12},
    {"yrs", Field::kYears, 12},
    {"y", Field::kYears, 12},
    {"month", Field::kMonths, 1},
    {"months", Field::kMonths, 1},
    {"mon", Field::kMonths, 1},
    {"mons", Field::kMonths, 1},
    {"week", Field::kDays, 7},
    {"weeks", Field::kDays, 7},
    {"w", Field::kDays, 7},
    {"day", Field::kDays, 1},
    {"days", Field::kDays, 1},
    {"d", Field::kDays, 1},
    {"hour", Field::kMicros, Time::kMicrosPerHour},
    {"hours", Field::kMicros, Time::kMicrosPerHour},
    {"hr", Field::kMicros, Time::kMicrosPerHour},
    {"hrs", Field::kMicros, Time::kMicrosPerHour},
    {"h", Field::kMicros, Time::kMicrosPerHour},
    {"minute", Field::kMicros, Time::kMicrosPerMinute},
    {"minutes", Field::kMicros, Time::kMicrosPerMinute},
    {"min", Field::kMicros, Time::kMicrosPerMinute},
    {"mins", Field::kMicros, Time::kMicrosPerMinute},
    {"m", Field::kMicros, Time::kMicrosPerMinute},
    {"second", Field::kMicros, Time::kMicrosPerSecond},
    {"seconds", Field::kMicros, Time::kMicrosPerSecond},
    {"sec", Field::kMicros, Time::kMicrosPerSecond},
    {"secs", Field::kMicros, Time::kMicrosPerSecond},
    {"s", Field::kMicros, Time::kMicrosPerSecond},
    {"millisecond", Field::kMicros, 1000},
    {"milliseconds", Field::kMicros, 1000},
    {"msec", Field::kMicros, 1000},
    {"msecs", Field::kMicros, 1000},
    {"ms", Field::kMicros, 1000},
    {"microsecond", Field::kMicros, 1},
    {"microseconds", Field::kMicros, 1},
    {"usec", Field::kMicros, 1},
    {"usecs", Field::kMicros, 1},
    {"us", Field::kMicros, 1},
};

struct Accumulator {
  int128 months = 0;
  int128 days = 0;
  int128 micros = 0;
  int128 sub_micros = 0;  // in 1e-18 microseconds, rounded into `micros` by TryFinish

  // Adds sign * (whole + fraction / 1e18) units of `factor` x `field`, carrying the
  // fraction down into the smaller fields.
  void Add(Field field, int64_t factor, int64_t whole, int64_t fraction, int sign) {
    int128 frac = int128{fraction} * factor;  // in 1e-18 of `field`
    switch (field) {
      case Field::kYears: {  // `factor` months a unit; the fraction rounds to months
        int128 extra = frac / kFractionScale, rest = frac % kFractionScale;
        if (rest * 2 > kFractionScale || (rest * 2 == kFractionScale && extra % 2 == 1)) extra++;
        months += sign * (int128{whole} * factor + extra);
        break;
      }
      case Field::kMonths:
        months += sign * (int128{whole} * factor + frac / kFractionScale);
        frac = frac % kFractionScale * Interval::kDaysPerMonth;
        [[fallthrough]];
      case Field::kDays:
        if (field == Field::kDays) days += sign * (int128{whole} * factor);
        days += sign * (frac / kFractionScale);
        frac = frac % kFractionScale * Interval::kMicrosPerDay;
        micros += sign * (frac / kFractionScale);
        sub_micros += sign * (frac % kFractionScale);
        break;
      case Field::kMicros:
        micros += sign * (int128{whole} * factor + frac / kFractionScale);
        sub_micros += sign * (frac % kFractionScale);
        break;
    }
  }
  void Negate() {
    months = -months;
    days = -days;
    micros = -micros;
    sub_micros = -sub_micros;
  }
  bool TryFinish(interval_t& result, std::string* reason) const {
    int128 total_micros = micros + sub_micros / kFractionScale;
    const int128 rest = sub_micros % kFractionScale;
    const bool odd = total_micros % 2 != 0;
    if (rest * 2 > kFractionScale || (rest * 2 == kFractionScale && odd)) total_micros++;
    if (rest * 2 < -kFractionScale || (rest * 2 == -kFractionScale && odd)) total_micros--;
    constexpr int128 kMax32 = std::numeric_limits<int32_t>::max();
    constexpr int128 kMax64 = std::numeric_limits<int64_t>::max();
    if (months > kMax32 || months < -kMax32 - 1 || days > kMax32 || days < -kMax32 - 1 ||
        total_micros > kMax64 || total_micros < -kMax64 - 1) {
      if (reason) *reason = "interval out of range";
      return false;
    }
    result = {static_cast<int32_t>(months), static_cast<int32_t>(days),
              static_cast<int64_t>(total_micros)};
    return true;
  }
};

// [+|-] digits [. digits]; at least one digit overall.
bool ParseNumber(TextCursor& cursor, int& sign, int64_t& whole, int64_t& fraction,
                 std::string* reason) {
  size_t start = cursor.Position();
  sign = 1;
  if (cursor.Consume('-')) {
    sign = -1;
  } else {
    cursor.Consume('+');
  }
  whole = 0;
  fraction = 0;
  bool any = false;
  if (temporal_text::IsDigit(cursor.Peek())) {
    if (cursor.CountDigits() > 18) {
      if (reason) *reason = "interval out of range";
      return false;
    }
    cursor.ParseDigits(1, 18, whole);
    any = true;
  }
  if (cursor.Peek() == '.' && temporal_text::IsDigit(cursor.Peek(1))) {
    cursor.Advance();
    int64_t digits_value = 0;
    int digits = 0;
    cursor.ParseDigits(1, kFractionDigits, digits_value, &digits);
    while (temporal_text::IsDigit(cursor.Peek())) cursor.Advance();
    fraction = digits_value;
    for (int i = digits; i < kFractionDigits; i++) fraction *= 10;
    any = true;
  }
  if (!any) {
    cursor.Reset(start);
    if (reason) *reason = fmt::format("expected a number at \"{}\"", cursor.Rest());
    return false;
  }
  return true;
}

// The clock part `H:MM[:SS[.f]]` after its hours and ':' were seen; hours already read.
bool ParseClockRest(TextCursor& cursor, int64_t hours, int128& micros, std::string* reason) {
  int64_t minutes, seconds = 0, fraction = 0;
  if (!cursor.ParseDigits(1, 2, minutes)) {
    if (reason) *reason = "expected minutes after ':'";
    return false;
  }
  if (cursor.Consume(':')) {
    if (!cursor.ParseDigits(1, 2, seconds)) {
      if (reason) *reason = "expected seconds after ':'";
      return false;
    }
    if (cursor.Peek() == '.' && temporal_text::IsDigit(cursor.Peek(1))) {
      cursor.Advance();
      if (!temporal_text::ParseFractionNanos(cursor, fraction)) {
        if (reason) *reason = "more than 9 fraction digits in a number";
        return false;
      }
    }
  }
  if (minutes > 59 || seconds > 59) {
    if (reason) *reason = "minutes and seconds of a time must be below 60";
    return false;
  }
  micros = int128{hours} * Time::kMicrosPerHour + minutes * Time::kMicrosPerMinute +
           seconds * Time::kMicrosPerSecond + fraction / 1000;
  return true;
}

const Unit* FindUnit(std::string_view word) {
  for (const Unit& unit : kUnits) {
    if (unit.name == word) return &unit;
  }
  return nullptr;
}

bool ParseIso(TextCursor& cursor, Accumulator& acc, std::string* reason) {
  bool in_time = false;
  bool any = false;
  while (!cursor.AtEnd() && !temporal_text::IsSpace(cursor.Peek())) {
    if (!in_time && (cursor.Consume('T') || cursor.Consume('t'))) {
      in_time = true;
      continue;
    }
    int sign;
    int64_t whole, fraction;
    if (!ParseNumber(cursor, sign, whole, fraction, reason)) return false;
    char designator = temporal_text::ToLower(cursor.Peek());
    cursor.Advance();
    if (!in_time && designator == 'y') {
      acc.Add(Field::kYears, 12, whole, fraction, sign);
    } else if (!in_time && designator == 'm') {
      acc.Add(Field::kMonths, 1, whole, fraction, sign);
    } else if (!in_time && designator == 'w') {
      acc.Add(Field::kDays, 7, whole, fraction, sign);
    } else if (!in_time && designator == 'd') {
      acc.Add(Field::kDays, 1, whole, fraction, sign);
    } else if (in_time && designator == 'h') {
      acc.Add(Field::kMicros, Time::kMicrosPerHour, whole, fraction, sign);
    } else if (in_time && designator == 'm') {
      acc.Add(Field::kMicros, Time::kMicrosPerMinute, whole, fraction, sign);
    } else if (in_time && designator == 's') {
      acc.Add(Field::kMicros, Time::kMicrosPerSecond, whole, fraction, sign);
    } else {
      if (reason) *reason = "ISO 8601 interval components must be nY nM nW nD T nH nM nS";
      return false;
    }
    any = true;
  }
  if (!any) {
    if (reason) *reason = "ISO 8601 interval without components";
    return false;
  }
  return true;
}

bool ParseInterval(std::string_view text, interval_t& result, std::string* reason) {
  TextCursor cursor(text);
  Accumulator acc;
  cursor.SkipSpaces();
  cursor.Consume('@');
  cursor.SkipSpaces();
  if (cursor.AtEnd()) {
    if (reason) *reason = "empty interval";
    return false;
  }
  if (cursor.Peek() == 'P' || cursor.Peek() == 'p') {
    cursor.Advance();
    if (!ParseIso(cursor, acc, reason)) return false;
    cursor.SkipSpaces();
    if (!cursor.AtEnd()) {
      if (reason) *reason = fmt::format("unexpected text \"{}\" in the interval", cursor.Rest());
      return false;
    }
    return acc.TryFinish(result, reason);
  }
  bool any = false;
  while (true) {
    cursor.SkipSpaces();
    if (cursor.AtEnd()) break;
    if (any && cursor.ConsumeWord("ago")) {
      cursor.SkipSpaces();
      if (!cursor.AtEnd()) {
        if (reason) *reason = "\"ago\" must end the interval";
        return false;
      }
      acc.Negate();
      break;
    }
    int sign;
    int64_t whole, fraction;
    size_t number_start = cursor.Position();
    if (!ParseNumber(cursor, sign, whole, fraction, reason)) return false;
    if (cursor.Peek() == ':') {
      if (fraction != 0 || cursor.Position() - number_start > 12) {
        if (reason) *reason = "bad hours in a time";
        return false;
      }
      cursor.Advance();
      int128 micros;
      if (!ParseClockRest(cursor, whole, micros, reason)) return false;
      acc.micros += sign * micros;
    } else {
      cursor.SkipSpaces();
      std::string word;
      while (!cursor.AtEnd() && ((cursor.Peek() >= 'a' && cursor.Peek() <= 'z') ||
                                 (cursor.Peek() >= 'A' && cursor.Peek() <= 'Z'))) {
        word.push_back(temporal_text::ToLower(cursor.Peek()));
        cursor.Advance();
      }
      if (word.empty()) {
        if (reason) {
          *reason = fmt::format("missing unit after \"{}\"",
                                text.substr(number_start, cursor.Position() - number_start));
        }
        return false;
      }
      const Unit* unit = FindUnit(word);
      if (unit == nullptr) {
        if (reason) *reason = fmt::format("unknown interval unit \"{}\"", word);
        return false;
      }
      acc.Add(unit->field, unit->factor, whole, fraction, sign);
    }
    any = true;
    if (!cursor.AtEnd() && !temporal_text::IsSpace(cursor.Peek()) && cursor.Peek() != '+' &&
        cursor.Peek() != '-' && !temporal_text::IsDigit(cursor.Peek())) {
      if (reason) *reason = fmt::format("unexpected text \"{}\" in the interval", cursor.Rest());
      return false;
    }
  }
  if (!any) {
    if (reason) *reason = "empty interval";
    return false;
  }
  return acc.TryFinish(result, reason);
}

void AppendPart(std::string& out, int64_t n, const char* singular, const char* plural) {
  if (n == 0) return;
  if (!out.empty()) out.push_back(' ');
  out += fmt::format("{} {}", n, n == 1 || n == -1 ? singular : plural);
}

template <typename T>
bool AddToMicrosTimestamp(T ts, interval_t v, T& result) {
  if (!ts.IsFinite()) {
    result = ts;
    return true;
  }
  int64_t days = Timestamp::FloorDays(ts);
  int64_t in_day = ts.value - days * Interval::kMicrosPerDay;  // cannot overflow: |days| < 2^27
  date_t date{static_cast<int32_t>(days)};
  if (v.months != 0 && !Date::TryAddMonths(date, v.months, date)) return false;
  int128 total = (int128{date.days} + v.days) * Interval::kMicrosPerDay + in_day + v.micros;
  if (total < Timestamp::kMinValue || total > Timestamp::kMaxValue) return false;
  result.value = static_cast<int64_t>(total);
  return true;
}

template <typename T>
bool CheckedAdd(T a, T b, T& out) {
  return !__builtin_add_overflow(a, b, &out);
}

}  // namespace

bool Interval::TryNormalize(interval_t v, interval_t& result) {
  int128 total = TotalMicros(v);
  bool negative = total < 0;
  if (negative) total = -total;
  int128 months = total / kMicrosPerMonth;
  int128 rest = total % kMicrosPerMonth;
  if (months > std::numeric_limits<int32_t>::max()) return false;
  int32_t sign = negative ? -1 : 1;
  result.months = sign * static_cast<int32_t>(months);
  result.days = sign * static_cast<int32_t>(rest / kMicrosPerDay);
  result.micros = sign * static_cast<int64_t>(rest % kMicrosPerDay);
  return true;
}

bool Interval::TryAdd(interval_t a, interval_t b, interval_t& result) {
  interval_t r;
  if (!CheckedAdd(a.months, b.months, r.months) || !CheckedAdd(a.days, b.days, r.days) ||
      !CheckedAdd(a.micros, b.micros, r.micros)) {
    return false;
  }
  result = r;
  return true;
}

bool Interval::TryNegate(interval_t v, interval_t& result) {
  if (v.months == std::numeric_limits<int32_t>::min() ||
      v.days == std::numeric_limits<int32_t>::min() ||
      v.micros == std::numeric_limits<int64_t>::min()) {
    return false;
  }
  result = {-v.months, -v.days, -v.micros};
  return true;
}

bool Interval::TrySubtract(interval_t a, interval_t b, interval_t& result) {
  interval_t r;
  if (__builtin_sub_overflow(a.months, b.months, &r.months) ||
      __builtin_sub_overflow(a.days, b.days, &r.days) ||
      __builtin_sub_overflow(a.micros, b.micros, &r.micros)) {
    return false;
  }
  result = r;
  return true;
}

namespace {
// PostgreSQL's interval_mul / interval_div: each part is scaled on its own and keeps its
// whole units; only the fractions cascade down (a fraction of a month as 30 days, a
// fraction of a day as 24 hours), rounded to the microsecond so that 1 month / 3 is
// 10 days and not 9 days 23:59:59.999999. Hours past 24 stay hours unless the cascaded
// fractions alone make a day: '9 mons -27 days 12:34:56' * 0.3 is
// '2 mons 13 days 01:22:28.8', as in PostgreSQL and DuckDB.
template <typename Op>
bool TryScale(interval_t v, double factor, Op op, interval_t& result) {
  if (!std::isfinite(factor)) return false;
  constexpr double kSecondsPerDay = 86400.0;
  auto round_micro = [](double x) { return std::rint(x * 1e6) / 1e6; };
  double months = op(static_cast<double>(v.months), factor);
  double whole_months = std::trunc(months);
  double month_days = round_micro((months - whole_months) * Interval::kDaysPerMonth);
  double days = op(static_cast<double>(v.days), factor);
  double whole_days = std::trunc(days);
  double seconds =
      round_micro((days - whole_days + month_days - std::trunc(month_days)) * kSecondsPerDay);
  if (std::fabs(seconds) >= kSecondsPerDay) {
    double carried = std::trunc(seconds / kSecondsPerDay);
    whole_days += carried;
    seconds -= carried * kSecondsPerDay;
  }
  whole_days += std::trunc(month_days);
  double micros = std::rint(op(static_cast<double>(v.micros), factor) + seconds * 1e6);
  constexpr double kInt32Limit = 2147483647.0, kInt64Limit = 9.2e18;
  if (!(std::fabs(whole_months) <= kInt32Limit && std::fabs(whole_days) <= kInt32Limit &&
        std::fabs(micros) <= kInt64Limit)) {
    return false;
  }
  result = {static_cast<int32_t>(whole_months), static_cast<int32_t>(whole_days),
            static_cast<int64_t>(micros)};
  return true;
}
}  // namespace

bool Interval::TryMultiply(interval_t v, double factor, interval_t& result) {
  return TryScale(
      v, factor, [](double x, double f) { return x * f; }, result);
}

bool Interval::TryDivide(interval_t v, double divisor, interval_t& result) {
  return divisor != 0 && TryScale(
                             v, divisor, [](double x, double d) { return x / d; }, result);
}

bool Interval::TryAddTo(timestamp_t ts, interval_t v, timestamp_t& result) {
  return AddToMicrosTimestamp(ts, v, result);
}

bool Interval::TryAddTo(timestamp_tz_t ts, interval_t v, timestamp_tz_t& result) {
  return AddToMicrosTimestamp(ts, v, result);
}

bool Interval::TryAddTo(date_t date, interval_t v, timestamp_t& result) {
  timestamp_t midnight;
  if (!Timestamp::TryFromDate(date, midnight)) return false;
  return TryAddTo(midnight, v, result);
}

dtime_t Interval::AddTo(dtime_t time, interval_t v) {
  return Time::AddMicrosWrapped(time, v.micros % kMicrosPerDay);
}

bool Interval::TryBetween(timestamp_t a, timestamp_t b, interval_t& result) {
  if (!a.IsFinite() || !b.IsFinite()) return false;
  int128 diff = int128{a.value} - b.value;
  result.months = 0;
  result.days = static_cast<int32_t>(diff / kMicrosPerDay);  // |diff| < 2^64: < 2^28 days
  result.micros = static_cast<int64_t>(diff % kMicrosPerDay);
  return true;
}

bool Interval::TryParse(std::string_view text, interval_t& result, std::string* reason) {
  return ParseInterval(text, result, reason);
}

interval_t Interval::Parse(std::string_view text) {
  interval_t result;
  std::string reason;
  if (!TryParse(text, result, &reason)) {
    throw ConversionError(fmt::format("invalid INTERVAL \"{}\": {}", text, reason));
  }
  return result;
}

std::string Interval::ToString(interval_t v) {
  std::string out;
  AppendPart(out, v.months / 12, "year", "years");
  AppendPart(out, v.months % 12, "month", "months");
  AppendPart(out, v.days, "day", "days");
  if (v.micros != 0 || out.empty()) {
    if (!out.empty()) out.push_back(' ');
    uint64_t magnitude = static_cast<uint64_t>(v.micros);
    if (v.micros < 0) {
      out.push_back('-');
      magnitude = ~magnitude + 1;  // also right for INT64_MIN
    }
    // Nanos would overflow 64 bits for the largest intervals: render whole seconds as a
    // clock, then the micros fraction.
    uint64_t seconds = magnitude / 1'000'000;
    temporal_text::AppendPadded(out, seconds / 3600, 2);
    out.push_back(':');
    temporal_text::AppendPadded(out, seconds / 60 % 60, 2);
    out.push_back(':');
    temporal_text::AppendPadded(out, seconds % 60, 2);
    temporal_text::AppendFraction(out, magnitude % 1'000'000, 6);
  }
  return out;
}

}  // namespace teal
