// avg(x): the arithmetic mean.
//
// Integers and DECIMALs accumulate an exact int128 sum and divide once at the end (in
// long double), so the mean does not depend on the order rows arrive in; DECIMAL(w, s)
// averages to DOUBLE (DuckDB's choice too). FLOAT/DOUBLE sum in double; a total of
// finite values that passes DOUBLE's range is an error (as in PostgreSQL), since the mean
// it would give, inf, is not the finite mean of finite values. INTERVAL
// averages to INTERVAL as PostgreSQL divides one: whole months, the remainder of the
// months carried into days at 30 days a month, and that remainder into micros. DATE,
// TIME and the TIMESTAMPs average to an instant (DuckDB's), DATE to a TIMESTAMP.
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "types/date.hpp"
#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"
#include "types/interval.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"

namespace teal {

namespace {
using aggregate::MakeAggregate;
using aggregate::SetStateLifetime;
using aggregate::StateAt;

template <typename Sum>
struct AvgState {
  Sum sum{};
  int64_t count = 0;
};

[[noreturn]] void ThrowAvgOverflow() {
  throw OutOfRangeError("Overflow in avg: the running total does not fit HUGEINT");
}

/// a + b for a running DOUBLE total; throws when finite a and b overflow (an infinite or
/// NaN value among the inputs makes the total so, and the mean follows, as in PostgreSQL).
double AddToDoubleTotal(double a, double b) {
  const double total = a + b;
  if (!std::isfinite(total) && std::isfinite(a) && std::isfinite(b)) [[unlikely]] {
    throw OutOfRangeError(
        "Overflow in avg: the total of the values passes DOUBLE's range (about 1.8e308)");
  }
  return total;
}

/// Shared combine for every AvgState: add sums (checked for int128 and double) and counts.
template <typename Sum>
void CombineAvg(data_ptr_t source, data_ptr_t target) {
  auto& src = StateAt<AvgState<Sum>>(source);
  auto& dst = StateAt<AvgState<Sum>>(target);
  if constexpr (std::is_same_v<Sum, int128>) {
    if (!TryAddInt128(dst.sum, src.sum, dst.sum)) ThrowAvgOverflow();
  } else if constexpr (std::is_same_v<Sum, double>) {
    dst.sum = AddToDoubleTotal(dst.sum, src.sum);
  } else {
    dst.sum += src.sum;
  }
  dst.count += src.count;
}

/// avg over an integer or DECIMAL layout T; the result is sum / count / 10^scale.
template <typename T>
AggregateFunction Int128Avg(const LogicalType& input, uint8_t scale) {
  using State = AvgState<int128>;
  auto f = MakeAggregate("avg", {input}, TypeId::kDouble);
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if constexpr (sizeof(T) > 8) {
        auto v = ToNative(in[i]);
        if (!IntegerInRange<int128>(v) || !TryAddInt128(s.sum, static_cast<int128>(v), s.sum)) {
          ThrowAvgOverflow();
        }
      } else {
        s.sum += static_cast<int128>(in[i]);
      }
      s.count++;
    }
  };
  f.combine = CombineAvg<int128>;
  f.finalize = [scale](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<double>();
    long double divisor_scale = static_cast<long double>(kPowersOfTen[scale]);
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
        continue;
      }
      // The integer part of the mean exactly, then the fraction: keeps full precision
      // for large sums, where sum / count in long double alone would round.
      int128 whole = s.sum / s.count;
      int128 rest = s.sum % s.count;
      long double mean = static_cast<long double>(whole) +
                         static_cast<long double>(rest) / static_cast<long double>(s.count);
      out[offset + i] = static_cast<double>(mean / divisor_scale);
    }
  };
  return f;
}

template <typename T>
AggregateFunction DoubleAvg(const LogicalType& input) {
  using State = AvgState<double>;
  auto f = MakeAggregate("avg", {input}, TypeId::kDouble);
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.sum = AddToDoubleTotal(s.sum, static_cast<double>(in[i]));
      s.count++;
    }
  };
  f.combine = CombineAvg<double>;
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
      } else {
        out[offset + i] = s.sum / static_cast<double>(s.count);
      }
    }
  };
  return f;
}

/// Per-field totals in 128 bits: no realistic row count overflows them.
struct IntervalTotals {
  int128 months = 0;
  int128 days = 0;
  int128 micros = 0;
  IntervalTotals& operator+=(const IntervalTotals& o) {
    months += o.months;
    days += o.days;
    micros += o.micros;
    return *this;
  }
};

}  // namespace

/// The mean of `count` intervals whose fields sum to `months`, `days`, `micros`
/// (PostgreSQL's interval division: fractions of a month carry into days at 30 days a
/// month, fractions of a day into micros; micros round half away from zero).
bool TryAverageInterval(int128 months, int128 days, int128 micros, int64_t count,
                        interval_t& result) {
  const int128 n = count;
  int128 m = months / n;
  int128 day_numerator = days + (months % n) * Interval::kDaysPerMonth;
  int128 d = day_numerator / n;
  int128 micro_numerator = micros + (day_numerator % n) * Interval::kMicrosPerDay;
  int128 us = DivideRoundHalfAway<int128>(micro_numerator, n);
  if (!IntegerInRange<int32_t>(m) || !IntegerInRange<int32_t>(d) || !IntegerInRange<int64_t>(us)) {
    return false;
  }
  result = {static_cast<int32_t>(m), static_cast<int32_t>(d), static_cast<int64_t>(us)};
  return true;
}

namespace {
AggregateFunction IntervalAvg() {
  using State = AvgState<IntervalTotals>;
  auto f = MakeAggregate("avg", {TypeId::kInterval}, TypeId::kInterval);
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<interval_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.sum += IntervalTotals{in[i].months, in[i].days, in[i].micros};
      s.count++;
    }
  };
  f.combine = CombineAvg<IntervalTotals>;
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<interval_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
      } else if (!TryAverageInterval(s.sum.months, s.sum.days, s.sum.micros, s.count,
                                     out[offset + i])) {
        throw OutOfRangeError("Overflow in avg(INTERVAL): the mean does not fit an INTERVAL");
      }
    }
  };
  return f;
}

/// The running state of a temporal mean: the finite values' exact total (in the result's
/// units) and count, and whether +infinity or -infinity was among the values.
struct TemporalAvgState {
  int128 sum = 0;
  int64_t count = 0;
  bool positive_infinity = false;
  bool negative_infinity = false;
};

/// avg of DATE (as TIMESTAMP), TIME and the TIMESTAMP types, in the result's type (DuckDB's;
/// PostgreSQL has no mean of instants). The mean is floored to the unit, as timestamps
/// are; with an infinity among the values it is that infinity, with both an error.
/// T is date_t for DATE (its days become micros), else the int64 every other one is stored as.
template <typename T>
AggregateFunction TemporalAvg(const LogicalType& input, TypeId result, int64_t infinity) {
  using State = TemporalAvgState;
  auto f = MakeAggregate("avg", {input}, result);
  SetStateLifetime<State>(f);
  f.update = [infinity](const DataChunk& args, data_ptr_t* states, idx_t count) {
    (void)infinity;  // (not read for DATE, whose infinities are its own)
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      int128 v = 0;
      if constexpr (std::is_same_v<T, date_t>) {
        if (in[i].days == date_t::kInfinity || in[i].days == -date_t::kInfinity) {
          (in[i].days > 0 ? s.positive_infinity : s.negative_infinity) = true;
          continue;
        }
        v = int128{in[i].days} * Date::kMicrosPerDay;
      } else {
        const int64_t raw = in[i];
        if (infinity != 0 && (raw == infinity || raw == -infinity)) {
          (raw > 0 ? s.positive_infinity : s.negative_infinity) = true;
          continue;
        }
        v = raw;
      }
      s.sum += v;  // |v| < 2^63 and counts < 2^63: the total stays far inside int128
      s.count++;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    const auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    dst.sum += src.sum;
    dst.count += src.count;
    dst.positive_infinity = dst.positive_infinity || src.positive_infinity;
    dst.negative_infinity = dst.negative_infinity || src.negative_infinity;
  };
  f.finalize = [infinity, result](data_ptr_t* states, idx_t count, Vector& out_vector,
                                  idx_t offset) {
    auto* out = out_vector.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) {
      const auto& s = StateAt<State>(states[i]);
      if (s.positive_infinity && s.negative_infinity) {
        throw OutOfRangeError(
            fmt::format("avg({}): the mean of infinity and -infinity is undefined",
                        LogicalType(result).ToString()));
      }
      if (s.positive_infinity || s.negative_infinity) {
        out[offset + i] = s.positive_infinity ? infinity : -infinity;
      } else if (s.count == 0) {
        out_vector.SetNull(offset + i);
      } else {
        int128 mean = s.sum / s.count;
        if (s.sum % s.count < 0) mean--;  // floored, as timestamps are
        if (mean < Timestamp::kMinValue || mean > Timestamp::kMaxValue) {
          throw OutOfRangeError(
              fmt::format("avg: the mean is out of range for {}", LogicalType(result).ToString()));
        }
        out[offset + i] = static_cast<int64_t>(mean);
      }
    }
  };
  return f;
}

/// avg of TIMETZ (DuckDB's): the mean of the values' UTC times of day, each wrapped into
/// one day, floored to the microsecond, at offset +00.
AggregateFunction TimeTzAvg() {
  using State = AvgState<int128>;
  auto f = MakeAggregate("avg", {TypeId::kTimeTz}, TypeId::kTimeTz);
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<dtime_tz_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      const int64_t utc = TimeTz::UtcMicros(in[i]) % Time::kMicrosPerDay;
      s.sum += utc < 0 ? utc + Time::kMicrosPerDay : utc;
      s.count++;
    }
  };
  f.combine = CombineAvg<int128>;
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<dtime_tz_t>();
    for (idx_t i = 0; i < count; i++) {
      const auto& s = StateAt<State>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
      } else {
        out[offset + i] = TimeTz::Encode(static_cast<int64_t>(s.sum / s.count), 0);
      }
    }
  };
  return f;
}

std::optional<AggregateFunction> ResolveAvg(const std::vector<LogicalType>& arguments) {
  if (arguments.size() != 1) return std::nullopt;
  LogicalType type = aggregate::OrInteger(arguments[0]);
  if (type.IsIntegral() || type.Id() == TypeId::kDecimal) {
    uint8_t scale = type.Id() == TypeId::kDecimal ? type.DecimalScale() : 0;
    return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
      if constexpr (kIsIntegerLayout<T>) {
        return Int128Avg<T>(type, scale);
      } else {
        throw InternalError("avg: integral type without an integer layout");
      }
    });
  }
  switch (type.Id()) {
    case TypeId::kFloat:
      return DoubleAvg<float>(type);
    case TypeId::kDouble:
      return DoubleAvg<double>(type);
    case TypeId::kInterval:
      return IntervalAvg();
    case TypeId::kDate:
      return TemporalAvg<date_t>(type, TypeId::kTimestamp, timestamp_t::kInfinity);
    case TypeId::kTime:
      return TemporalAvg<int64_t>(type, TypeId::kTime, 0);
    case TypeId::kTimeTz:
      return TimeTzAvg();
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
      return TemporalAvg<int64_t>(type, type.Id(), timestamp_t::kInfinity);
    default:
      return std::nullopt;
  }
}
}  // namespace

void RegisterAvgFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"avg", "mean"}) {
    AggregateFunctionSet avg;
    avg.name = name;
    avg.resolve = ResolveAvg;
    catalog.AddAggregateSet(std::move(avg));
  }
}

}  // namespace teal
