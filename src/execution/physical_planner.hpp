// PhysicalPlanner: turns a logical plan into physical operators.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// Without `parameters`, moves the expressions out of `plan` (it is used once). With
/// them, copies the expressions, replacing each parameter $n by parameters[n-1], so
/// that a prepared statement's plan can be executed again and again.
PhysicalOperatorPtr CreatePhysicalPlan(LogicalOperator& plan,
                                       const std::vector<Value>* parameters = nullptr);

}  // namespace teal
