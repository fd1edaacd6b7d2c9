// Whether a parsed expression calls a function whose value may differ between calls
// (random(), nextval(), uuid()): such an expression must be computed once, so a rewrite
// that would copy it (an alias standing in for its item, a row IN split into EXISTS
// subqueries) refuses it instead.
#pragma once

#include "parser/parsed_expression.hpp"

namespace teal {

/// True when `e` calls such a function outside any subquery.
bool CallsVolatileFunction(const ParsedExpression& e);

}  // namespace teal
