// Built-in + - * / % and the math functions.
#include "function/builtin_functions.hpp"

namespace teal {

void RegisterArithmeticFunctions(FunctionCatalog& catalog) { (void)catalog; }

}  // namespace teal
