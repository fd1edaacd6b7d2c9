// The two-variable statistics over DOUBLE pairs (y, x) — covar_pop, covar_samp, corr and
// the SQL standard's regr_* — and the shape of one variable: skewness, kurtosis,
// kurtosis_pop. A row with a NULL argument is skipped, as the standard says.
//
// The pairs keep running means and co-moments (Welford's update, extended to two
// variables), so that nothing is lost to cancellation; two partial states merge with
//   C = Ca + Cb + (mean_xb - mean_xa)(mean_yb - mean_ya) * na * nb / n.
// Skewness and kurtosis keep the sums of the first four powers, as DuckDB computes them,
// so that their answers agree to the last digits.
//
// Finite values whose squares (or fourth powers) pass DOUBLE's range make the sums
// infinite. A statistic that grows with the values (covar_pop, regr_sxx, …) is then
// `inf`, as var_pop is: the true value is past DOUBLE's range too. A NaN, or any
// non-finite corr, regr_r2, skewness or kurtosis (whose true values are bounded whatever
// the values' scale), would be a wrong answer: that is an out-of-range error instead.
#include <fmt/format.h>

#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

struct CoMoments {
  int64_t n = 0;
  double mean_x = 0, mean_y = 0;
  double m2_x = 0, m2_y = 0;  // sums of squared deviations
  double c = 0;               // sum of the products of the deviations
  bool finite_inputs = true;  // no value was NaN or infinite

  void Add(double y, double x) {
    n++;
    finite_inputs = finite_inputs && std::isfinite(x) && std::isfinite(y);
    const double dx = x - mean_x;
    mean_x += dx / static_cast<double>(n);
    const double dy = y - mean_y;
    mean_y += dy / static_cast<double>(n);
    m2_x += dx * (x - mean_x);
    m2_y += dy * (y - mean_y);
    c += dx * (y - mean_y);
  }

  void Merge(const CoMoments& o) {
    if (o.n == 0) return;
    if (n == 0) {
      *this = o;
      return;
    }
    const double na = static_cast<double>(n), nb = static_cast<double>(o.n), total = na + nb;
    const double dx = o.mean_x - mean_x, dy = o.mean_y - mean_y;
    c += o.c + dx * dy * na * nb / total;
    m2_x += o.m2_x + dx * dx * na * nb / total;
    m2_y += o.m2_y + dy * dy * na * nb / total;
    mean_x += dx * nb / total;
    mean_y += dy * nb / total;
    n += o.n;
    finite_inputs = finite_inputs && o.finite_inputs;
  }
};

enum class Pair {
  kCovarPop,
  kCovarSamp,
  kCorr,
  kRegrSlope,
  kRegrIntercept,
  kRegrR2,
  kRegrAvgX,
  kRegrAvgY,
  kRegrSxx,
  kRegrSyy,
  kRegrSxy,
};

/// The statistic of `s`, or nullopt for NULL.
template <Pair kStat>
std::optional<double> Compute(const CoMoments& s) {
  const double n = static_cast<double>(s.n);
  if (s.n == 0) return std::nullopt;
  switch (kStat) {
    case Pair::kCovarPop:
      return s.c / n;
    case Pair::kCovarSamp:
      if (s.n < 2) return std::nullopt;
      return s.c / (n - 1);
    case Pair::kCorr: {
      // No spread in x or y: no correlation to speak of (NULL, as in PostgreSQL).
      const double denominator = std::sqrt(s.m2_x * s.m2_y);
      if (denominator == 0) return std::nullopt;
      return s.c / denominator;
    }
    case Pair::kRegrSlope:
      if (s.m2_x == 0) return std::nullopt;
      return s.c / s.m2_x;
    case Pair::kRegrIntercept:
      if (s.m2_x == 0) return std::nullopt;
      return s.mean_y - s.c / s.m2_x * s.mean_x;
    case Pair::kRegrR2:
      if (s.m2_x == 0) return std::nullopt;
      if (s.m2_y == 0) return 1.0;
      return s.c * s.c / (s.m2_x * s.m2_y);
    case Pair::kRegrAvgX:
      return s.mean_x;
    case Pair::kRegrAvgY:
      return s.mean_y;
    case Pair::kRegrSxx:
      return s.m2_x;
    case Pair::kRegrSyy:
      return s.m2_y;
    case Pair::kRegrSxy:
      return s.c;
  }
  return std::nullopt;
}

/// The finalize of the DOUBLE statistic `name`: kCompute of each state, NULL where it
/// gives none; an out-of-range error where finite values gave NaN, or (`bounded`: the
/// statistic does not grow with the values) any non-finite result.
template <typename State, std::optional<double> (*kCompute)(const State&)>
decltype(AggregateFunction::finalize) FinalizeDoubles(std::string name, bool bounded) {
  return [name = std::move(name), bounded](data_ptr_t* states, idx_t count, Vector& result,
                                           idx_t offset) {
    double* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      const State& state = StateAt<State>(states[i]);
      const std::optional<double> value = kCompute(state);
      if (!value) {
        result.SetNull(offset + i);
        continue;
      }
      if (state.finite_inputs && (std::isnan(*value) || (bounded && !std::isfinite(*value)))) {
        throw OutOfRangeError(
            fmt::format("{} is out of range: the powers of the values pass DOUBLE's range", name));
      }
      out[offset + i] = *value;
    }
  };
}

void UpdatePairs(const DataChunk& args, data_ptr_t* states, idx_t count) {
  const double* y = args.data[0].Values<double>();
  const double* x = args.data[1].Values<double>();
  for (idx_t i = 0; i < count; i++) StateAt<CoMoments>(states[i]).Add(y[i], x[i]);
}

void CombinePairs(data_ptr_t source, data_ptr_t target) {
  StateAt<CoMoments>(target).Merge(StateAt<CoMoments>(source));
}

template <Pair kStat>
AggregateFunction PairStatistic(const std::string& name) {
  auto f = aggregate::MakeAggregate(name, {TypeId::kDouble, TypeId::kDouble}, TypeId::kDouble);
  aggregate::SetStateLifetime<CoMoments>(f);
  f.update = UpdatePairs;
  f.combine = CombinePairs;
  f.finalize = FinalizeDoubles<CoMoments, Compute<kStat>>(
      name, kStat == Pair::kCorr || kStat == Pair::kRegrR2);
  return f;
}

/// regr_count(y, x): the rows where neither is NULL (0 for none, never NULL).
AggregateFunction RegrCount() {
  auto f =
      aggregate::MakeAggregate("regr_count", {TypeId::kDouble, TypeId::kDouble}, TypeId::kBigInt);
  aggregate::SetStateLifetime<CoMoments>(f);
  f.update = UpdatePairs;
  f.combine = CombinePairs;
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    int64_t* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) out[offset + i] = StateAt<CoMoments>(states[i]).n;
  };
  return f;
}

struct PowerSums {
  int64_t n = 0;
  double sum = 0, sum_sqr = 0, sum_cub = 0, sum_four = 0;
  bool finite_inputs = true;  // no value was NaN or infinite
};

enum class Shape { kSkewness, kKurtosis, kKurtosisPop };

template <Shape kShape>
std::optional<double> ComputeShape(const PowerSums& s) {
  const double n = static_cast<double>(s.n);
  const double p = 1 / n;
  const double m2 = p * (s.sum_sqr - s.sum * s.sum * p);
  if (kShape == Shape::kSkewness) {
    if (s.n <= 2) return std::nullopt;
    const double div = std::sqrt(std::pow(m2, 3));
    if (div == 0) return std::nullopt;
    const double m3 = p * (s.sum_cub - 3 * s.sum_sqr * s.sum * p + 2 * std::pow(s.sum, 3) * p * p);
    return std::sqrt(n * (n - 1)) / (n - 2) * m3 / div;
  }
  if (s.n <= (kShape == Shape::kKurtosis ? 3 : 0)) return std::nullopt;
  if (m2 <= 0) return std::nullopt;
  const double m4 =
      p * (s.sum_four - 4 * s.sum_cub * s.sum * p + 6 * s.sum_sqr * s.sum * s.sum * p * p -
           3 * std::pow(s.sum, 4) * p * p * p);
  if (kShape == Shape::kKurtosisPop) return m4 / (m2 * m2) - 3;
  return (n - 1) * ((n + 1) * m4 / (m2 * m2) - 3 * (n - 1)) / ((n - 2) * (n - 3));
}

template <Shape kShape>
AggregateFunction ShapeStatistic(const std::string& name) {
  auto f = aggregate::MakeAggregate(name, {TypeId::kDouble}, TypeId::kDouble);
  aggregate::SetStateLifetime<PowerSums>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<PowerSums>(states[i]);
      const double x = in[i];
      s.n++;
      s.sum += x;
      s.sum_sqr += x * x;
      s.sum_cub += x * x * x;
      s.sum_four += x * x * x * x;
      s.finite_inputs = s.finite_inputs && std::isfinite(x);
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    const auto& a = StateAt<PowerSums>(source);
    auto& b = StateAt<PowerSums>(target);
    b.n += a.n;
    b.sum += a.sum;
    b.sum_sqr += a.sum_sqr;
    b.sum_cub += a.sum_cub;
    b.sum_four += a.sum_four;
    b.finite_inputs = b.finite_inputs && a.finite_inputs;
  };
  f.finalize = FinalizeDoubles<PowerSums, ComputeShape<kShape>>(name, /*bounded=*/true);
  return f;
}

}  // namespace

void RegisterStatisticsFunctions(FunctionCatalog& catalog) {
  catalog.AddAggregate(PairStatistic<Pair::kCovarPop>("covar_pop"));
  catalog.AddAggregate(PairStatistic<Pair::kCovarSamp>("covar_samp"));
  catalog.AddAggregate(PairStatistic<Pair::kCorr>("corr"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrSlope>("regr_slope"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrIntercept>("regr_intercept"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrR2>("regr_r2"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrAvgX>("regr_avgx"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrAvgY>("regr_avgy"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrSxx>("regr_sxx"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrSyy>("regr_syy"));
  catalog.AddAggregate(PairStatistic<Pair::kRegrSxy>("regr_sxy"));
  catalog.AddAggregate(RegrCount());
  catalog.AddAggregate(ShapeStatistic<Shape::kSkewness>("skewness"));
  catalog.AddAggregate(ShapeStatistic<Shape::kKurtosis>("kurtosis"));
  catalog.AddAggregate(ShapeStatistic<Shape::kKurtosisPop>("kurtosis_pop"));
}

}  // namespace teal
