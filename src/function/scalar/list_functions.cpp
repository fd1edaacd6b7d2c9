// Built-in list functions.
#include "function/builtin_functions.hpp"

namespace teal {

void RegisterListFunctions(FunctionCatalog& catalog) { (void)catalog; }

}  // namespace teal
