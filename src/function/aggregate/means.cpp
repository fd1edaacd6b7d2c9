// The other means over DOUBLE: geomean(x) (also geometric_mean) — exp of the mean of
// ln(x), NaN when a value is negative, 0 when one is 0 —, weighted_avg(x, w) (also wavg)
// — sum(x * w) / sum(w) over the rows where neither is NULL, NaN when the weights sum to
// 0 —, and sem(x) — the standard error of the mean, stddev_pop(x) / sqrt(count(x)), 0
// for one row. NULL without a row.
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

struct SumState {
  double sum = 0;     // of ln(x), or of x * w
  double weight = 0;  // of w
  int64_t count = 0;
};

AggregateFunction GeometricMean(std::string name) {
  auto f = aggregate::MakeAggregate(std::move(name), {TypeId::kDouble}, TypeId::kDouble);
  aggregate::SetStateLifetime<SumState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<SumState>(states[i]);
      s.sum += std::log(in[i]);
      s.count++;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<SumState>(source);
    auto& dst = StateAt<SumState>(target);
    dst.sum += src.sum;
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
      out[offset + i] = std::exp(s.sum / static_cast<double>(s.count));
    }
  };
  return f;
}

AggregateFunction WeightedAverage(std::string name) {
  auto f = aggregate::MakeAggregate(std::move(name), {TypeId::kDouble, TypeId::kDouble},
                                    TypeId::kDouble);
  aggregate::SetStateLifetime<SumState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* x = args.data[0].Values<double>();
    const double* w = args.data[1].Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<SumState>(states[i]);
      s.sum += x[i] * w[i];
      s.weight += w[i];
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
      out[offset + i] = s.weight == 0 ? std::nan("") : s.sum / s.weight;
    }
  };
  return f;
}

AggregateFunction StandardErrorOfMean() {
  auto f = aggregate::MakeAggregate("sem", {TypeId::kDouble}, TypeId::kDouble);
  aggregate::SetStateLifetime<WelfordState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const double* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) StateAt<WelfordState>(states[i]).Add(in[i]);
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    StateAt<WelfordState>(target).Merge(StateAt<WelfordState>(source));
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    double* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<WelfordState>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
        continue;
      }
      const auto n = static_cast<double>(s.count);
      out[offset + i] = std::sqrt(std::max(0.0, s.m2) / n) / std::sqrt(n);
    }
  };
  return f;
}
}  // namespace

void RegisterMeanFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"geomean", "geometric_mean"}) catalog.AddAggregate(GeometricMean(name));
  for (const char* name : {"weighted_avg", "wavg"}) catalog.AddAggregate(WeightedAverage(name));
  catalog.AddAggregate(StandardErrorOfMean());
}

}  // namespace teal
