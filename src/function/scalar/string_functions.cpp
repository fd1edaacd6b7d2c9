// Built-in string functions.
#include "function/builtin_functions.hpp"

namespace teal {

void RegisterStringFunctions(FunctionCatalog& catalog) { (void)catalog; }

}  // namespace teal
