// src/types/time.cpp — TIME and TIMETZ parsing and rendering.
//
// Text format:
//   TIME     HH:MM[:SS[.fffffffff]], hour 1-2 digits, minute and second 1-2. Hour 24 is
//            accepted only as 24:00:00 (end of day, as PostgreSQL). Nine fraction digits
//            are read (more are dropped); TIME keeps six and truncates the rest. A date
//            before the time and an offset after it are read and dropped (PostgreSQL's
//            time input). Output is HH:MM:SS with the fraction's trailing zeros trimmed.
//   offset   Z | UTC | (+|-)HH[[:]MM[:SS]], at most ±15:59:59 (the TIMETZ encoding's range).
//            Output is +HH, +HH:MM or +HH:MM:SS, the shortest that is exact.
//   TIMETZ   a TIME, optional whitespace, an optional offset (default +00: the session
//            time zone is UTC because Teal has no time-zone database).
#include "types/time.hpp"

#include <fmt/format.h>

#include "teal/error.hpp"
#include "types/date.hpp"
#include "types/temporal_text.hpp"

namespace teal {

using temporal_text::AppendPadded;
using temporal_text::TextCursor;

bool Time::TryFromParts(int32_t hour, int32_t minute, int32_t second, int32_t micros,
                        dtime_t& result) {
  if (hour < 0 || hour > 24 || minute < 0 || minute > 59 || second < 0 || second > 59 ||
      micros < 0 || micros > 999999) {
    return false;
  }
  if (hour == 24 && (minute != 0 || second != 0 || micros != 0)) return false;
  result.micros =
      hour * kMicrosPerHour + minute * kMicrosPerMinute + second * kMicrosPerSecond + micros;
  return true;
}

void Time::ToParts(dtime_t time, int32_t& hour, int32_t& minute, int32_t& second, int32_t& micros) {
  int64_t v = time.micros;
  hour = static_cast<int32_t>(v / kMicrosPerHour);
  minute = static_cast<int32_t>(v / kMicrosPerMinute % 60);
  second = static_cast<int32_t>(v / kMicrosPerSecond % 60);
  micros = static_cast<int32_t>(v % kMicrosPerSecond);
}

bool Time::TryParseNanos(std::string_view text, size_t& pos, int64_t& nanos, std::string* reason) {
  TextCursor cursor(text);
  cursor.Reset(pos);
  int64_t hour, minute, second = 0, fraction = 0;
  auto fail = [&](std::string why) {
    if (reason) *reason = std::move(why);
    return false;
  };
  constexpr const char* kExpected = "expected a time in the form HH:MM[:SS[.ffffff]]";
  // A colon with nothing after it ends the time, its missing fields zero: '11:' is 11:00:00
  // and '11:11:' 11:11:00 (PostgreSQL's and DuckDB's reading).
  if (!cursor.ParseDigits(1, 9, hour) || !cursor.Consume(':')) return fail(kExpected);
  if (!temporal_text::IsDigit(cursor.Peek())) {
    minute = 0;
  } else if (!cursor.ParseDigits(1, 2, minute)) {  // '11:1' is 11:01 (PostgreSQL, DuckDB)
    return fail(kExpected);
  } else if (cursor.Consume(':') && temporal_text::IsDigit(cursor.Peek())) {
    if (!cursor.ParseDigits(1, 2, second)) return fail(kExpected);
    if (cursor.Peek() == '.' && temporal_text::IsDigit(cursor.Peek(1))) {
      cursor.Advance();
      if (!temporal_text::ParseFractionNanos(cursor, fraction)) return fail(kExpected);
    }
  }
  if (temporal_text::IsDigit(cursor.Peek())) return fail(kExpected);
  if (hour > 24) return fail(fmt::format("hour {} is out of range", hour));
  if (minute > 59) return fail(fmt::format("minute {} is out of range", minute));
  if (second > 59) return fail(fmt::format("second {} is out of range", second));
  if (hour == 24 && (minute != 0 || second != 0 || fraction != 0)) {
    return fail("a time with hour 24 must be exactly 24:00:00");
  }
  nanos = ((hour * 60 + minute) * 60 + second) * 1'000'000'000 + fraction;
  pos = cursor.Position();
  return true;
}

namespace {
/// Past a date and its separator at text[pos...] ("2023-08-17 " or "2023-08-17T"), or pos
/// when none is there.
size_t SkipDate(std::string_view text, size_t pos) {
  const size_t end = text.find_first_of(" Tt", pos);
  if (end == std::string_view::npos || end == pos || text.find('-', pos) > end) return pos;
  date_t date;
  return Date::TryParse(text.substr(pos, end - pos), date) ? end + 1 : pos;
}
}  // namespace

bool Time::TryParse(std::string_view text, dtime_t& result, std::string* reason) {
  TextCursor cursor(text);
  cursor.SkipSpaces();
  // A date before the time and an offset after it are read and dropped, as PostgreSQL's
  // time input does ('2023-08-17T23:00:08.539Z' is 23:00:08.539).
  size_t pos = SkipDate(text, cursor.Position());
  int64_t nanos;
  if (!TryParseNanos(text, pos, nanos, reason)) return false;
  cursor.Reset(pos);
  cursor.SkipSpaces();
  if (cursor.ConsumeWord("utc") || cursor.ConsumeWord("z")) {
    cursor.SkipSpaces();
  } else if (cursor.Peek() == '+' || cursor.Peek() == '-') {
    size_t offset_at = cursor.Position();
    int32_t offset;
    if (TimeTz::TryParseOffset(text, offset_at, offset, nullptr)) cursor.Reset(offset_at);
    cursor.SkipSpaces();
  }
  if (!cursor.AtEnd()) {
    if (reason) *reason = fmt::format("unexpected text \"{}\" after the time", cursor.Rest());
    return false;
  }
  result.micros = nanos / 1000;
  return true;
}

void Time::AppendClock(uint64_t nanos, int fraction_digits, std::string& out) {
  constexpr uint64_t kNanosPerSecond = 1'000'000'000;
  uint64_t seconds = nanos / kNanosPerSecond;
  AppendPadded(out, seconds / 3600, 2);
  out.push_back(':');
  AppendPadded(out, seconds / 60 % 60, 2);
  out.push_back(':');
  AppendPadded(out, seconds % 60, 2);
  uint64_t fraction = nanos % kNanosPerSecond;
  if (fraction_digits == 6) fraction /= 1000;
  temporal_text::AppendFraction(out, fraction, fraction_digits);
}

std::string Time::ToString(dtime_t time) {
  std::string out;
  out.reserve(16);
  if (time.micros < 0) {
    // Not a valid TIME; render the number rather than garbage so that a corrupt value is
    // visible instead of misleading.
    return fmt::format("<invalid TIME {}>", time.micros);
  }
  AppendClock(static_cast<uint64_t>(time.micros) * 1000, 6, out);
  return out;
}

dtime_t Time::AddMicrosWrapped(dtime_t time, int64_t micros) {
  int64_t v = (time.micros % kMicrosPerDay + micros % kMicrosPerDay) % kMicrosPerDay;
  if (v < 0) v += kMicrosPerDay;
  return {v};
}

// --- TIMETZ ----------------------------------------------------------------------------

bool TimeTz::TryEncode(int64_t local_micros, int32_t offset_seconds, dtime_tz_t& result) {
  if (local_micros < 0 || local_micros > Time::kMicrosPerDay) return false;
  if (offset_seconds < -kMaxOffset || offset_seconds > kMaxOffset) return false;
  result = Encode(local_micros, offset_seconds);
  return true;
}

bool TimeTz::TryParseOffset(std::string_view text, size_t& pos, int32_t& offset_seconds,
                            std::string* reason) {
  TextCursor cursor(text);
  cursor.Reset(pos);
  if (cursor.Consume('Z') || cursor.Consume('z')) {
    offset_seconds = 0;
    pos = cursor.Position();
    return true;
  }
  int sign = cursor.Consume('+') ? 1 : (cursor.Consume('-') ? -1 : 0);
  int64_t hours, minutes = 0, seconds = 0;
  if (sign == 0 || !cursor.ParseDigits(1, 2, hours)) {
    if (reason) *reason = "expected a UTC offset such as +01, -08 or +05:30";
    return false;
  }
  bool colon = cursor.Consume(':');
  if (colon || cursor.CountDigits() == 2) {
    if (!cursor.ParseDigits(2, 2, minutes)) {
      if (reason) *reason = "expected two digits of minutes in the UTC offset";
      return false;
    }
    if (cursor.Consume(':') && !cursor.ParseDigits(2, 2, seconds)) {
      if (reason) *reason = "expected two digits of seconds in the UTC offset";
      return false;
    }
  }
  if (temporal_text::IsDigit(cursor.Peek())) {
    if (reason) *reason = "too many digits in the UTC offset";
    return false;
  }
  if (minutes > 59 || seconds > 59 || hours * 3600 + minutes * 60 + seconds > kMaxOffset) {
    if (reason) *reason = "UTC offset is out of range (at most 15:59:59)";
    return false;
  }
  offset_seconds = static_cast<int32_t>(sign * (hours * 3600 + minutes * 60 + seconds));
  pos = cursor.Position();
  return true;
}

bool TimeTz::TryParse(std::string_view text, dtime_tz_t& result, std::string* reason) {
  TextCursor cursor(text);
  cursor.SkipSpaces();
  size_t pos = SkipDate(text, cursor.Position());  // as TIME's input
  int64_t nanos;
  if (!Time::TryParseNanos(text, pos, nanos, reason)) return false;
  cursor.Reset(pos);
  cursor.SkipSpaces();
  int32_t offset = 0;
  if (cursor.ConsumeWord("utc")) {
    offset = 0;
  } else if (!cursor.AtEnd()) {
    pos = cursor.Position();
    if (!TryParseOffset(text, pos, offset, reason)) return false;
    cursor.Reset(pos);
  }
  cursor.SkipSpaces();
  if (!cursor.AtEnd()) {
    if (reason) *reason = fmt::format("unexpected text \"{}\" after the time", cursor.Rest());
    return false;
  }
  result = Encode(nanos / 1000, offset);
  return true;
}

void TimeTz::AppendOffset(int32_t offset_seconds, std::string& out) {
  out.push_back(offset_seconds < 0 ? '-' : '+');
  uint32_t v = static_cast<uint32_t>(offset_seconds < 0 ? -offset_seconds : offset_seconds);
  AppendPadded(out, v / 3600, 2);
  if (v % 3600 != 0) {
    out.push_back(':');
    AppendPadded(out, v / 60 % 60, 2);
    if (v % 60 != 0) {
      out.push_back(':');
      AppendPadded(out, v % 60, 2);
    }
  }
}

std::string TimeTz::ToString(dtime_tz_t v) {
  std::string out = Time::ToString(Local(v));
  AppendOffset(OffsetSeconds(v), out);
  return out;
}

}  // namespace teal
