// src/types/interval.hpp — INTERVAL: ordering, normalisation, arithmetic with dates and
// timestamps, parsing and rendering.
//
// interval_t keeps months, days and micros apart because their lengths vary (a month
// is 28-31 days, a day is 23-25 hours across a daylight-saving change). Ordering and
// equality in SQL, however, compare a single length, as PostgreSQL and DuckDB do: a month
// counts as 30 days and a day as 24 hours, so '1 month' = '30 days' = '720 hours'.
// Stateless and thread-safe.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"

namespace teal {

struct Interval {
  static constexpr int64_t kMicrosPerDay = int64_t{86400} * 1000 * 1000;
  static constexpr int64_t kDaysPerMonth = 30;
  static constexpr int64_t kMicrosPerMonth = kDaysPerMonth * kMicrosPerDay;

  /// The length in micros with a month = 30 days and a day = 24 hours. Exact (128 bits).
  static constexpr int128 TotalMicros(interval_t v) {
    return int128{v.months} * kMicrosPerMonth + int128{v.days} * kMicrosPerDay + v.micros;
  }
  /// SQL ordering: by TotalMicros.
  static constexpr std::strong_ordering Compare(interval_t a, interval_t b) {
    return TotalMicros(a) <=> TotalMicros(b);
  }
  /// SQL equality ('1 month' = '30 days'); interval_t's operator== is the stored identity.
  static constexpr bool Equals(interval_t a, interval_t b) {
    return TotalMicros(a) == TotalMicros(b);
  }
  /// The canonical form of `v`: micros within a day, days within 30, the rest months, all
  /// with the sign of the whole. Intervals that compare equal normalise to the same
  /// interval_t, so hash the normalised form. False only when the months overflow int32.
  static bool TryNormalize(interval_t v, interval_t& result);

  /// a + b field by field; false on int32/int64 overflow of a field.
  static bool TryAdd(interval_t a, interval_t b, interval_t& result);
  static bool TrySubtract(interval_t a, interval_t b, interval_t& result);
  static bool TryNegate(interval_t v, interval_t& result);
  /// v * factor and v / divisor as PostgreSQL's interval_mul / interval_div: each field
  /// scaled, the fraction of the months spilling into days (30 a month) and that of the
  /// days into micros ('1 month' * 1.5 is '1 mon 15 days'). False when a field overflows,
  /// the factor is not finite or the divisor is zero.
  static bool TryMultiply(interval_t v, double factor, interval_t& result);
  static bool TryDivide(interval_t v, double divisor, interval_t& result);

  /// ts + v: months first (clamping the day to the month's end, PostgreSQL's rule), then
  /// days, then micros, all in UTC. Infinity stays infinity. False when the result leaves
  /// the TIMESTAMP range.
  static bool TryAddTo(timestamp_t ts, interval_t v, timestamp_t& result);
  static bool TryAddTo(timestamp_tz_t ts, interval_t v, timestamp_tz_t& result);
  /// date + v as a TIMESTAMP (the date at midnight plus v).
  static bool TryAddTo(date_t date, interval_t v, timestamp_t& result);
  /// (time + v's micros and days) wrapped into one day; months are ignored (PostgreSQL).
  static dtime_t AddTo(dtime_t time, interval_t v);
  /// a - b as days and micros (no months), the micros within a day carrying a's sign
  /// relative to b. False when either is infinite.
  static bool TryBetween(timestamp_t a, timestamp_t b, interval_t& result);

  /// Parses PostgreSQL/DuckDB interval text: a sequence of `[+|-]N[.f] unit` and
  /// `[+|-]H:MM[:SS[.f]]` parts, optionally prefixed by '@' and followed by `ago`
  /// (negates), or ISO 8601 `P[nY][nM][nW][nD][T[nH][nM][nS]]`. Units: millennium(s),
  /// century/centuries, decade(s), year(s)/yr(s)/y, month(s)/mon(s), week(s)/w, day(s)/d,
  /// hour(s)/hr(s)/h, minute(s)/min(s)/m, second(s)/sec(s)/s, millisecond(s)/msec(s)/ms,
  /// microsecond(s)/usec(s)/us. Fractions spill into smaller fields ('1.5 days' = 1 day
  /// 12:00:00). False with *reason on bad text or overflow.
  static bool TryParse(std::string_view text, interval_t& result, std::string* reason = nullptr);
  static interval_t Parse(std::string_view text);  // throws ConversionError

  /// DuckDB's format: `1 year 2 months 3 days 04:05:06.789`, `-1 day`, `1 day -01:00:00`,
  /// `00:00:00` for zero. Hours are not wrapped into days (`36:00:00`).
  static std::string ToString(interval_t v);
};

}  // namespace teal
