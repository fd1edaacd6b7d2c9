// src/types/time.hpp — TIME and TIME WITH TIME ZONE: parts, parsing, rendering, ordering.
//
// dtime_t is microseconds since midnight, 0 ..= 24:00:00 (24:00:00 is a valid TIME, as in
// PostgreSQL). dtime_tz_t packs the local time and the UTC offset into one uint64
// (teal/datetime.hpp); TimeTz is the only code that should touch the bits.
// Stateless and thread-safe.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "teal/datetime.hpp"

namespace teal {

struct Time {
  static constexpr int64_t kMicrosPerSecond = 1000 * 1000;
  static constexpr int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
  static constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
  static constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;

  /// A time from its fields. False when a field is out of range (hour 0..24, minute and
  /// second 0..59, micros 0..999999; 24 only as 24:00:00).
  static bool TryFromParts(int32_t hour, int32_t minute, int32_t second, int32_t micros,
                           dtime_t& result);
  static void ToParts(dtime_t time, int32_t& hour, int32_t& minute, int32_t& second,
                      int32_t& micros);
  static constexpr bool IsValid(dtime_t time) {
    return time.micros >= 0 && time.micros <= kMicrosPerDay;
  }

  /// Parses `[ws] HH:MM[:SS[.fffffffff]] [ws]`; hour has 1-2 digits. Fraction digits past
  /// the sixth are truncated (at most nine are accepted). *reason says what was wrong.
  static bool TryParse(std::string_view text, dtime_t& result, std::string* reason = nullptr);
  /// The `HH:MM[:SS[.f]]` at text[pos...] as nanoseconds since midnight (0 ..= 24h,
  /// validated); advances pos. For the timestamp parser.
  static bool TryParseNanos(std::string_view text, size_t& pos, int64_t& nanos,
                            std::string* reason);

  /// `13:45:00`, `13:45:00.5` (fraction trimmed, up to 6 digits).
  static std::string ToString(dtime_t time);
  /// Appends HH:MM:SS[.f] of `nanos` since midnight with `fraction_digits` (6 or 9) of
  /// precision; hours are not limited to 24 (for intervals).
  static void AppendClock(uint64_t nanos, int fraction_digits, std::string& out);

  /// (time + micros) modulo one day, as PostgreSQL adds an interval to a TIME.
  static dtime_t AddMicrosWrapped(dtime_t time, int64_t micros);
};

struct TimeTz {
  /// Offsets are seconds east of UTC, within ±15:59:59.
  static constexpr int32_t kMaxOffset = dtime_tz_t::kMaxOffsetSeconds;

  /// Packs local micros since midnight (0 ..= 24h) and an offset (|offset| <= kMaxOffset).
  /// Preconditions checked only in debug builds; use TryEncode for unchecked input.
  static constexpr dtime_tz_t Encode(int64_t local_micros, int32_t offset_seconds) {
    return {(static_cast<uint64_t>(local_micros) << 24) |
            static_cast<uint64_t>(kMaxOffset - offset_seconds)};
  }
  static bool TryEncode(int64_t local_micros, int32_t offset_seconds, dtime_tz_t& result);
  /// The local time of day, in micros.
  static constexpr int64_t LocalMicros(dtime_tz_t v) { return static_cast<int64_t>(v.bits >> 24); }
  static constexpr dtime_t Local(dtime_tz_t v) { return {LocalMicros(v)}; }
  /// Seconds east of UTC.
  static constexpr int32_t OffsetSeconds(dtime_tz_t v) {
    return kMaxOffset - static_cast<int32_t>(v.bits & 0xFFFFFF);
  }
  /// The instant in UTC micros: local - offset. Not wrapped into one day, so it ranges
  /// from -16h to +40h; it orders values of different offsets correctly.
  static constexpr int64_t UtcMicros(dtime_tz_t v) {
    return LocalMicros(v) - int64_t{OffsetSeconds(v)} * 1000000;
  }
  /// SQL ordering: by UTC instant, then (PostgreSQL, DuckDB) the larger offset first.
  /// 12:00+01 < 12:00+00, and 13:00+01 sorts before 12:00+00 (same instant, larger offset).
  static constexpr std::strong_ordering Compare(dtime_tz_t a, dtime_tz_t b) {
    if (auto c = UtcMicros(a) <=> UtcMicros(b); c != 0) return c;
    return (a.bits & 0xFFFFFF) <=> (b.bits & 0xFFFFFF);
  }

  /// Parses a TIME followed by an optional offset: `Z`, `UTC`, `+HH`, `+HHMM`, `+HH:MM`,
  /// `+HH:MM:SS` (or '-'). Without an offset the session zone (UTC, +00) applies.
  static bool TryParse(std::string_view text, dtime_tz_t& result, std::string* reason = nullptr);
  /// An offset at text[pos...] as above (not `UTC`/whitespace handling); advances pos.
  static bool TryParseOffset(std::string_view text, size_t& pos, int32_t& offset_seconds,
                             std::string* reason);

  /// `13:45:00+01`, `13:45:00+05:30`, `13:45:00-08`, `13:45:00.5+00`.
  static std::string ToString(dtime_tz_t v);
  /// Appends `+HH[:MM[:SS]]`.
  static void AppendOffset(int32_t offset_seconds, std::string& out);
};

}  // namespace teal
