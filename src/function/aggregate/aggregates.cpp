// Built-in aggregate functions: every family registers here.
#include "function/aggregate/aggregates.hpp"

namespace teal {

void RegisterAggregateFunctions(FunctionCatalog& catalog) { RegisterCountFunctions(catalog); }

}  // namespace teal
