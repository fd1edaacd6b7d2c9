// Built-in aggregate functions: every family registers here.
#include "function/aggregate/aggregates.hpp"

namespace teal {

void RegisterAggregateFunctions(FunctionCatalog& catalog) {
  RegisterCountFunctions(catalog);
  RegisterSumFunctions(catalog);
  RegisterAvgFunctions(catalog);
  RegisterMinMaxFunctions(catalog);
  RegisterMeanFunctions(catalog);
  RegisterApproximateFunctions(catalog);
  RegisterBoolFunctions(catalog);
  RegisterStringAggFunctions(catalog);
  RegisterListAggregateFunctions(catalog);
  RegisterVarianceFunctions(catalog);
  RegisterQuantileFunctions(catalog);
  RegisterModeFunctions(catalog);
  RegisterBinnedHistogramFunctions(catalog);
  RegisterStatisticsFunctions(catalog);
  RegisterBitwiseFunctions(catalog);
}

}  // namespace teal
