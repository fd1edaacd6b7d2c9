// src/types/timestamp.cpp — parsing and rendering of every timestamp unit.
//
// Text format:
//   input   [ws] DATE [sep TIME] [ws] [OFFSET] [ws] [(BC)] [ws]
//           DATE is YYYY-MM-DD (Date::TryParseCivil); sep is 'T' or whitespace; TIME is
//           HH:MM[:SS[.f…]] with up to nine fraction digits, 24:00:00 meaning the next
//           midnight; OFFSET is Z, UTC or ±HH[[:]MM[:SS]]. A BC marker may also follow the
//           date directly. infinity, +infinity, -infinity and epoch are words on their own.
//           The value is computed exactly in 128-bit units of the target type
//           (days * units-per-day + time-of-day - offset), the time of day floored to the
//           unit, and must land strictly between the infinities.
//   output  YYYY-MM-DD[ (BC)] HH:MM:SS[.f] with " (BC)" for years <= 0 (where DuckDB
//           writes it) and the fraction's trailing zeros trimmed (at most 0, 3, 6 or 9
//           digits for _S, _MS, plain/TZ and _NS), then "+00" for TIMESTAMPTZ. The day
//           is split off with floor division so that instants before 1970 get a
//           non-negative time of day.
#include "types/timestamp.hpp"

#include <fmt/format.h>

#include "teal/error.hpp"
#include "teal/hugeint.hpp"
#include "types/temporal_text.hpp"

namespace teal {

using temporal_text::TextCursor;

namespace {

struct ParsedTimestamp {
  int special = 0;  // 0 finite, +1 infinity, -1 -infinity
  int64_t days = 0;
  int64_t nanos = 0;  // since midnight, 0 ..= 24h
  int32_t offset = 0;
};

bool ConsumeBc(TextCursor& cursor) {
  size_t start = cursor.Position();
  cursor.SkipSpaces();
  if (cursor.ConsumeWord("(bc)") || cursor.ConsumeWord("bc")) return true;
  cursor.Reset(start);
  return false;
}

bool ParseTimestampText(std::string_view text, ParsedTimestamp& parsed, std::string* reason) {
  TextCursor cursor(text);
  cursor.SkipSpaces();
  auto fail = [&](std::string why) {
    if (reason) *reason = std::move(why);
    return false;
  };
  auto trailing = [&]() {
    return fail(fmt::format("unexpected text \"{}\" after the timestamp", cursor.Rest()));
  };
  if (cursor.ConsumeWord("infinity") || cursor.ConsumeWord("+infinity")) {
    parsed.special = 1;
  } else if (cursor.ConsumeWord("-infinity")) {
    parsed.special = -1;
  } else if (cursor.ConsumeWord("epoch")) {
    parsed.special = 0;
  } else {
    size_t pos = cursor.Position();
    int64_t year;
    int32_t month, day;
    if (!Date::TryParseCivil(text, pos, year, month, day)) {
      return fail("expected a timestamp in the form YYYY-MM-DD[ HH:MM[:SS[.ffffff]]][+HH[:MM]]");
    }
    cursor.Reset(pos);
    bool bc = ConsumeBc(cursor);
    // The time follows 'T' or whitespace.
    size_t before_time = cursor.Position();
    bool has_separator = cursor.Consume('T') || cursor.Consume('t');
    if (!has_separator && temporal_text::IsSpace(cursor.Peek())) {
      cursor.SkipSpaces();
      has_separator = temporal_text::IsDigit(cursor.Peek());
    }
    if (has_separator) {
      pos = cursor.Position();
      if (!Time::TryParseNanos(text, pos, parsed.nanos, reason)) return false;
      cursor.Reset(pos);
    } else {
      cursor.Reset(before_time);
    }
    cursor.SkipSpaces();
    if (cursor.ConsumeWord("utc")) {
      parsed.offset = 0;
    } else if (cursor.Peek() == '+' || cursor.Peek() == '-' || cursor.Peek() == 'Z' ||
               cursor.Peek() == 'z') {
      pos = cursor.Position();
      if (!TimeTz::TryParseOffset(text, pos, parsed.offset, reason)) return false;
      cursor.Reset(pos);
    }
    if (!bc) bc = ConsumeBc(cursor);
    cursor.SkipSpaces();
    if (!cursor.AtEnd()) return trailing();
    if (!Date::TryCivilToDays(year, month, day, bc, parsed.days, reason)) return false;
    return true;
  }
  cursor.SkipSpaces();
  if (!cursor.AtEnd()) return trailing();
  return true;
}

template <TimestampType T>
bool TryParseAs(std::string_view text, T& result, std::string* reason) {
  ParsedTimestamp parsed;
  if (!ParseTimestampText(text, parsed, reason)) return false;
  if (parsed.special != 0) {
    result.value = parsed.special > 0 ? T::kInfinity : -T::kInfinity;
    return true;
  }
  constexpr int64_t kPerSecond = TimestampUnit<T>::kPerSecond;
  constexpr int64_t kNanosPerUnit = 1'000'000'000 / kPerSecond;
  // |days| < 2^39 (nine-digit years), so this cannot overflow 128 bits. Digits past the
  // unit round half up (PostgreSQL and DuckDB: '11:06:33.846' as TIMESTAMP_S is 11:06:34; a
  // carry into the next day is just the next unit).
  int128 value = int128{parsed.days} * Timestamp::UnitsPerDay<T>() +
                 (parsed.nanos + kNanosPerUnit / 2) / kNanosPerUnit -
                 int128{parsed.offset} * kPerSecond;
  if (value < Timestamp::kMinValue || value > Timestamp::kMaxValue) {
    if (reason) *reason = fmt::format("out of range for {}", TimestampUnit<T>::kName);
    return false;
  }
  result.value = static_cast<int64_t>(value);
  return true;
}

template <TimestampType T>
std::string Render(T ts, bool with_offset) {
  if (ts.value == T::kInfinity) return "infinity";
  if (ts.value == -T::kInfinity) return "-infinity";
  constexpr int64_t kPerDay = Timestamp::UnitsPerDay<T>();
  constexpr int64_t kPerSecond = TimestampUnit<T>::kPerSecond;
  int64_t in_day = ts.value % kPerDay;
  if (in_day < 0) in_day += kPerDay;
  int64_t days = Timestamp::FloorDays(ts);
  int64_t year;
  int32_t month, day;
  Date::CivilFromDays(days, year, month, day);
  std::string out;
  out.reserve(32);
  bool bc = year <= 0;
  temporal_text::AppendPadded(out, static_cast<uint64_t>(bc ? 1 - year : year), 4);
  out.push_back('-');
  temporal_text::AppendPadded(out, static_cast<uint64_t>(month), 2);
  out.push_back('-');
  temporal_text::AppendPadded(out, static_cast<uint64_t>(day), 2);
  if (bc) out += " (BC)";
  out.push_back(' ');
  int digits = kPerSecond == 1 ? 0 : (kPerSecond == 1000 ? 3 : (kPerSecond == 1'000'000 ? 6 : 9));
  uint64_t nanos =
      static_cast<uint64_t>(in_day) * static_cast<uint64_t>(1'000'000'000 / kPerSecond);
  if (digits == 0) {
    Time::AppendClock(nanos, 9, out);  // no fraction is possible
  } else {
    uint64_t seconds = nanos / 1'000'000'000;
    Time::AppendClock(seconds * 1'000'000'000, 9, out);
    uint64_t fraction = static_cast<uint64_t>(in_day % kPerSecond);
    temporal_text::AppendFraction(out, fraction, digits);
  }
  if (with_offset) out += "+00";
  return out;
}

}  // namespace

bool Timestamp::TryFromDateTime(date_t date, dtime_t time, timestamp_t& result) {
  if (!date.IsFinite()) return TryFromDate(date, result);
  timestamp_t midnight;
  if (!TryFromDate(date, midnight)) return false;
  if (midnight.value > kMaxValue - time.micros) return false;
  result.value = midnight.value + time.micros;
  return true;
}

bool Timestamp::TryParse(std::string_view text, timestamp_t& result, std::string* reason) {
  return TryParseAs(text, result, reason);
}
bool Timestamp::TryParse(std::string_view text, timestamp_sec_t& result, std::string* reason) {
  return TryParseAs(text, result, reason);
}
bool Timestamp::TryParse(std::string_view text, timestamp_ms_t& result, std::string* reason) {
  return TryParseAs(text, result, reason);
}
bool Timestamp::TryParse(std::string_view text, timestamp_ns_t& result, std::string* reason) {
  return TryParseAs(text, result, reason);
}
bool Timestamp::TryParse(std::string_view text, timestamp_tz_t& result, std::string* reason) {
  return TryParseAs(text, result, reason);
}

void Timestamp::ThrowParseError(const char* type, std::string_view text,
                                const std::string& reason) {
  throw ConversionError(fmt::format("invalid {} \"{}\": {}", type, text, reason));
}

std::string Timestamp::ToString(timestamp_t ts) { return Render(ts, false); }
std::string Timestamp::ToString(timestamp_sec_t ts) { return Render(ts, false); }
std::string Timestamp::ToString(timestamp_ms_t ts) { return Render(ts, false); }
std::string Timestamp::ToString(timestamp_ns_t ts) { return Render(ts, false); }
std::string Timestamp::ToString(timestamp_tz_t ts) { return Render(ts, true); }

}  // namespace teal
