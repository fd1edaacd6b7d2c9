// Built-in date and time functions.
#include "function/builtin_functions.hpp"

namespace teal {

void RegisterDateFunctions(FunctionCatalog& catalog) { (void)catalog; }

}  // namespace teal
