// include/teal/datetime.hpp — the stored layouts of date, time and interval values.
//
// Each is a thin struct around one number so that overloads and templates can tell
// a DATE from an INTEGER. The numbers are exactly those DESIGN.md lists:
//   date_t            int32 days since 1970-01-01; ±infinity = ±INT32_MAX
//   dtime_t           int64 microseconds since midnight
//   dtime_tz_t        uint64: micros in the high 40 bits, encoded offset in the low 24
//   timestamp*_t      int64 since 1970-01-01 UTC in the unit; ±infinity = ±INT64_MAX
//   interval_t        {int32 months; int32 days; int64 micros}
#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace teal {

struct date_t {
  int32_t days = 0;
  static constexpr int32_t kInfinity = std::numeric_limits<int32_t>::max();
  static constexpr date_t Infinity() { return {kInfinity}; }
  static constexpr date_t NegativeInfinity() { return {-kInfinity}; }
  constexpr bool IsFinite() const { return days != kInfinity && days != -kInfinity; }
  friend constexpr auto operator<=>(date_t, date_t) = default;
};

struct dtime_t {
  int64_t micros = 0;
  friend constexpr auto operator<=>(dtime_t, dtime_t) = default;
};

/// TIME WITH TIME ZONE: bits = (local_micros << 24) | (kMaxOffsetSeconds - offset_seconds),
/// where offset_seconds is east of UTC (+01:00 is 3600). Raw bits do not order values by
/// instant; comparisons go through the UTC micros (local - offset).
struct dtime_tz_t {
  uint64_t bits = 0;
  static constexpr int32_t kMaxOffsetSeconds = 16 * 60 * 60 - 1;  // ±15:59:59
  friend constexpr auto operator<=>(dtime_tz_t, dtime_tz_t) = default;
};

#define TEAL_TIMESTAMP_TYPE(Name)                                                         \
  struct Name {                                                                           \
    int64_t value = 0;                                                                    \
    static constexpr int64_t kInfinity = std::numeric_limits<int64_t>::max();             \
    static constexpr Name Infinity() { return {kInfinity}; }                              \
    static constexpr Name NegativeInfinity() { return {-kInfinity}; }                     \
    constexpr bool IsFinite() const { return value != kInfinity && value != -kInfinity; } \
    friend constexpr auto operator<=>(Name, Name) = default;                              \
  };

/// TIMESTAMP: microseconds.
TEAL_TIMESTAMP_TYPE(timestamp_t)
/// TIMESTAMP_S: seconds.
TEAL_TIMESTAMP_TYPE(timestamp_sec_t)
/// TIMESTAMP_MS: milliseconds.
TEAL_TIMESTAMP_TYPE(timestamp_ms_t)
/// TIMESTAMP_NS: nanoseconds.
TEAL_TIMESTAMP_TYPE(timestamp_ns_t)
/// TIMESTAMPTZ: microseconds, UTC.
TEAL_TIMESTAMP_TYPE(timestamp_tz_t)
#undef TEAL_TIMESTAMP_TYPE

struct interval_t {
  int32_t months = 0;
  int32_t days = 0;
  int64_t micros = 0;
  friend constexpr bool operator==(interval_t, interval_t) = default;
};

static_assert(sizeof(date_t) == 4 && sizeof(dtime_t) == 8 && sizeof(timestamp_t) == 8 &&
              sizeof(interval_t) == 16);

}  // namespace teal
