// CallsVolatileFunction: a walk of a parsed expression against the built-in functions'
// `deterministic` flags.
#include "function/volatile_calls.hpp"

#include <algorithm>

#include "function/function.hpp"

namespace teal {

bool CallsVolatileFunction(const ParsedExpression& e) {
  if (e.kind == ExprKind::kSubquery) return false;
  if (e.kind == ExprKind::kFunction && e.names.empty()) {
    if (e.name == "nextval" || e.name == "setval") return true;
    if (const ScalarFunctionSet* set = FunctionCatalog::Builtins().FindScalar(e.name)) {
      if (std::any_of(set->overloads.begin(), set->overloads.end(),
                      [](const ScalarFunction& f) { return !f.deterministic; })) {
        return true;
      }
    }
  }
  for (const auto& child : e.children) {
    if (child && CallsVolatileFunction(*child)) return true;
  }
  return false;
}

}  // namespace teal
