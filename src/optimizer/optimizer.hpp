// Optimizer: rewrites of the logical plan, one rule per file, run in order by Optimize.
#pragma once

#include "planner/logical_operator.hpp"

namespace teal {

/// Runs every rule over `plan`. Errors a rule finds in constant expressions (a constant
/// overflow, an invalid cast) are the user's and thrown as such.
void Optimize(LogicalOperator& plan);

/// Rule: replaces every deterministic expression that reads no column by its value.
void FoldConstants(LogicalOperator& plan);

}  // namespace teal
