// median(x), quantile_cont(x, q), quantile_disc(x, q), quantile (= quantile_disc) and
// mad(x).
//
// The state keeps every non-NULL value (combine appends) and finalize selects with
// nth_element, so it is exact and holds O(rows) memory per group.
//   quantile_disc: the first value whose cumulative share reaches q, i.e. position
//     max(1, ceil(q * n)) - 1 of the sorted values (PostgreSQL's percentile_disc);
//     keeps the input type; works for every ordered type.
//   quantile_cont: position (n - 1) * q, interpolating linearly between its floor and
//     ceiling, for the types with a distance (InterpolatingQuantile): numbers (DOUBLE,
//     DECIMAL keeps its type, as DuckDB), DATE (as TIMESTAMP), timestamps, TIME,
//     INTERVAL. percentile_cont (PostgreSQL's, reached through WITHIN GROUP) is the same
//     but a DECIMAL gives DOUBLE, as PostgreSQL's takes double precision.
//   median: quantile_cont(x, 0.5) where x interpolates, else quantile_disc(x, 0.5) (the
//     lower middle value of an even count: text, booleans, …).
//   mad: the median absolute deviation, median(|x - median(x)|), both medians interpolated
//     between the middle two values of an even count: DOUBLE for integers, FLOAT and DOUBLE
//     their own type, DECIMAL its type (each half step truncated toward zero, as DuckDB);
//     DATE, timestamps and TIME give the INTERVAL of the deviation (a half microsecond
//     rounds).
// reservoir_quantile(x, q [, size]): quantile_disc's kind of answer (position
//   floor((n - 1) * q), as DuckDB) from a uniform sample of at most `size` values (8,192
//   by default; a constant from 1 to 999,999) kept by reservoir sampling (Vitter's
//   Algorithm R) with a fixed seed: exact while a group has no more values than that.
// q is a constant in [-1, 1] (Binder::RewriteQuantile); it arrives as an argument column,
// so the state keeps the first row's q. With the sign bit set (negative, or -0.0) it counts
// from the top: the values are ordered descending.
#include <algorithm>
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "types/date.hpp"
#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"
#include "types/interval.hpp"
#include "types/timestamp.hpp"

namespace teal {

idx_t QuantileDiscIndex(double q, idx_t n) {
  // n - floor(n - q * n) is ceil(q * n) computed so that q * n just above an integer by
  // rounding does not move to the next value.
  double dn = static_cast<double>(n);
  auto index = static_cast<idx_t>(dn - std::floor(dn - q * dn));
  return std::max<idx_t>(1, std::min(index, n)) - 1;
}

namespace {
using aggregate::StateAt;

/// One kept value; boxed so that BOOLEAN does not hit std::vector<bool>'s proxies.
template <typename Kind>
struct Box {
  typename Kind::Stored v{};
};

template <typename Kind>
struct QuantileState {
  aggregate::AccountedVector<Box<Kind>> values;  // accounted: grows with the group
  double q = 0.5;
  bool has_q = false;
};

/// The order quantiles count in: from the bottom, or from the top for a quantile with the
/// sign bit set (-0.0 too: the top value).
template <typename Kind>
struct QuantileOrder {
  bool from_top;
  bool operator()(const Box<Kind>& a, const Box<Kind>& b) const {
    return from_top ? Kind::Cmp(b.v, a.v) < 0 : Kind::Cmp(a.v, b.v) < 0;
  }
};

/// The update and combine every quantile shares; `kFixedQ` (median) ignores argument 1.
template <typename Kind, bool kFixedQ>
void SetQuantileUpdate(AggregateFunction& f) {
  using State = QuantileState<Kind>;
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (!kFixedQ && !s.has_q) {
        double q = args.data[1].Values<double>()[i];
        if (!(q >= -1 && q <= 1)) {
          throw InvalidInputError(
              fmt::format("QUANTILE can only take parameters in the range [-1, 1], not {}", q));
        }
        s.q = q;
        s.has_q = true;
      }
      s.values.emplace_back();
      Kind::Store(s.values.back().v, Kind::Read(input, i));
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!dst.has_q && src.has_q) {
      dst.q = src.q;
      dst.has_q = true;
    }
    dst.values.insert(dst.values.end(), src.values.begin(), src.values.end());
  };
}

template <typename Kind>
AggregateFunction QuantileDisc(std::string name, std::vector<LogicalType> arguments,
                               const LogicalType& type) {
  using State = QuantileState<Kind>;
  bool fixed_q = arguments.size() == 1;
  auto f = aggregate::MakeAggregate(std::move(name), std::move(arguments), type);
  if (fixed_q) {
    SetQuantileUpdate<Kind, true>(f);
  } else {
    SetQuantileUpdate<Kind, false>(f);
  }
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.values.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      QuantileOrder<Kind> order{std::signbit(s.q)};
      auto nth = s.values.begin() +
                 static_cast<ptrdiff_t>(QuantileDiscIndex(std::fabs(s.q), s.values.size()));
      std::nth_element(s.values.begin(), nth, s.values.end(), order);
      Kind::Write(result, offset + i, nth->v);
    }
  };
  return f;
}

/// A numeric layout as double; `scale` is the DECIMAL scale (0 for other types).
template <typename T>
double ToDouble(T v, uint8_t scale) {
  if constexpr (kIsIntegerLayout<T>) {
    auto n = ToNative(v);
    if (scale == 0) return static_cast<double>(n);
    return DecimalToDouble(static_cast<int128>(n), scale);
  } else {
    return static_cast<double>(v);
  }
}

/// lo + (hi - lo) * fraction on integers, the step rounded (`toward_zero`: truncated,
/// DuckDB's rule for a DECIMAL, whose scale the result keeps). The difference is exact in
/// 128 bits whenever it fits; only the product goes through a double.
int128 LerpInteger(int128 lo, int128 hi, double fraction, bool toward_zero) {
  if (fraction == 0) return lo;
  auto whole = [toward_zero](double x) { return toward_zero ? std::trunc(x) : std::round(x); };
  int128 delta;
  if (!__builtin_sub_overflow(hi, lo, &delta)) {
    return lo + static_cast<int128>(whole(static_cast<double>(delta) * fraction));
  }
  double l = static_cast<double>(lo);
  return static_cast<int128>(whole(l + (static_cast<double>(hi) - l) * fraction));
}

/// Timestamps (in their own unit) and TIME: infinity stays infinity.
int64_t LerpInstant(int64_t lo, int64_t hi, double fraction) {
  constexpr int64_t kInf = timestamp_t::kInfinity;
  if (lo == kInf || lo == -kInf) return lo;
  if (hi == kInf || hi == -kInf) return fraction == 0 ? lo : hi;
  return static_cast<int64_t>(LerpInteger(lo, hi, fraction, false));
}

/// quantile_cont: the value at position (n - 1) * q of the sorted values, interpolating
/// linearly between its floor and ceiling with `lerp(lo, hi, fraction)` -> Result.
template <typename Kind, typename Result, typename Lerp>
AggregateFunction QuantileCont(std::string name, std::vector<LogicalType> arguments,
                               LogicalType type, Lerp lerp) {
  using State = QuantileState<Kind>;
  bool fixed_q = arguments.size() == 1;
  auto f = aggregate::MakeAggregate(std::move(name), std::move(arguments), std::move(type));
  if (fixed_q) {
    SetQuantileUpdate<Kind, true>(f);
  } else {
    SetQuantileUpdate<Kind, false>(f);
  }
  f.finalize = [lerp](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    Result* out = result.Values<Result>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.values.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      QuantileOrder<Kind> order{std::signbit(s.q)};
      double position = static_cast<double>(s.values.size() - 1) * std::fabs(s.q);
      auto floor_index = static_cast<ptrdiff_t>(std::floor(position));
      auto lo = s.values.begin() + floor_index;
      std::nth_element(s.values.begin(), lo, s.values.end(), order);
      double fraction = position - static_cast<double>(floor_index);
      if (fraction == 0 || lo + 1 == s.values.end()) {
        out[offset + i] = lerp(lo->v, lo->v, 0.0);
        continue;
      }
      // After nth_element everything past lo comes after *lo: the next value is their first.
      out[offset + i] = lerp(lo->v, std::min_element(lo + 1, s.values.end(), order)->v, fraction);
    }
  };
  return f;
}

/// The quantile_cont of `type`, or nullopt when values of `type` do not interpolate.
/// Numbers give DOUBLE; DECIMAL the same DECIMAL (`decimal_as_double`: DOUBLE, as
/// PostgreSQL's percentile_cont, which takes double precision); DATE a TIMESTAMP;
/// timestamps, TIME and INTERVAL their own type (intervals with PostgreSQL's interval
/// arithmetic, as its percentile_cont(interval)).
std::optional<AggregateFunction> InterpolatingQuantile(const std::string& name,
                                                       const std::vector<LogicalType>& parameters,
                                                       const LogicalType& type,
                                                       bool decimal_as_double) {
  using aggregate::FixedKind;
  switch (type.Id()) {
    case TypeId::kDate:
      return QuantileCont<FixedKind<int32_t>, int64_t>(
          name, parameters, TypeId::kTimestamp, [](int32_t lo, int32_t hi, double fraction) {
            timestamp_t l, h;
            if (!Timestamp::TryFromDate(date_t{lo}, l) || !Timestamp::TryFromDate(date_t{hi}, h)) {
              throw OutOfRangeError(fmt::format("{}: date {} is outside the TIMESTAMP range",
                                                "quantile_cont", Date::ToString(date_t{lo})));
            }
            return LerpInstant(l.value, h.value, fraction);
          });
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
    case TypeId::kTime:
      return QuantileCont<FixedKind<int64_t>, int64_t>(name, parameters, type, LerpInstant);
    case TypeId::kInterval:
      return QuantileCont<FixedKind<interval_t, IntervalCompare>, interval_t>(
          name, parameters, type, [](interval_t lo, interval_t hi, double fraction) {
            if (fraction == 0) return lo;
            interval_t delta, step, r;
            if (!Interval::TrySubtract(hi, lo, delta) ||
                !Interval::TryMultiply(delta, fraction, step) || !Interval::TryAdd(lo, step, r)) {
              throw OutOfRangeError(
                  fmt::format("quantile_cont: interval out of range between "
                              "'{}' and '{}'",
                              Interval::ToString(lo), Interval::ToString(hi)));
            }
            return r;
          });
    default:
      break;
  }
  if (!type.IsNumeric()) return std::nullopt;
  const bool decimal = type.Id() == TypeId::kDecimal;
  const uint8_t scale = decimal ? type.DecimalScale() : 0;
  return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
    if constexpr (kIsIntegerLayout<T> || std::is_floating_point_v<T>) {
      if constexpr (kIsIntegerLayout<T>) {
        if (decimal && !decimal_as_double) {
          return QuantileCont<FixedKind<T>, T>(
              name, parameters, type, [](T lo, T hi, double fraction) {
                return T(static_cast<native_int_t<T>>(
                    LerpInteger(ToNative(lo), ToNative(hi), fraction, true)));
              });
        }
      }
      return QuantileCont<FixedKind<T>, double>(
          name, parameters, TypeId::kDouble, [scale](T lo, T hi, double fraction) {
            double l = ToDouble<T>(lo, scale);
            return fraction == 0 ? l : l + (ToDouble<T>(hi, scale) - l) * fraction;
          });
    } else {
      throw InternalError("quantile_cont: numeric type without a numeric layout");
    }
  });
}

/// The median of `values` (reordered): the middle value, or lerp of the two middle ones at
/// one half.
template <typename N, typename Lerp>
N MedianOf(std::vector<N>& values, Lerp lerp) {
  const size_t middle = (values.size() - 1) / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<ptrdiff_t>(middle), values.end());
  const N low = values[middle];
  if (values.size() % 2 == 1) return low;
  return lerp(low,
              *std::min_element(values.begin() + static_cast<ptrdiff_t>(middle) + 1, values.end()));
}

/// mad(x) over values of Kind taken as numbers N (`number`), their deviations from the
/// median (`deviation(value, median)`), and the result written by `finish(N) -> Result`.
template <typename Kind, typename N, typename Result, typename Number, typename Lerp,
          typename Deviation, typename Finish>
AggregateFunction Mad(const LogicalType& type, LogicalType result_type, Number number, Lerp lerp,
                      Deviation deviation, Finish finish) {
  using State = QuantileState<Kind>;
  auto f = aggregate::MakeAggregate("mad", {type}, std::move(result_type));
  SetQuantileUpdate<Kind, true>(f);
  f.finalize = [=](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    Result* out = result.Values<Result>();
    std::vector<N> numbers;
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.values.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      numbers.clear();
      for (const auto& box : s.values) numbers.push_back(number(box.v));
      const N median = MedianOf(numbers, lerp);
      for (auto& n : numbers) n = deviation(n, median);
      out[offset + i] = finish(MedianOf(numbers, lerp));
    }
  };
  return f;
}

[[noreturn]] void MadOutOfRange(const LogicalType& type) {
  throw OutOfRangeError(
      fmt::format("mad: a deviation of the {} values is out of range", type.ToString()));
}

/// |a - b| in 128 bits, or an error when it does not fit.
int128 AbsoluteDeviation(int128 a, int128 b, const LogicalType& type) {
  int128 d;
  if (__builtin_sub_overflow(a, b, &d) || d == std::numeric_limits<int128>::min()) {
    MadOutOfRange(type);
  }
  return d < 0 ? -d : d;
}

/// A deviation of `steps` steps (micros_per_step / steps_per_micro microseconds each) as an
/// INTERVAL of days and microseconds.
interval_t DeviationInterval(int128 steps, int64_t micros_per_step, int64_t steps_per_micro,
                             const LogicalType& type) {
  const int128 micros = steps * micros_per_step / steps_per_micro;
  const int128 days = micros / Interval::kMicrosPerDay;
  if (days > std::numeric_limits<int32_t>::max()) MadOutOfRange(type);
  return interval_t{0, static_cast<int32_t>(days),
                    static_cast<int64_t>(micros % Interval::kMicrosPerDay)};
}

std::optional<AggregateFunction> ResolveMad(const std::vector<LogicalType>& arguments) {
  if (arguments.size() != 1) return std::nullopt;
  const LogicalType type = aggregate::OrInteger(arguments[0]);
  using aggregate::FixedKind;
  auto round_half = [](int128 lo, int128 hi) { return LerpInteger(lo, hi, 0.5, false); };
  auto temporal = [&](int64_t micros_per_step, int64_t steps_per_micro) {
    return Mad<FixedKind<int64_t>, int128, interval_t>(
        type, TypeId::kInterval, [](int64_t v) { return int128(v); }, round_half,
        [type](int128 a, int128 b) { return AbsoluteDeviation(a, b, type); },
        [=](int128 d) { return DeviationInterval(d, micros_per_step, steps_per_micro, type); });
  };
  switch (type.Id()) {
    case TypeId::kDate:
      return Mad<FixedKind<int32_t>, int128, interval_t>(
          type, TypeId::kInterval, [](int32_t v) { return int128(v); }, round_half,
          [type](int128 a, int128 b) { return AbsoluteDeviation(a, b, type); },
          [type](int128 d) {
            if (d > std::numeric_limits<int32_t>::max()) MadOutOfRange(type);
            return interval_t{0, static_cast<int32_t>(d), 0};
          });
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTime:
      return temporal(1, 1);
    case TypeId::kTimestampS:
      return temporal(1000 * 1000, 1);
    case TypeId::kTimestampMs:
      return temporal(1000, 1);
    case TypeId::kTimestampNs:
      return temporal(1, 1000);
    default:
      break;
  }
  if (!type.IsNumeric()) return std::nullopt;
  const bool decimal = type.Id() == TypeId::kDecimal;
  return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
    if constexpr (std::is_floating_point_v<T> || kIsIntegerLayout<T>) {
      if (!decimal) {
        // FLOAT keeps its type; integers give DOUBLE (DuckDB takes them as DOUBLE).
        using Result = std::conditional_t<std::is_same_v<T, float>, float, double>;
        return Mad<FixedKind<T>, double, Result>(
            type, std::is_same_v<T, float> ? type : LogicalType(TypeId::kDouble),
            [](T v) {
              if constexpr (kIsIntegerLayout<T>) {
                return static_cast<double>(ToNative(v));
              } else {
                return static_cast<double>(v);
              }
            },
            [](double lo, double hi) { return lo + (hi - lo) / 2; },
            [](double a, double b) { return std::fabs(a - b); },
            [](double d) { return static_cast<Result>(d); });
      }
    }
    if constexpr (kIsIntegerLayout<T> && !std::is_same_v<T, uhugeint_t>) {
      return Mad<FixedKind<T>, int128, T>(
          type, type, [](T v) { return static_cast<int128>(ToNative(v)); },
          [](int128 lo, int128 hi) { return LerpInteger(lo, hi, 0.5, true); },
          [type](int128 a, int128 b) { return AbsoluteDeviation(a, b, type); },
          [type](int128 d) {
            using Native = native_int_t<T>;
            if (d > static_cast<int128>(std::numeric_limits<Native>::max())) MadOutOfRange(type);
            return T(static_cast<Native>(d));
          });
    } else {
      throw NotImplementedError(fmt::format("mad of {} values", type.ToString()));
    }
  });
}

template <typename Kind>
struct ReservoirState {
  aggregate::AccountedVector<Box<Kind>> sample;
  int64_t seen = 0;  // the values offered to the sample
  int64_t size = 0;  // the sample's capacity: 0 until the first row
  double q = 0.5;
  uint64_t random = 0x9E3779B97F4A7C15ull;  // splitmix64's state: the same draws every run

  uint64_t Next() {
    uint64_t z = (random += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Offers one value; `keep` stores it at the slot it may take.
  template <typename Keep>
  void Offer(Keep&& keep) {
    seen++;
    if (static_cast<int64_t>(sample.size()) < size) {
      sample.emplace_back();
      keep(sample.back());
      return;
    }
    const auto slot = static_cast<int64_t>(Next() % static_cast<uint64_t>(seen));
    if (slot < size) keep(sample[static_cast<size_t>(slot)]);
  }
};

template <typename Kind>
AggregateFunction ReservoirQuantile(std::vector<LogicalType> arguments, const LogicalType& type) {
  using State = ReservoirState<Kind>;
  auto f = aggregate::MakeAggregate("reservoir_quantile", std::move(arguments), type);
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.size == 0) {
        const Vector& quantiles = args.data[1];
        const double q = quantiles.Values<double>()[quantiles.IsConstant() ? 0 : i];
        if (!quantiles.RowIsValid(i) || !(q >= 0 && q <= 1)) {
          throw InvalidInputError("reservoir_quantile takes a quantile from 0 to 1");
        }
        s.q = q;
        s.size = args.ColumnCount() > 2 ? aggregate::ReadCountArgument(
                                              args.data[2], i, "reservoir_quantile", "sample size")
                                        : 8192;
      }
      s.Offer([&](Box<Kind>& slot) { Kind::Store(slot.v, Kind::Read(input, i)); });
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (dst.size == 0) {
      dst.size = src.size;
      dst.q = src.q;
    }
    if (src.seen <= static_cast<int64_t>(src.sample.size())) {
      // the source's sample is all its values: offer them one by one
      for (const auto& value : src.sample) {
        dst.Offer([&](Box<Kind>& slot) { slot = value; });
      }
      return;
    }
    // Both are samples: each value of the merged sample comes from a side in proportion to
    // the values that side saw.
    const int64_t seen = dst.seen + src.seen;
    aggregate::AccountedVector<Box<Kind>> merged;
    auto take = [&dst](aggregate::AccountedVector<Box<Kind>>& from) {
      const auto at = static_cast<size_t>(dst.Next() % from.size());
      Box<Kind> value = std::move(from[at]);
      from[at] = std::move(from.back());
      from.pop_back();
      return value;
    };
    int64_t left_dst = dst.seen;
    int64_t left_src = src.seen;
    while (static_cast<int64_t>(merged.size()) < dst.size &&
           (!dst.sample.empty() || !src.sample.empty())) {
      const bool from_dst =
          src.sample.empty() ||
          (!dst.sample.empty() && dst.Next() % static_cast<uint64_t>(left_dst + left_src) <
                                      static_cast<uint64_t>(left_dst));
      merged.push_back(take(from_dst ? dst.sample : src.sample));
      (from_dst ? left_dst : left_src)--;
    }
    dst.sample = std::move(merged);
    dst.seen = seen;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.sample.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      const auto index = static_cast<size_t>(static_cast<double>(s.sample.size() - 1) * s.q);
      auto nth = s.sample.begin() + static_cast<ptrdiff_t>(index);
      std::nth_element(s.sample.begin(), nth, s.sample.end(), QuantileOrder<Kind>{false});
      Kind::Write(result, offset + i, nth->v);
    }
  };
  return f;
}

enum class Mode { kMedian, kCont, kPercentileCont, kDisc };

std::optional<AggregateFunction> ResolveQuantile(Mode mode, const std::string& name,
                                                 const std::vector<LogicalType>& arguments) {
  if (arguments.size() != (mode == Mode::kMedian ? 1u : 2u)) return std::nullopt;
  LogicalType type = aggregate::OrInteger(arguments[0]);
  std::vector<LogicalType> parameters{type};
  if (mode != Mode::kMedian) parameters.emplace_back(TypeId::kDouble);
  auto discrete = [&] {
    return aggregate::DispatchOrderedKind(
        type, [&]<typename Kind>() { return QuantileDisc<Kind>(name, parameters, type); });
  };
  if (mode == Mode::kDisc) return discrete();
  auto interpolating = InterpolatingQuantile(name, parameters, type, mode == Mode::kPercentileCont);
  if (interpolating) return interpolating;
  // median of a type without distances (text, booleans, …) is its lower middle value
  if (mode == Mode::kMedian) return discrete();
  throw BinderError(
      fmt::format("{} needs a number, a date, a time, a timestamp or an interval, not {}; use "
                  "quantile_disc",
                  name, type.ToString()));
}
}  // namespace

void RegisterQuantileFunctions(FunctionCatalog& catalog) {
  const std::pair<const char*, Mode> functions[] = {
      {"median", Mode::kMedian},
      {"quantile_cont", Mode::kCont},
      {"quantile_disc", Mode::kDisc},
      {"quantile", Mode::kDisc},
      {"percentile_cont", Mode::kPercentileCont},  // WITHIN GROUP's, see Transformer
      {"percentile_disc", Mode::kDisc}};
  for (const auto& [name, mode] : functions) {
    AggregateFunctionSet set;
    set.name = name;
    set.resolve = [name = std::string(name),
                   mode = mode](const std::vector<LogicalType>& arguments) {
      return ResolveQuantile(mode, name, arguments);
    };
    catalog.AddAggregateSet(std::move(set));
  }
  AggregateFunctionSet reservoir;
  reservoir.name = "reservoir_quantile";
  reservoir.resolve =
      [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 2 && arguments.size() != 3) return std::nullopt;
    const LogicalType type = aggregate::OrInteger(arguments[0]);
    if (!type.IsNumeric()) {
      throw BinderError(fmt::format("reservoir_quantile needs a number, not {}", type.ToString()));
    }
    std::vector<LogicalType> parameters{type, LogicalType(TypeId::kDouble)};
    if (arguments.size() == 3) parameters.emplace_back(TypeId::kBigInt);
    return aggregate::DispatchOrderedKind(
        type, [&]<typename Kind>() { return ReservoirQuantile<Kind>(parameters, type); });
  };
  catalog.AddAggregateSet(std::move(reservoir));
  AggregateFunctionSet mad;
  mad.name = "mad";
  mad.resolve = ResolveMad;
  catalog.AddAggregateSet(std::move(mad));
}

}  // namespace teal
