// Registration of the aggregate families, one file each under src/function/aggregate/.
#pragma once

#include "function/builtin_functions.hpp"

namespace teal {

void RegisterCountFunctions(FunctionCatalog& catalog);

}  // namespace teal
