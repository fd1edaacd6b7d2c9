// Registration of the aggregate families, one file each under src/function/aggregate/.
#pragma once

#include "function/builtin_functions.hpp"

namespace teal {

void RegisterCountFunctions(FunctionCatalog& catalog);            // count, count_star, count_if
void RegisterSumFunctions(FunctionCatalog& catalog);              // sum, product
void RegisterAvgFunctions(FunctionCatalog& catalog);              // avg, mean
void RegisterMeanFunctions(FunctionCatalog& catalog);             // geomean, weighted_avg
void RegisterApproximateFunctions(FunctionCatalog& catalog);      // approx_count_distinct, …
void RegisterMinMaxFunctions(FunctionCatalog& catalog);           // min, max, first, arg_min…
void RegisterBoolFunctions(FunctionCatalog& catalog);             // bool_and, bool_or, every, some
void RegisterStringAggFunctions(FunctionCatalog& catalog);        // string_agg, group_concat
void RegisterListAggregateFunctions(FunctionCatalog& catalog);    // list, array_agg
void RegisterVarianceFunctions(FunctionCatalog& catalog);         // stddev…, var…, sem
void RegisterQuantileFunctions(FunctionCatalog& catalog);         // median, quantile…
void RegisterModeFunctions(FunctionCatalog& catalog);             // mode
void RegisterBinnedHistogramFunctions(FunctionCatalog& catalog);  // histogram_exact, …
/// histogram(x, bins) (exact: histogram_exact) for the argument types, or nullopt.
std::optional<AggregateFunction> ResolveBinnedHistogram(const std::vector<LogicalType>& arguments,
                                                        bool exact);
void RegisterStatisticsFunctions(FunctionCatalog& catalog);  // covar…, corr, regr_…, skewness…
void RegisterBitwiseFunctions(FunctionCatalog& catalog);     // bit_and, bit_or, bit_xor

/// Welford's running statistics for the variance family (exposed for unit tests).
struct WelfordState {
  int64_t count = 0;
  double mean = 0;
  double m2 = 0;  // sum of squared deviations from the mean
  void Add(double x);
  /// Folds in `other`, as if its rows had been added to this state.
  void Merge(const WelfordState& other);
};

/// min(x, n) / max(x, n) (min_max_n.cpp) for these argument types, or nullopt.
std::optional<AggregateFunction> ResolveMinMaxN(const std::string& name, bool max,
                                                const std::vector<LogicalType>& arguments);
/// arg_min(arg, val, n) / arg_max, or their nulls_last forms (min_max_n.cpp), or nullopt.
std::optional<AggregateFunction> ResolveArgMinMaxN(const std::string& name, bool max,
                                                   bool nulls_last,
                                                   const std::vector<LogicalType>& arguments);

/// quantile_disc's position in `n` sorted values (0-based) for fraction q in [0, 1].
idx_t QuantileDiscIndex(double q, idx_t n);

/// The mean of `count` intervals whose fields sum to months / days / micros, dividing
/// as PostgreSQL does (exposed for unit tests). False when it does not fit an INTERVAL.
bool TryAverageInterval(int128 months, int128 days, int128 micros, int64_t count,
                        interval_t& result);

}  // namespace teal
