// time_bucket(width, t [, offset | origin]): the start of the bucket of `width` that holds t,
// as DuckDB (and TimescaleDB) define it, for DATE, TIMESTAMP, TIMESTAMPTZ and TIME.
//
// Buckets are laid end to end from an origin: 2000-01-03 00:00 (a Monday, so that weeks start
// on Mondays) for widths of days and times, 2000-01-01 for widths of months. A width is either
// whole months or days and time (a day counts 24 hours); both at once, or a width that is
// not positive, is an error. An offset shifts the buckets by that interval (t - offset is
// bucketed, the offset added back); an origin (of t's type) is where one bucket starts — for
// months, the origin's month. A TIME is its instant on 1970-01-01, and its result that
// bucket's time of day. An infinite t is its own result; an infinite origin gives NULL.
// TIMESTAMPTZ buckets in UTC, the session time zone (types/timestamp.hpp).
#include <fmt/format.h>

#include "function/builtin_functions.hpp"
#include "function/scalar/date_util.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/interval.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

constexpr int64_t kDefaultOriginMicros = 10959 * kMicrosPerDay;  // 2000-01-03
constexpr int64_t kDefaultOriginMonths = 360;                    // 2000-01

/// A bucket width: whole months, or micros (days and time).
struct Width {
  bool months;
  int64_t value;
};

Width ClassifyWidth(interval_t width) {
  if (width.months == 0) {
    const int128 micros = int128{width.days} * kMicrosPerDay + width.micros;
    if (micros <= 0) {
      throw InvalidInputError(
          fmt::format("time_bucket: Period must be greater than 0: the bucket width is {}",
                      Interval::ToString(width)));
    }
    if (micros > INT64_MAX) throw OutOfRangeError("time_bucket: the bucket width is too large");
    return {false, static_cast<int64_t>(micros)};
  }
  if (width.days != 0 || width.micros != 0) {
    throw InvalidInputError(fmt::format(
        "time_bucket: Month intervals cannot have day or time component: the bucket width is {}",
        Interval::ToString(width)));
  }
  if (width.months < 0) {
    throw InvalidInputError(
        fmt::format("time_bucket: Period must be greater than 0: the bucket width is {}",
                    Interval::ToString(width)));
  }
  return {true, width.months};
}

[[noreturn]] void OutOfRange(const char* operation = "addition") {
  throw OutOfRangeError(fmt::format(
      "Overflow in {}: time_bucket's bucket lies outside the range of a timestamp", operation));
}

/// The start of the bucket of `width` units holding `at`, buckets starting at `origin`.
int64_t BucketStart(int64_t width, int64_t at, int64_t origin) {
  origin %= width;
  int64_t shifted, start, result;
  if (__builtin_sub_overflow(at, origin, &shifted)) OutOfRange("subtraction");
  if (__builtin_mul_overflow(FloorDiv(shifted, width), width, &start)) {
    OutOfRange("multiplication");
  }
  if (__builtin_add_overflow(start, origin, &result)) OutOfRange();
  return result;
}

/// Months since 1970-01 of the instant `micros`, and the instant a month starts.
int64_t EpochMonths(int64_t micros) {
  const Fields f = Split(micros);
  return (f.year - 1970) * 12 + f.month - 1;
}
/// The day a month (counted from 1970-01) starts, since the epoch.
int64_t MonthStartDays(int64_t months) {
  const int64_t years = FloorDiv(months, 12);
  return Date::DaysFromCivil(1970 + years, static_cast<int32_t>(months - years * 12 + 1), 1);
}
int64_t MonthStartMicros(int64_t months) {
  const int64_t days = MonthStartDays(months);
  if (days > INT64_MAX / kMicrosPerDay || days < INT64_MIN / kMicrosPerDay) OutOfRange();
  return days * kMicrosPerDay;
}

/// The instant of a value of each type (false: infinite), and the value of an instant.
bool InstantOf(date_t v, int64_t& out) { return ToMicros(v, out); }
bool InstantOf(timestamp_t v, int64_t& out) { return ToMicros(v, out); }
bool InstantOf(timestamp_tz_t v, int64_t& out) { return ToMicros(v, out); }
bool InstantOf(dtime_t v, int64_t& out) {
  out = v.micros;  // on 1970-01-01
  return true;
}
template <typename T>
T ValueAt(int64_t micros) {
  if constexpr (std::is_same_v<T, date_t>) {
    return date_t{static_cast<int32_t>(FloorDiv(micros, kMicrosPerDay))};
  } else if constexpr (std::is_same_v<T, dtime_t>) {
    return dtime_t{micros - FloorDiv(micros, kMicrosPerDay) * kMicrosPerDay};
  } else {
    return T{micros};
  }
}

int64_t AddInterval(int64_t micros, interval_t v) {
  timestamp_t out;
  if (!Interval::TryAddTo(timestamp_t{micros}, v, out) || !out.IsFinite()) OutOfRange();
  return out.value;
}

/// The bucket of `at` for `width`; with `offset` the buckets are shifted by it, with
/// `origin` (micros; for months, its month counts) one starts there.
int64_t Bucket(const Width& width, int64_t at, const interval_t* offset, const int64_t* origin) {
  if (offset) {
    interval_t back;
    if (!Interval::TryNegate(*offset, back)) OutOfRange();
    at = AddInterval(at, back);
  }
  int64_t start;
  if (width.months) {
    const int64_t from = origin ? EpochMonths(*origin) : kDefaultOriginMonths;
    start = MonthStartMicros(BucketStart(width.value, EpochMonths(at), from));
  } else {
    start = BucketStart(width.value, at, origin ? *origin : kDefaultOriginMicros);
  }
  return offset ? AddInterval(start, *offset) : start;
}

/// A DATE's bucket of months, counted on the date itself: dates reach further than
/// timestamps. `origin`: the origin's date, or none for the default.
date_t DateMonthBucket(int64_t width, date_t at, const date_t* origin) {
  auto months = [](date_t d) {
    int64_t year;
    int32_t month, day;
    Date::CivilFromDays(d.days, year, month, day);
    return (year - 1970) * 12 + month - 1;
  };
  const int64_t days = MonthStartDays(
      BucketStart(width, months(at), origin ? months(*origin) : kDefaultOriginMonths));
  const date_t result{static_cast<int32_t>(days)};
  if (days != result.days || !result.IsFinite()) OutOfRange();
  return result;
}

/// The bucket of `value` (a row's arguments; `offset` and `origin` when given), or false
/// for NULL (an infinite origin).
template <typename T>
bool BucketOf(interval_t width_interval, T value, const interval_t* offset, const T* origin,
              T& out) {
  int64_t origin_micros = 0;
  if (origin && !InstantOf(*origin, origin_micros)) return false;
  const Width width = ClassifyWidth(width_interval);
  if constexpr (std::is_same_v<T, date_t>) {
    if (width.months && !offset && value.IsFinite()) {
      out = DateMonthBucket(width.value, value, origin);
      return true;
    }
  }
  int64_t at;
  out = InstantOf(value, at)
            ? ValueAt<T>(Bucket(width, at, offset, origin ? &origin_micros : nullptr))
            : value;
  return true;
}

/// time_bucket(width, t), time_bucket(width, t, offset) and time_bucket(width, t, origin)
/// over values of T.
template <typename T>
void AddTimeBucket(FunctionCatalog& catalog, TypeId type) {
  // kOffset / kOrigin: what the third argument is (none for kPlain).
  enum Third { kPlain, kOffset, kOrigin };
  auto body = []<Third kThird>() {
    return [](const DataChunk& args, Vector& result, idx_t count) {
      const auto* widths = args.data[0].Values<interval_t>();
      const T* values = args.data[1].Values<T>();
      T* out = result.Values<T>();
      for (idx_t i = 0; i < count; i++) {
        if (!result.RowIsValid(i)) continue;
        const interval_t* offset = nullptr;
        const T* origin = nullptr;
        if constexpr (kThird == kOffset) offset = &args.data[2].Values<interval_t>()[i];
        if constexpr (kThird == kOrigin) origin = &args.data[2].Values<T>()[i];
        if (!BucketOf(widths[i], values[i], offset, origin, out[i])) result.SetNull(i);
      }
    };
  };
  catalog.AddScalar(MakeFunction("time_bucket", {TypeId::kInterval, type}, type,
                                 body.template operator()<kPlain>()));
  catalog.AddScalar(MakeFunction("time_bucket", {TypeId::kInterval, type, TypeId::kInterval}, type,
                                 body.template operator()<kOffset>()));
  catalog.AddScalar(MakeFunction("time_bucket", {TypeId::kInterval, type, type}, type,
                                 body.template operator()<kOrigin>()));
}

}  // namespace

void RegisterTimeBucket(FunctionCatalog& catalog) {
  AddTimeBucket<date_t>(catalog, TypeId::kDate);
  AddTimeBucket<timestamp_t>(catalog, TypeId::kTimestamp);
  AddTimeBucket<timestamp_tz_t>(catalog, TypeId::kTimestampTz);
  AddTimeBucket<dtime_t>(catalog, TypeId::kTime);
}

}  // namespace teal
