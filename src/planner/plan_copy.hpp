// CopyPlan: a deep copy of a logical plan (expressions copied, tables shared), for
// rules that need a subquery's plan as a part of another plan while the subquery's own
// plan stays shared and unchanged.
#pragma once

#include <functional>

#include "planner/logical_operator.hpp"

namespace teal {

/// A copy of `plan`. Throws InternalError for the writing operators (INSERT, UPDATE,
/// DELETE), which never occur inside a query.
LogicalOperatorPtr CopyPlan(const LogicalOperator& plan);

/// A window operator (without children) with `from`'s keys and calls, each expression given
/// by `take` (a copy; or, for the physical planner, the expression moved out or substituted).
std::unique_ptr<LogicalWindow> RebuildWindow(
    LogicalWindow& from, const std::function<ExpressionPtr(ExpressionPtr&)>& take);

}  // namespace teal
