// The other means over DOUBLE: geomean(x) (also geometric_mean) — exp of the mean of
// ln(x), NaN when a value is negative, 0 when one is 0 — and weighted_avg(x, w) (also
// wavg) — sum(x * w) / sum(w) over the rows where neither is NULL, NaN when the weights
// sum to 0. NULL without a row. (sem, the standard error of the mean, is in variance.cpp.)
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

/// A weighted sum: geomean's ln(x) with weight 1 a row, weighted_avg's x * w with w.
struct SumState {
  double sum = 0;
  double weight = 0;
  int64_t count = 0;
};

/// kGeometric: geomean(x); else weighted_avg(x, w).
template <bool kGeometric>
AggregateFunction WeightedMean(std::string name) {
  std::vector<LogicalType> arguments(kGeometric ? 1 : 2, LogicalType(TypeId::kDouble));
  auto f = aggregate::MakeAggregate(std::move(name), std::move(arguments), TypeId::kDouble);
  aggregate::SetStateLifetime<SumState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* x = args.data[0].Values<double>();
    const double* w = kGeometric ? nullptr : args.data[1].Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<SumState>(states[i]);
      if constexpr (kGeometric) {
        s.sum += std::log(x[i]);
        s.weight += 1;
      } else {
        s.sum += x[i] * w[i];
        s.weight += w[i];
      }
      s.count++;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<SumState>(source);
    auto& dst = StateAt<SumState>(target);
    dst.sum += src.sum;
    dst.weight += src.weight;
    dst.count += src.count;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    double* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<SumState>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
        continue;
      }
      // Weights summing to 0 give 0 / 0: NaN (DuckDB's answer), not an error.
      const double mean = s.weight == 0 ? std::nan("") : s.sum / s.weight;
      out[offset + i] = kGeometric ? std::exp(mean) : mean;
    }
  };
  return f;
}
}  // namespace

void RegisterMeanFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"geomean", "geometric_mean"}) {
    catalog.AddAggregate(WeightedMean<true>(name));
  }
  for (const char* name : {"weighted_avg", "wavg"}) {
    catalog.AddAggregate(WeightedMean<false>(name));
  }
}

}  // namespace teal
