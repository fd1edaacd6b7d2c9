// PhysicalPlanner: turns a logical plan into physical operators.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

PhysicalOperatorPtr CreatePhysicalPlan(LogicalOperator& plan);

}  // namespace teal
