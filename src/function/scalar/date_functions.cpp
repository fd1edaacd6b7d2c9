// Built-in date and time functions: date_part (and year, month, day, hour, minute,
// quarter, dayofweek, dayofyear, week), date_trunc, date_add, date_diff/datediff, age,
// make_date, make_time, make_timestamp, strftime, strptime, epoch, epoch_ms,
// to_timestamp, current_date, current_timestamp/now, dayname, monthname, last_day.
//
// Every DATE / TIMESTAMP / TIMESTAMPTZ function works on one representation: the finite
// instant as micros since 1970-01-01 (a date is its midnight), broken into civil fields
// where needed. The session time zone is UTC (types/timestamp.hpp), so TIMESTAMPTZ fields
// are UTC fields. Each family registers a DATE, a TIMESTAMP and a TIMESTAMPTZ overload,
// because a DATE converts to both timestamp types at the same cost.
//
// date_part returns BIGINT for every part, since its type cannot depend on the part's
// value: 'second' is whole seconds, 'epoch' whole seconds (floor) — epoch(x) gives the
// DOUBLE. 'millisecond' and 'microsecond' include the seconds (PostgreSQL: 1.5 s is 1500
// ms). Parts of an infinite value are NULL. An unknown part is an InvalidInputError.
//
// strftime / strptime are in date_format.cpp. current_date, now() and current_timestamp read
// the clock once per vector, not once per statement.
#include <chrono>
#include <cmath>

#include "function/builtin_functions.hpp"
#include "function/scalar/date_util.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "function/scalar/string_util.hpp"
#include "types/interval.hpp"
#include "types/timestamp.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

enum class Part {
  kMillennium,
  kCentury,
  kDecade,
  kYear,
  kQuarter,
  kMonth,
  kWeek,
  kDay,
  kHour,
  kMinute,
  kSecond,
  kMillisecond,
  kMicrosecond,
  kEpoch,
  kDow,
  kIsoDow,
  kDoy,
  kIsoYear,
};

Part ParsePart(std::string_view text) {
  std::string s = ConvertCase(TrimSpace(text), false);
  static const std::pair<const char*, Part> kNames[] = {
      {"millennium", Part::kMillennium},
      {"millennia", Part::kMillennium},
      {"millenniums", Part::kMillennium},
      {"century", Part::kCentury},
      {"centuries", Part::kCentury},
      {"decade", Part::kDecade},
      {"decades", Part::kDecade},
      {"year", Part::kYear},
      {"years", Part::kYear},
      {"y", Part::kYear},
      {"yr", Part::kYear},
      {"yrs", Part::kYear},
      {"quarter", Part::kQuarter},
      {"quarters", Part::kQuarter},
      {"month", Part::kMonth},
      {"months", Part::kMonth},
      {"mon", Part::kMonth},
      {"mons", Part::kMonth},
      {"week", Part::kWeek},
      {"weeks", Part::kWeek},
      {"w", Part::kWeek},
      {"day", Part::kDay},
      {"days", Part::kDay},
      {"d", Part::kDay},
      {"hour", Part::kHour},
      {"hours", Part::kHour},
      {"h", Part::kHour},
      {"hr", Part::kHour},
      {"minute", Part::kMinute},
      {"minutes", Part::kMinute},
      {"min", Part::kMinute},
      {"m", Part::kMinute},
      {"second", Part::kSecond},
      {"seconds", Part::kSecond},
      {"sec", Part::kSecond},
      {"s", Part::kSecond},
      {"millisecond", Part::kMillisecond},
      {"milliseconds", Part::kMillisecond},
      {"ms", Part::kMillisecond},
      {"msec", Part::kMillisecond},
      {"microsecond", Part::kMicrosecond},
      {"microseconds", Part::kMicrosecond},
      {"us", Part::kMicrosecond},
      {"usec", Part::kMicrosecond},
      {"epoch", Part::kEpoch},
      {"dow", Part::kDow},
      {"dayofweek", Part::kDow},
      {"isodow", Part::kIsoDow},
      {"doy", Part::kDoy},
      {"dayofyear", Part::kDoy},
      {"isoyear", Part::kIsoYear},
  };
  for (const auto& [name, part] : kNames) {
    if (s == name) return part;
  }
  throw InvalidInputError(fmt::format("unknown date part '{}'", text));
}

/// ParsePart for a column of parts, which is nearly always one constant: parses a part's
/// text only when it differs from the previous row's.
class PartCache {
 public:
  Part Get(std::string_view text) {
    if (!valid_ || text != text_) {
      part_ = ParsePart(text);
      text_ = std::string(text);
      valid_ = true;
    }
    return part_;
  }

 private:
  bool valid_ = false;
  std::string text_;
  Part part_ = Part::kYear;
};

int64_t Century(int64_t year) { return year > 0 ? (year + 99) / 100 : -((99 - (year - 1)) / 100); }
int64_t Millennium(int64_t year) {
  return year > 0 ? (year + 999) / 1000 : -((999 - (year - 1)) / 1000);
}

int64_t ExtractPart(Part part, const Fields& f) {
  int64_t second_micros = f.time % (60 * kMicrosPerSecond);
  switch (part) {
    case Part::kMillennium:
      return Millennium(f.year);
    case Part::kCentury:
      return Century(f.year);
    case Part::kDecade:
      return FloorDiv(f.year, 10);
    case Part::kYear:
      return f.year;
    case Part::kQuarter:
      return (f.month - 1) / 3 + 1;
    case Part::kMonth:
      return f.month;
    case Part::kWeek:
      return IsoWeek(f);
    case Part::kDay:
      return f.day;
    case Part::kHour:
      return f.time / (3600 * kMicrosPerSecond);
    case Part::kMinute:
      return f.time / (60 * kMicrosPerSecond) % 60;
    case Part::kSecond:
      return second_micros / kMicrosPerSecond;
    case Part::kMillisecond:
      return second_micros / 1000;
    case Part::kMicrosecond:
      return second_micros;
    case Part::kEpoch:
      return FloorDiv(f.micros, kMicrosPerSecond);
    case Part::kDow:
      return IsoDayOfWeek(f.days) % 7;
    case Part::kIsoDow:
      return IsoDayOfWeek(f.days);
    case Part::kDoy:
      return DayOfYear(f);
    case Part::kIsoYear: {
      int64_t year;
      IsoWeek(f, &year);
      return year;
    }
  }
  return 0;
}

int64_t ExtractIntervalPart(Part part, interval_t v) {
  int64_t second_micros = v.micros % (60 * kMicrosPerSecond);
  switch (part) {
    case Part::kMillennium:
      return v.months / 12000;
    case Part::kCentury:
      return v.months / 1200;
    case Part::kDecade:
      return v.months / 120;
    case Part::kYear:
      return v.months / 12;
    case Part::kQuarter:
      return v.months % 12 / 3 + 1;
    case Part::kMonth:
      return v.months % 12;
    case Part::kDay:
      return v.days;
    case Part::kHour:
      return v.micros / (3600 * kMicrosPerSecond);
    case Part::kMinute:
      return v.micros / (60 * kMicrosPerSecond) % 60;
    case Part::kSecond:
      return second_micros / kMicrosPerSecond;
    case Part::kMillisecond:
      return second_micros / 1000;
    case Part::kMicrosecond:
      return second_micros;
    case Part::kEpoch: {
      // A year counts 365.25 days, a month 30 days (PostgreSQL).
      double seconds = static_cast<double>(v.months / 12) * 365.25 * 86400 +
                       static_cast<double>(v.months % 12) * 30 * 86400 +
                       static_cast<double>(v.days) * 86400 +
                       static_cast<double>(v.micros) / kMicrosPerSecond;
      return static_cast<int64_t>(std::floor(seconds));
    }
    default:
      throw InvalidInputError("this date part is not supported for INTERVAL values");
  }
}

template <typename In>
ScalarFunction DatePartFunction(const std::string& name, TypeId in, bool part_argument,
                                Part fixed_part) {
  std::vector<LogicalType> arguments;
  if (part_argument) arguments.push_back(TypeId::kVarchar);
  arguments.push_back(in);
  return MakeFunction(
      name, arguments, TypeId::kBigInt,
      [part_argument, fixed_part](const DataChunk& args, Vector& result, idx_t count) {
        const In* values = args.data[part_argument ? 1 : 0].Values<In>();
        int64_t* out = result.Values<int64_t>();
        PartCache parts;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          Part part =
              part_argument ? parts.Get(args.data[0].Values<string_t>()[i].View()) : fixed_part;
          if constexpr (std::is_same_v<In, interval_t>) {
            out[i] = ExtractIntervalPart(part, values[i]);
          } else if constexpr (std::is_same_v<In, dtime_t>) {
            if (part == Part::kEpoch) {
              out[i] = values[i].micros / kMicrosPerSecond;
            } else if (part >= Part::kHour && part <= Part::kMicrosecond) {
              out[i] = ExtractPart(part, Split(values[i].micros));
            } else {
              throw InvalidInputError("this date part is not supported for TIME values");
            }
          } else {
            int64_t micros;
            if (!ToMicros(values[i], micros)) {
              result.SetNull(i);
              continue;
            }
            out[i] = ExtractPart(part, Split(micros));
          }
        }
      });
}

/// Truncates a finite instant to the start of `part`.
int64_t TruncateMicros(Part part, int64_t micros) {
  Fields f = Split(micros);
  auto at = [](int64_t year, int32_t month, int32_t day) {
    return Date::DaysFromCivil(year, month, day) * kMicrosPerDay;
  };
  switch (part) {
    case Part::kMillennium:
      return at((Millennium(f.year) - 1) * 1000 + 1, 1, 1);
    case Part::kCentury:
      return at((Century(f.year) - 1) * 100 + 1, 1, 1);
    case Part::kDecade:
      return at(FloorDiv(f.year, 10) * 10, 1, 1);
    case Part::kYear:
      return at(f.year, 1, 1);
    case Part::kQuarter:
      return at(f.year, (f.month - 1) / 3 * 3 + 1, 1);
    case Part::kMonth:
      return at(f.year, f.month, 1);
    case Part::kWeek:
      return (f.days - (IsoDayOfWeek(f.days) - 1)) * kMicrosPerDay;
    case Part::kDay:
      return f.days * kMicrosPerDay;
    case Part::kHour:
      return micros - f.time % (3600 * kMicrosPerSecond);
    case Part::kMinute:
      return micros - f.time % (60 * kMicrosPerSecond);
    case Part::kSecond:
      return micros - f.time % kMicrosPerSecond;
    case Part::kMillisecond:
      return micros - f.time % 1000;
    case Part::kMicrosecond:
      return micros;
    default:
      throw InvalidInputError("date_trunc does not support this date part");
  }
}

template <typename In, typename Out>
ScalarFunction DateTrunc(TypeId in, TypeId out) {
  return MakeFunction("date_trunc", {TypeId::kVarchar, in}, out,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        const In* values = args.data[1].Values<In>();
                        Out* o = result.Values<Out>();
                        PartCache parts;
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          Part part = parts.Get(args.data[0].Values<string_t>()[i].View());
                          int64_t micros;
                          if (!ToMicros(values[i], micros)) {
                            bool positive;
                            if constexpr (std::is_same_v<In, date_t>) {
                              positive = values[i].days > 0;
                            } else {
                              positive = values[i].value > 0;
                            }
                            o[i] = {positive ? Out::kInfinity : -Out::kInfinity};
                            continue;
                          }
                          o[i] = {TruncateMicros(part, micros)};
                        }
                      });
}

/// date_diff: the number of `part` boundaries between a and b (b - a), as DuckDB counts.
int64_t DateDiff(Part part, int64_t a, int64_t b) {
  Fields x = Split(a), y = Split(b);
  auto months = [](const Fields& f) { return f.year * 12 + f.month - 1; };
  switch (part) {
    case Part::kMillennium:
      return Millennium(y.year) - Millennium(x.year);
    case Part::kCentury:
      return Century(y.year) - Century(x.year);
    case Part::kDecade:
      return FloorDiv(y.year, 10) - FloorDiv(x.year, 10);
    case Part::kYear:
    case Part::kIsoYear:
      return y.year - x.year;
    case Part::kQuarter:
      return FloorDiv(months(y), 3) - FloorDiv(months(x), 3);
    case Part::kMonth:
      return months(y) - months(x);
    case Part::kWeek:
      return (y.days - x.days) / 7;
    case Part::kDay:
    case Part::kDow:
    case Part::kIsoDow:
    case Part::kDoy:
      return y.days - x.days;
    case Part::kHour:
      return FloorDiv(b, 3600 * kMicrosPerSecond) - FloorDiv(a, 3600 * kMicrosPerSecond);
    case Part::kMinute:
      return FloorDiv(b, 60 * kMicrosPerSecond) - FloorDiv(a, 60 * kMicrosPerSecond);
    case Part::kSecond:
    case Part::kEpoch:
      return FloorDiv(b, kMicrosPerSecond) - FloorDiv(a, kMicrosPerSecond);
    case Part::kMillisecond:
      return FloorDiv(b, 1000) - FloorDiv(a, 1000);
    case Part::kMicrosecond:
      return b - a;
  }
  return 0;
}

template <typename In>
ScalarFunction DateDiffFunction(const std::string& name, TypeId in) {
  return MakeFunction(name, {TypeId::kVarchar, in, in}, TypeId::kBigInt,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        const In* a = args.data[1].Values<In>();
                        const In* b = args.data[2].Values<In>();
                        PartCache parts;
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          Part part = parts.Get(args.data[0].Values<string_t>()[i].View());
                          int64_t x, y;
                          if (!ToMicros(a[i], x) || !ToMicros(b[i], y)) {
                            result.SetNull(i);
                            continue;
                          }
                          result.Values<int64_t>()[i] = DateDiff(part, x, y);
                        }
                      });
}

/// PostgreSQL's age: a - b in years, months, days and time, borrowing a month's days from
/// the month of b.
interval_t Age(int64_t a, int64_t b) {
  if (a < b) {
    interval_t r = Age(b, a);
    return {-r.months, -r.days, -r.micros};
  }
  Fields x = Split(a), y = Split(b);
  int64_t years = x.year - y.year, months = x.month - y.month, days = x.day - y.day;
  int64_t micros = x.time - y.time;
  if (micros < 0) {
    micros += kMicrosPerDay;
    days--;
  }
  if (days < 0) {
    days += Date::DaysInMonth(y.year, y.month);
    months--;
  }
  if (months < 0) {
    months += 12;
    years--;
  }
  int64_t total_months = years * 12 + months;
  if (!IntegerInRange<int32_t>(total_months)) throw OutOfRangeError("age: interval out of range");
  return {static_cast<int32_t>(total_months), static_cast<int32_t>(days), micros};
}

int64_t NowMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

template <typename In>
void AddAge(FunctionCatalog& catalog, TypeId in) {
  catalog.AddScalar(MakeFunction("age", {in, in}, TypeId::kInterval,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   const In* a = args.data[0].Values<In>();
                                   const In* b = args.data[1].Values<In>();
                                   for (idx_t i = 0; i < count; i++) {
                                     if (!result.RowIsValid(i)) continue;
                                     int64_t x, y;
                                     if (!ToMicros(a[i], x) || !ToMicros(b[i], y)) {
                                       throw OutOfRangeError("age of an infinite timestamp");
                                     }
                                     result.Values<interval_t>()[i] = Age(x, y);
                                   }
                                 }));
  ScalarFunction one = MakeFunction(
      "age", {in}, TypeId::kInterval, [](const DataChunk& args, Vector& result, idx_t count) {
        const In* a = args.data[0].Values<In>();
        int64_t today = FloorDiv(NowMicros(), kMicrosPerDay) * kMicrosPerDay;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          int64_t x;
          if (!ToMicros(a[i], x)) throw OutOfRangeError("age of an infinite timestamp");
          result.Values<interval_t>()[i] = Age(today, x);
        }
      });
  one.deterministic = false;
  catalog.AddScalar(std::move(one));
}

// --- registration helpers -----------------------------------------------------------------

template <typename In, typename Out, typename F>
ScalarFunction Unary(const std::string& name, TypeId in, LogicalType out, F f) {
  return MakeFunction(name, {in}, std::move(out),
                      [f](const DataChunk& args, Vector& result, idx_t count) {
                        const In* values = args.data[0].Values<In>();
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          int64_t micros;
                          if (!ToMicros(values[i], micros)) {
                            result.SetNull(i);
                            continue;
                          }
                          if constexpr (std::is_same_v<Out, string_t>) {
                            result.Values<string_t>()[i] = result.AddString(f(micros));
                          } else {
                            result.Values<Out>()[i] = f(micros);
                          }
                        }
                      });
}

/// Registers `name` for DATE, TIMESTAMP and TIMESTAMPTZ arguments with one body.
template <typename Out, typename F>
void ForEachTemporal(FunctionCatalog& catalog, const std::string& name, LogicalType out, F f) {
  catalog.AddScalar(Unary<date_t, Out>(name, TypeId::kDate, out, f));
  catalog.AddScalar(Unary<timestamp_t, Out>(name, TypeId::kTimestamp, out, f));
  catalog.AddScalar(Unary<timestamp_tz_t, Out>(name, TypeId::kTimestampTz, out, f));
}

ScalarFunction NonDeterministic(ScalarFunction f) {
  f.deterministic = false;
  return f;
}

int32_t ToInt32(int64_t v, const char* what) {
  if (!IntegerInRange<int32_t>(v))
    throw OutOfRangeError(fmt::format("{} {} is out of range", what, v));
  return static_cast<int32_t>(v);
}

date_t MakeDate(int64_t y, int64_t m, int64_t d) {
  date_t r;
  if (y > 10'000'000 || y < -10'000'000) {
    throw OutOfRangeError(fmt::format("date field value out of range: year {}", y));
  }
  std::string reason;
  if (!Date::TryFromCivil(y, ToInt32(m, "month"), ToInt32(d, "day"), r, &reason)) {
    throw OutOfRangeError(
        fmt::format("date field value out of range: {}-{}-{}: {}", y, m, d, reason));
  }
  return r;
}

dtime_t MakeTime(int64_t h, int64_t m, double s) {
  dtime_t r;
  int64_t micros = std::isfinite(s) && s >= 0 && s < 61 ? std::llround(s * 1e6) : -1;
  if (micros < 0 || !Time::TryFromParts(ToInt32(h, "hour"), ToInt32(m, "minute"),
                                        static_cast<int32_t>(micros / kMicrosPerSecond),
                                        static_cast<int32_t>(micros % kMicrosPerSecond), r)) {
    throw OutOfRangeError(fmt::format("time field value out of range: {}:{}:{}", h, m, s));
  }
  return r;
}

void RegisterDateParts(FunctionCatalog& catalog) {
  catalog.AddScalar(DatePartFunction<date_t>("date_part", TypeId::kDate, true, Part::kYear));
  catalog.AddScalar(
      DatePartFunction<timestamp_t>("date_part", TypeId::kTimestamp, true, Part::kYear));
  catalog.AddScalar(
      DatePartFunction<timestamp_tz_t>("date_part", TypeId::kTimestampTz, true, Part::kYear));
  catalog.AddScalar(
      DatePartFunction<interval_t>("date_part", TypeId::kInterval, true, Part::kYear));
  catalog.AddScalar(DatePartFunction<dtime_t>("date_part", TypeId::kTime, true, Part::kYear));
  static const std::pair<const char*, Part> kShortcuts[] = {
      {"year", Part::kYear},       {"month", Part::kMonth},     {"day", Part::kDay},
      {"hour", Part::kHour},       {"minute", Part::kMinute},   {"quarter", Part::kQuarter},
      {"dayofweek", Part::kDow},   {"isodow", Part::kIsoDow},   {"dayofyear", Part::kDoy},
      {"week", Part::kWeek},       {"weekofyear", Part::kWeek}, {"decade", Part::kDecade},
      {"century", Part::kCentury}, {"isoyear", Part::kIsoYear},
  };
  for (const auto& [name, part] : kShortcuts) {
    catalog.AddScalar(DatePartFunction<date_t>(name, TypeId::kDate, false, part));
    catalog.AddScalar(DatePartFunction<timestamp_t>(name, TypeId::kTimestamp, false, part));
    catalog.AddScalar(DatePartFunction<timestamp_tz_t>(name, TypeId::kTimestampTz, false, part));
  }
}

}  // namespace

void RegisterDateFunctions(FunctionCatalog& catalog) {
  using T = TypeId;
  RegisterDateParts(catalog);
  catalog.AddScalar(DateTrunc<date_t, timestamp_t>(T::kDate, T::kTimestamp));
  catalog.AddScalar(DateTrunc<timestamp_t, timestamp_t>(T::kTimestamp, T::kTimestamp));
  catalog.AddScalar(DateTrunc<timestamp_tz_t, timestamp_tz_t>(T::kTimestampTz, T::kTimestampTz));
  for (const char* name : {"date_diff", "datediff"}) {
    catalog.AddScalar(DateDiffFunction<date_t>(name, T::kDate));
    catalog.AddScalar(DateDiffFunction<timestamp_t>(name, T::kTimestamp));
    catalog.AddScalar(DateDiffFunction<timestamp_tz_t>(name, T::kTimestampTz));
  }
  // date_add(x, interval) is x + interval.
  if (const ScalarFunctionSet* plus = catalog.FindScalar("+")) {
    for (const auto& f : plus->overloads) {
      if (f.arguments.size() == 2 && f.arguments[1].Id() == T::kInterval &&
          f.arguments[0].Id() != T::kInterval) {
        ScalarFunction copy = f;
        copy.name = "date_add";
        catalog.AddScalar(std::move(copy));
      }
    }
  }
  AddAge<timestamp_t>(catalog, T::kTimestamp);
  AddAge<timestamp_tz_t>(catalog, T::kTimestampTz);
  AddAge<date_t>(catalog, T::kDate);

  catalog.AddScalar(MakeFunction("make_date", {T::kBigInt, T::kBigInt, T::kBigInt}, T::kDate,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   TernaryLoop<int64_t, int64_t, int64_t, date_t>(args, result,
                                                                                  count, MakeDate);
                                 }));
  catalog.AddScalar(MakeFunction("make_time", {T::kBigInt, T::kBigInt, T::kDouble}, T::kTime,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   TernaryLoop<int64_t, int64_t, double, dtime_t>(args, result,
                                                                                  count, MakeTime);
                                 }));
  catalog.AddScalar(MakeFunction(
      "make_timestamp", {T::kBigInt, T::kBigInt, T::kBigInt, T::kBigInt, T::kBigInt, T::kDouble},
      T::kTimestamp, [](const DataChunk& args, Vector& result, idx_t count) {
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          auto get = [&](idx_t c) { return args.data[c].Values<int64_t>()[i]; };
          date_t d = MakeDate(get(0), get(1), get(2));
          dtime_t t = MakeTime(get(3), get(4), args.data[5].Values<double>()[i]);
          timestamp_t ts;
          if (!Timestamp::TryFromDateTime(d, t, ts))
            throw OutOfRangeError("make_timestamp: timestamp out of range");
          result.Values<timestamp_t>()[i] = ts;
        }
      }));
  catalog.AddScalar(MakeFunction("make_timestamp", {T::kBigInt}, T::kTimestamp,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   UnaryLoop<int64_t, timestamp_t>(
                                       args, result, count, [](int64_t us) {
                                         if (us == INT64_MIN)
                                           throw OutOfRangeError("make_timestamp: out of range");
                                         return timestamp_t{us};
                                       });
                                 }));

  RegisterDateFormatFunctions(catalog);
  RegisterIntervalConstructors(catalog);

  ForEachTemporal<double>(catalog, "epoch", T::kDouble,
                          [](int64_t us) { return static_cast<double>(us) / kMicrosPerSecond; });
  catalog.AddScalar(MakeFunction("epoch", {T::kTime}, T::kDouble,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   UnaryLoop<dtime_t, double>(args, result, count, [](dtime_t t) {
                                     return static_cast<double>(t.micros) / kMicrosPerSecond;
                                   });
                                 }));
  ForEachTemporal<int64_t>(catalog, "epoch_ms", T::kBigInt,
                           [](int64_t us) { return FloorDiv(us, 1000); });
  catalog.AddScalar(
      MakeFunction("epoch_ms", {T::kBigInt}, T::kTimestamp,
                   [](const DataChunk& args, Vector& result, idx_t count) {
                     UnaryLoop<int64_t, timestamp_t>(args, result, count, [](int64_t ms) {
                       int64_t us;
                       if (__builtin_mul_overflow(ms, 1000, &us) || us == INT64_MIN ||
                           us == INT64_MAX || us == -INT64_MAX) {
                         throw OutOfRangeError(fmt::format("epoch_ms: {} is out of range", ms));
                       }
                       return timestamp_t{us};
                     });
                   }));
  catalog.AddScalar(MakeFunction(
      "to_timestamp", {T::kDouble}, T::kTimestampTz,
      [](const DataChunk& args, Vector& result, idx_t count) {
        UnaryLoop<double, timestamp_tz_t>(args, result, count, [](double s) {
          if (std::isinf(s)) {
            return timestamp_tz_t{s > 0 ? timestamp_tz_t::kInfinity : -timestamp_tz_t::kInfinity};
          }
          double us = std::round(s * kMicrosPerSecond);
          if (!(std::fabs(us) < 9.2e18)) {
            throw OutOfRangeError(fmt::format("to_timestamp: {} is out of range", s));
          }
          return timestamp_tz_t{static_cast<int64_t>(us)};
        });
      }));
  catalog.AddScalar(NonDeterministic(
      MakeFunction("current_date", {}, T::kDate, [](const DataChunk&, Vector& result, idx_t count) {
        date_t today{static_cast<int32_t>(FloorDiv(NowMicros(), kMicrosPerDay))};
        for (idx_t i = 0; i < count; i++) result.Values<date_t>()[i] = today;
      })));
  for (const char* name : {"now", "current_timestamp", "get_current_timestamp"}) {
    catalog.AddScalar(NonDeterministic(
        MakeFunction(name, {}, T::kTimestampTz, [](const DataChunk&, Vector& result, idx_t count) {
          timestamp_tz_t now{NowMicros()};
          for (idx_t i = 0; i < count; i++) result.Values<timestamp_tz_t>()[i] = now;
        })));
  }
  ForEachTemporal<string_t>(catalog, "dayname", T::kVarchar, [](int64_t us) {
    return std::string(kDayNames[IsoDayOfWeek(Split(us).days) % 7]);
  });
  ForEachTemporal<string_t>(catalog, "monthname", T::kVarchar, [](int64_t us) {
    return std::string(kMonthNames[Split(us).month - 1]);
  });
  ForEachTemporal<date_t>(catalog, "last_day", T::kDate, [](int64_t us) {
    Fields f = Split(us);
    return date_t{static_cast<int32_t>(
        Date::DaysFromCivil(f.year, f.month, Date::DaysInMonth(f.year, f.month)))};
  });
}

}  // namespace teal
