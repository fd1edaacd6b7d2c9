// The date/time overloads of + - * /, PostgreSQL's: DATE ± INTEGER days, DATE - DATE in
// days, DATE/TIMESTAMP/TIMESTAMPTZ ± INTERVAL, timestamp differences as INTERVAL,
// TIME ± INTERVAL (wrapping within the day), DATE + TIME, INTERVAL ± INTERVAL, and
// INTERVAL * / a number. Results outside a type's range are OutOfRangeErrors.
// INTERVAL * number is Interval::TryMultiply (PostgreSQL's: '1 month' * 1.5 is
// '1 mon 15 days').
#include <cmath>

#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/date.hpp"
#include "types/interval.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

std::string Text(date_t d) { return Date::ToString(d); }
std::string Text(timestamp_t t) { return Timestamp::ToString(t); }
std::string Text(timestamp_tz_t t) { return Timestamp::ToString(t); }
std::string Text(interval_t v) { return Interval::ToString(v); }

[[noreturn]] void RangeError(const std::string& what) {
  throw OutOfRangeError(what + " is out of range");
}

date_t AddDays(date_t d, int64_t days, const char* symbol) {
  date_t r;
  if (!Date::TryAddDays(d, days, r))
    RangeError(fmt::format("date {} {} {}", Text(d), symbol, days));
  return r;
}

interval_t Negate(interval_t v) {
  interval_t r;
  if (!Interval::TryNegate(v, r)) RangeError("-" + Text(v));
  return r;
}

timestamp_tz_t DateAtTimeTz(date_t d, dtime_tz_t t) {
  timestamp_t local;
  if (!Timestamp::TryFromDateTime(d, TimeTz::Local(t), local) || !local.IsFinite() ||
      __builtin_sub_overflow(local.value, int64_t{TimeTz::OffsetSeconds(t)} * 1000000,
                             &local.value)) {
    RangeError("date " + Text(d) + " + time with time zone");
  }
  return timestamp_tz_t{local.value};
}

/// TIME WITH TIME ZONE + interval (PostgreSQL's): the local time moves, wrapped into one
/// day as a TIME's does; the offset stays.
dtime_tz_t AddToTimeTz(dtime_tz_t t, interval_t v) {
  return TimeTz::Encode(Interval::AddTo(TimeTz::Local(t), v).micros, TimeTz::OffsetSeconds(t));
}

template <typename TS>
TS AddInterval(TS ts, interval_t v, const char* symbol) {
  TS r;
  if (!Interval::TryAddTo(ts, v, r)) {
    RangeError(fmt::format("timestamp {} {} interval '{}'", Text(ts), symbol, Text(v)));
  }
  return r;
}

timestamp_t DateAddInterval(date_t d, interval_t v, const char* symbol) {
  timestamp_t r;
  if (!Interval::TryAddTo(d, v, r)) {
    RangeError(fmt::format("date {} {} interval '{}'", Text(d), symbol, Text(v)));
  }
  return r;
}

interval_t MultiplyInterval(interval_t v, double factor) {
  if (!std::isfinite(factor)) throw OutOfRangeError("interval out of range: factor is not finite");
  interval_t r;
  if (!Interval::TryMultiply(v, factor, r)) {
    throw OutOfRangeError(fmt::format("interval out of range: '{}' scaled by {}", Text(v), factor));
  }
  return r;
}

interval_t DivideInterval(interval_t v, double divisor) {
  if (divisor == 0) throw OutOfRangeError("division by zero");
  if (!std::isfinite(divisor)) {
    throw OutOfRangeError("interval out of range: factor is not finite");
  }
  interval_t r;
  if (!Interval::TryDivide(v, divisor, r)) {
    throw OutOfRangeError(
        fmt::format("interval out of range: '{}' scaled by {}", Text(v), divisor));
  }
  return r;
}

template <typename A, typename B, typename R, typename F>
ScalarFunction Binary(const std::string& name, TypeId a, TypeId b, TypeId r, F f) {
  return MakeFunction(name, {a, b}, r, [f](const DataChunk& args, Vector& result, idx_t count) {
    BinaryLoop<A, B, R>(args, result, count, f);
  });
}

}  // namespace

void AddDateArithmetic(ArithOp op, std::vector<ScalarFunction>& out) {
  using T = TypeId;
  switch (op) {
    case ArithOp::kAdd:
      out.push_back(
          Binary<date_t, int32_t, date_t>("+", T::kDate, T::kInteger, T::kDate,
                                          [](date_t d, int32_t n) { return AddDays(d, n, "+"); }));
      out.push_back(
          Binary<int32_t, date_t, date_t>("+", T::kInteger, T::kDate, T::kDate,
                                          [](int32_t n, date_t d) { return AddDays(d, n, "+"); }));
      out.push_back(Binary<date_t, interval_t, timestamp_t>(
          "+", T::kDate, T::kInterval, T::kTimestamp,
          [](date_t d, interval_t v) { return DateAddInterval(d, v, "+"); }));
      out.push_back(Binary<interval_t, date_t, timestamp_t>(
          "+", T::kInterval, T::kDate, T::kTimestamp,
          [](interval_t v, date_t d) { return DateAddInterval(d, v, "+"); }));
      out.push_back(Binary<date_t, dtime_t, timestamp_t>(
          "+", T::kDate, T::kTime, T::kTimestamp, [](date_t d, dtime_t t) {
            timestamp_t r;
            if (!Timestamp::TryFromDateTime(d, t, r)) RangeError("date " + Text(d) + " + time");
            return r;
          }));
      // date + timetz (either order, PostgreSQL's): the instant of that local time.
      out.push_back(Binary<date_t, dtime_tz_t, timestamp_tz_t>(
          "+", T::kDate, T::kTimeTz, T::kTimestampTz,
          [](date_t d, dtime_tz_t t) { return DateAtTimeTz(d, t); }));
      out.push_back(Binary<dtime_tz_t, date_t, timestamp_tz_t>(
          "+", T::kTimeTz, T::kDate, T::kTimestampTz,
          [](dtime_tz_t t, date_t d) { return DateAtTimeTz(d, t); }));
      out.push_back(Binary<dtime_t, date_t, timestamp_t>("+", T::kTime, T::kDate, T::kTimestamp,
                                                         [](dtime_t t, date_t d) {
                                                           timestamp_t r;
                                                           if (!Timestamp::TryFromDateTime(d, t, r))
                                                             RangeError("time + date " + Text(d));
                                                           return r;
                                                         }));
      out.push_back(Binary<timestamp_t, interval_t, timestamp_t>(
          "+", T::kTimestamp, T::kInterval, T::kTimestamp,
          [](timestamp_t ts, interval_t v) { return AddInterval(ts, v, "+"); }));
      out.push_back(Binary<interval_t, timestamp_t, timestamp_t>(
          "+", T::kInterval, T::kTimestamp, T::kTimestamp,
          [](interval_t v, timestamp_t ts) { return AddInterval(ts, v, "+"); }));
      out.push_back(Binary<timestamp_tz_t, interval_t, timestamp_tz_t>(
          "+", T::kTimestampTz, T::kInterval, T::kTimestampTz,
          [](timestamp_tz_t ts, interval_t v) { return AddInterval(ts, v, "+"); }));
      out.push_back(Binary<interval_t, timestamp_tz_t, timestamp_tz_t>(
          "+", T::kInterval, T::kTimestampTz, T::kTimestampTz,
          [](interval_t v, timestamp_tz_t ts) { return AddInterval(ts, v, "+"); }));
      out.push_back(Binary<dtime_t, interval_t, dtime_t>(
          "+", T::kTime, T::kInterval, T::kTime,
          [](dtime_t t, interval_t v) { return Interval::AddTo(t, v); }));
      out.push_back(Binary<interval_t, dtime_t, dtime_t>(
          "+", T::kInterval, T::kTime, T::kTime,
          [](interval_t v, dtime_t t) { return Interval::AddTo(t, v); }));
      out.push_back(Binary<dtime_tz_t, interval_t, dtime_tz_t>(
          "+", T::kTimeTz, T::kInterval, T::kTimeTz,
          [](dtime_tz_t t, interval_t v) { return AddToTimeTz(t, v); }));
      out.push_back(Binary<interval_t, dtime_tz_t, dtime_tz_t>(
          "+", T::kInterval, T::kTimeTz, T::kTimeTz,
          [](interval_t v, dtime_tz_t t) { return AddToTimeTz(t, v); }));
      out.push_back(Binary<interval_t, interval_t, interval_t>(
          "+", T::kInterval, T::kInterval, T::kInterval, [](interval_t a, interval_t b) {
            interval_t r;
            if (!Interval::TryAdd(a, b, r))
              RangeError("interval '" + Text(a) + "' + '" + Text(b) + "'");
            return r;
          }));
      out.push_back(MakeFunction(
          "+", {T::kInterval}, T::kInterval,
          [](const DataChunk& args, Vector& result, idx_t) { result.Reference(args.data[0]); }));
      break;
    case ArithOp::kSubtract:
      out.push_back(Binary<date_t, int32_t, date_t>(
          "-", T::kDate, T::kInteger, T::kDate,
          [](date_t d, int32_t n) { return AddDays(d, -int64_t{n}, "-"); }));
      out.push_back(Binary<date_t, date_t, int32_t>(
          "-", T::kDate, T::kDate, T::kInteger, [](date_t a, date_t b) {
            if (!a.IsFinite() || !b.IsFinite()) {
              throw OutOfRangeError(
                  fmt::format("cannot subtract infinite dates: {} - {}", Text(a), Text(b)));
            }
            int64_t days = Date::DaysBetween(a, b);
            if (!IntegerInRange<int32_t>(days)) RangeError("date " + Text(a) + " - " + Text(b));
            return static_cast<int32_t>(days);
          }));
      out.push_back(Binary<date_t, interval_t, timestamp_t>(
          "-", T::kDate, T::kInterval, T::kTimestamp,
          [](date_t d, interval_t v) { return DateAddInterval(d, Negate(v), "-"); }));
      out.push_back(Binary<timestamp_t, interval_t, timestamp_t>(
          "-", T::kTimestamp, T::kInterval, T::kTimestamp,
          [](timestamp_t ts, interval_t v) { return AddInterval(ts, Negate(v), "-"); }));
      out.push_back(Binary<timestamp_tz_t, interval_t, timestamp_tz_t>(
          "-", T::kTimestampTz, T::kInterval, T::kTimestampTz,
          [](timestamp_tz_t ts, interval_t v) { return AddInterval(ts, Negate(v), "-"); }));
      out.push_back(Binary<timestamp_t, timestamp_t, interval_t>(
          "-", T::kTimestamp, T::kTimestamp, T::kInterval, [](timestamp_t a, timestamp_t b) {
            interval_t r;
            if (!Interval::TryBetween(a, b, r)) {
              throw OutOfRangeError(
                  fmt::format("cannot subtract timestamps {} - {}", Text(a), Text(b)));
            }
            return r;
          }));
      out.push_back(Binary<timestamp_tz_t, timestamp_tz_t, interval_t>(
          "-", T::kTimestampTz, T::kTimestampTz, T::kInterval,
          [](timestamp_tz_t a, timestamp_tz_t b) {
            interval_t r;
            if (!Interval::TryBetween(timestamp_t{a.value}, timestamp_t{b.value}, r)) {
              throw OutOfRangeError(
                  fmt::format("cannot subtract timestamps {} - {}", Text(a), Text(b)));
            }
            return r;
          }));
      out.push_back(Binary<dtime_t, interval_t, dtime_t>(
          "-", T::kTime, T::kInterval, T::kTime,
          [](dtime_t t, interval_t v) { return Interval::AddTo(t, Negate(v)); }));
      out.push_back(Binary<dtime_tz_t, interval_t, dtime_tz_t>(
          "-", T::kTimeTz, T::kInterval, T::kTimeTz,
          [](dtime_tz_t t, interval_t v) { return AddToTimeTz(t, Negate(v)); }));
      out.push_back(Binary<dtime_t, dtime_t, interval_t>(
          "-", T::kTime, T::kTime, T::kInterval, [](dtime_t a, dtime_t b) {
            return interval_t{0, 0, a.micros - b.micros};
          }));
      out.push_back(Binary<interval_t, interval_t, interval_t>(
          "-", T::kInterval, T::kInterval, T::kInterval, [](interval_t a, interval_t b) {
            interval_t r;
            if (!Interval::TrySubtract(a, b, r))
              RangeError("interval '" + Text(a) + "' - '" + Text(b) + "'");
            return r;
          }));
      out.push_back(MakeFunction("-", {T::kInterval}, T::kInterval,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   UnaryLoop<interval_t, interval_t>(args, result, count, Negate);
                                 }));
      break;
    case ArithOp::kMultiply:
      out.push_back(Binary<interval_t, double, interval_t>("*", T::kInterval, T::kDouble,
                                                           T::kInterval, MultiplyInterval));
      out.push_back(Binary<double, interval_t, interval_t>(
          "*", T::kDouble, T::kInterval, T::kInterval,
          [](double f, interval_t v) { return MultiplyInterval(v, f); }));
      break;
    case ArithOp::kDivide:
      out.push_back(Binary<interval_t, double, interval_t>("/", T::kInterval, T::kDouble,
                                                           T::kInterval, DivideInterval));
      break;
    case ArithOp::kModulo:
      break;
  }
}

void RegisterIntervalConstructors(FunctionCatalog& catalog) {
  using T = TypeId;
  // DuckDB's to_years(n) … to_microseconds(n): n of one unit as an INTERVAL, filed in the
  // field that unit belongs to (years in months, weeks in days, hours in micros).
  struct Unit {
    const char* name;
    int64_t months, days, micros;
  };
  static constexpr Unit kWhole[] = {{"to_millennia", 12000, 0, 0},
                                    {"to_centuries", 1200, 0, 0},
                                    {"to_decades", 120, 0, 0},
                                    {"to_years", 12, 0, 0},
                                    {"to_months", 1, 0, 0},
                                    {"to_weeks", 0, 7, 0},
                                    {"to_days", 0, 1, 0},
                                    {"to_hours", 0, 0, int64_t{3600} * 1000000},
                                    {"to_minutes", 0, 0, int64_t{60} * 1000000},
                                    {"to_microseconds", 0, 0, 1}};
  for (const Unit& unit : kWhole) {
    const bool micros = unit.micros != 0;
    catalog.AddScalar(MakeFunction(
        unit.name, {micros ? T::kBigInt : T::kInteger}, T::kInterval,
        [unit, micros](const DataChunk& args, Vector& result, idx_t count) {
          auto make = [&](int64_t n) {
            int64_t scaled;
            interval_t v;
            const int64_t per = unit.months + unit.days + unit.micros;
            if (__builtin_mul_overflow(n, per, &scaled) ||
                (!micros && (scaled > INT32_MAX || scaled < INT32_MIN))) {
              throw OutOfRangeError(
                  fmt::format("{}({}): the interval is out of range", unit.name, n));
            }
            if (unit.months) v.months = static_cast<int32_t>(scaled);
            if (unit.days) v.days = static_cast<int32_t>(scaled);
            if (unit.micros) v.micros = scaled;
            return v;
          };
          if (micros) {
            UnaryLoop<int64_t, interval_t>(args, result, count, make);
          } else {
            UnaryLoop<int32_t, interval_t>(args, result, count, [&](int32_t n) { return make(n); });
          }
        }));
  }
  for (const auto& [name, per_second] :
       {std::pair{"to_seconds", 1e6}, std::pair{"to_milliseconds", 1e3}}) {
    catalog.AddScalar(MakeFunction(
        name, {T::kDouble}, T::kInterval,
        [name = name, per_second = per_second](const DataChunk& args, Vector& result, idx_t count) {
          UnaryLoop<double, interval_t>(args, result, count, [&](double n) {
            const double us = std::rint(n * per_second);
            if (!(std::fabs(us) < 9.2e18)) {
              throw OutOfRangeError(fmt::format("{}({}): the interval is out of range", name, n));
            }
            interval_t v;
            v.micros = static_cast<int64_t>(us);
            return v;
          });
        }));
  }
}

}  // namespace teal
