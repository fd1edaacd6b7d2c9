// Conditions with OR, made usable by the rest of the optimizer: conjuncts that every
// branch of an OR shares are factored out of it — `(a.k = b.k AND x) OR (a.k = b.k AND y)`
// becomes `a.k = b.k AND (x OR y)`, a hash-join key and a residual — and an OR over both
// sides of a join implies, for each side whose columns every branch constrains, a
// disjunction over that side alone that can filter it before the join:
// `(n1.name = 'A' AND n2.name = 'B') OR (n1.name = 'B' AND n2.name = 'A')` implies
// `n1.name = 'A' OR n1.name = 'B'`. Both rewrites hold in three-valued logic (AND and OR
// distribute and absorb there too), so they apply to filters and join conditions alike.
#pragma once

#include <vector>

#include "planner/expression.hpp"

namespace teal {

/// Appends to `out` the conjuncts that `e` is equivalent to: its shared conjuncts, then
/// the OR of what is left of its branches (none when a branch is left with nothing);
/// `e` itself when it is not an OR or its branches share nothing.
void FactorOr(ExpressionPtr e, std::vector<ExpressionPtr>& out);

/// For each OR among `conjuncts` that reads columns on both sides of `left_width` (a
/// join's row: left columns first), appends the single-side disjunctions it implies, for
/// the left side when `left` and the right side when `right` (where they may go). Only
/// movable conjuncts of the branches are used, so what is appended is movable.
void AddImpliedSideConditions(std::vector<ExpressionPtr>& conjuncts, idx_t left_width, bool left,
                              bool right);

}  // namespace teal
