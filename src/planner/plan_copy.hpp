// CopyPlan: a deep copy of a logical plan (expressions copied, tables shared), for
// rules that need a subquery's plan as a part of another plan while the subquery's own
// plan stays shared and unchanged.
#pragma once

#include "planner/logical_operator.hpp"

namespace teal {

/// A copy of `plan`. Throws InternalError for the writing operators (INSERT, UPDATE,
/// DELETE), which never occur inside a query.
LogicalOperatorPtr CopyPlan(const LogicalOperator& plan);

}  // namespace teal
