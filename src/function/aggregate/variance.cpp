// var_samp / variance, var_pop, stddev_samp / stddev, stddev_pop, and sem (the standard
// error of the mean, stddev_pop(x) / sqrt(count(x))) over DOUBLE.
//
// Welford's running mean and sum of squared deviations (M2) avoid the cancellation of
// sum(x^2) - sum(x)^2 / n; two partial states merge with Chan et al.'s formula:
//   n = na + nb, delta = mean_b - mean_a, mean = mean_a + delta * nb / n,
//   M2 = M2a + M2b + delta^2 * na * nb / n.
// The sample forms need two rows (one row gives NULL), the population forms and sem one.
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

void WelfordState::Add(double x) {
  count++;
  double delta = x - mean;
  mean += delta / static_cast<double>(count);
  m2 += delta * (x - mean);
}

void WelfordState::Merge(const WelfordState& other) {
  if (other.count == 0) return;
  if (count == 0) {
    *this = other;
    return;
  }
  double na = static_cast<double>(count), nb = static_cast<double>(other.count);
  double n = na + nb;
  double delta = other.mean - mean;
  mean += delta * nb / n;
  m2 += other.m2 + delta * delta * na * nb / n;
  count += other.count;
}

namespace {
using aggregate::StateAt;

enum class Statistic { kVarSamp, kVarPop, kStddevSamp, kStddevPop, kSem };

template <Statistic kStat>
AggregateFunction Variance(std::string name) {
  auto f = aggregate::MakeAggregate(std::move(name), {TypeId::kDouble}, TypeId::kDouble);
  aggregate::SetStateLifetime<WelfordState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) StateAt<WelfordState>(states[i]).Add(in[i]);
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    StateAt<WelfordState>(target).Merge(StateAt<WelfordState>(source));
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    constexpr bool kSample = kStat == Statistic::kVarSamp || kStat == Statistic::kStddevSamp;
    constexpr bool kRoot = kStat == Statistic::kStddevSamp || kStat == Statistic::kStddevPop;
    double* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<WelfordState>(states[i]);
      if (s.count < (kSample ? 2 : 1)) {
        result.SetNull(offset + i);
        continue;
      }
      // M2 is never negative in exact arithmetic; rounding can leave a tiny negative.
      double variance = std::max(0.0, s.m2) / static_cast<double>(kSample ? s.count - 1 : s.count);
      if constexpr (kStat == Statistic::kSem) {
        out[offset + i] = std::sqrt(variance) / std::sqrt(static_cast<double>(s.count));
      } else {
        out[offset + i] = kRoot ? std::sqrt(variance) : variance;
      }
    }
  };
  return f;
}
}  // namespace

void RegisterVarianceFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"var_samp", "variance"})
    catalog.AddAggregate(Variance<Statistic::kVarSamp>(name));
  catalog.AddAggregate(Variance<Statistic::kVarPop>("var_pop"));
  for (const char* name : {"stddev_samp", "stddev"}) {
    catalog.AddAggregate(Variance<Statistic::kStddevSamp>(name));
  }
  catalog.AddAggregate(Variance<Statistic::kStddevPop>("stddev_pop"));
  catalog.AddAggregate(Variance<Statistic::kSem>("sem"));
}

}  // namespace teal
