// median(x), quantile_cont(x, q), quantile_disc(x, q) and quantile (= quantile_disc).
//
// The state keeps every non-NULL value (combine appends) and finalize selects with
// nth_element, so it is exact and holds O(rows) memory per group.
//   quantile_disc: the first value whose cumulative share reaches q, i.e. position
//     max(1, ceil(q * n)) - 1 of the sorted values (PostgreSQL's percentile_disc);
//     keeps the input type; works for every ordered type.
//   quantile_cont: position (n - 1) * q, interpolating linearly between its floor and
//     ceiling; for numeric types only, as DOUBLE (DECIMAL too).
//   median: quantile_cont(x, 0.5) for numbers, quantile_disc(x, 0.5) for other types
//     (the lower middle value of an even count).
// q must be a constant in [0, 1]; it arrives as an argument column, so the state keeps
// the first row's q.
#include <algorithm>
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"

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

template <typename Kind>
bool Less(const Box<Kind>& a, const Box<Kind>& b) {
  return Kind::Cmp(a.v, b.v) < 0;
}

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
        if (!(q >= 0 && q <= 1)) {
          throw InvalidInputError(
              fmt::format("{}: the quantile must be between 0 and 1, not {}", "quantile", q));
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
      auto nth = s.values.begin() + static_cast<ptrdiff_t>(QuantileDiscIndex(s.q, s.values.size()));
      std::nth_element(s.values.begin(), nth, s.values.end(), Less<Kind>);
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

template <typename Kind>
AggregateFunction QuantileCont(std::string name, std::vector<LogicalType> arguments,
                               uint8_t scale) {
  using State = QuantileState<Kind>;
  using T = typename Kind::Stored;
  bool fixed_q = arguments.size() == 1;
  auto f = aggregate::MakeAggregate(std::move(name), std::move(arguments), TypeId::kDouble);
  if (fixed_q) {
    SetQuantileUpdate<Kind, true>(f);
  } else {
    SetQuantileUpdate<Kind, false>(f);
  }
  f.finalize = [scale](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    double* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.values.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      double position = static_cast<double>(s.values.size() - 1) * s.q;
      auto floor_index = static_cast<ptrdiff_t>(std::floor(position));
      auto lo = s.values.begin() + floor_index;
      std::nth_element(s.values.begin(), lo, s.values.end(), Less<Kind>);
      double low = ToDouble<T>(lo->v, scale);
      double fraction = position - static_cast<double>(floor_index);
      if (fraction == 0 || lo + 1 == s.values.end()) {
        out[offset + i] = low;
        continue;
      }
      // After nth_element everything past lo is >= *lo: the next value is their minimum.
      double high = ToDouble<T>(std::min_element(lo + 1, s.values.end(), Less<Kind>)->v, scale);
      out[offset + i] = low + (high - low) * fraction;
    }
  };
  return f;
}

enum class Mode { kMedian, kCont, kDisc };

std::optional<AggregateFunction> ResolveQuantile(Mode mode, const std::string& name,
                                                 const std::vector<LogicalType>& arguments) {
  if (arguments.size() != (mode == Mode::kMedian ? 1u : 2u)) return std::nullopt;
  LogicalType type = aggregate::OrInteger(arguments[0]);
  std::vector<LogicalType> parameters{type};
  if (mode != Mode::kMedian) parameters.emplace_back(TypeId::kDouble);
  bool interpolate = mode == Mode::kCont || (mode == Mode::kMedian && type.IsNumeric());
  if (!interpolate) {
    return aggregate::DispatchOrderedKind(
        type, [&]<typename Kind>() { return QuantileDisc<Kind>(name, parameters, type); });
  }
  if (!type.IsNumeric()) {
    throw BinderError(fmt::format("{} needs a numeric argument, not {}; use quantile_disc", name,
                                  type.ToString()));
  }
  uint8_t scale = type.Id() == TypeId::kDecimal ? type.DecimalScale() : 0;
  return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
    if constexpr (kIsIntegerLayout<T> || std::is_floating_point_v<T>) {
      return QuantileCont<aggregate::FixedKind<T>>(name, parameters, scale);
    } else {
      throw InternalError("quantile_cont: numeric type without a numeric layout");
    }
  });
}
}  // namespace

void RegisterQuantileFunctions(FunctionCatalog& catalog) {
  const std::pair<const char*, Mode> functions[] = {{"median", Mode::kMedian},
                                                    {"quantile_cont", Mode::kCont},
                                                    {"quantile_disc", Mode::kDisc},
                                                    {"quantile", Mode::kDisc}};
  for (const auto& [name, mode] : functions) {
    AggregateFunctionSet set;
    set.name = name;
    set.resolve = [name = std::string(name),
                   mode = mode](const std::vector<LogicalType>& arguments) {
      return ResolveQuantile(mode, name, arguments);
    };
    catalog.AddAggregateSet(std::move(set));
  }
}

}  // namespace teal
