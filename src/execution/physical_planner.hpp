// PhysicalPlanner: turns a logical plan into physical operators.
#pragma once

#include "execution/executor.hpp"
#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// Without `parameters`, moves the expressions out of `plan` (it is used once). With
/// them, copies the expressions, replacing each parameter $n by parameters[n-1], so
/// that a prepared statement's plan can be executed again and again. Either way,
/// subqueries in expressions that read nothing from outside run once, at their first use
/// — or now, in a statement that writes and `will_run` (not for a plan EXPLAIN only
/// shows); they run with `options`, the query's (PrepareSubqueries).
PhysicalOperatorPtr CreatePhysicalPlan(LogicalOperator& plan, const std::vector<Value>* parameters,
                                       const ExecutorOptions& options, bool will_run = true);

/// A physical plan for a copy of `plan` (a subquery's, used again and again), with
/// parameter $n replaced by parameters[n-1] and, when `outer` is given, each kOuterRef
/// i by outer[i].
PhysicalOperatorPtr CreatePhysicalPlan(const LogicalOperator& plan,
                                       const std::vector<Value>& parameters,
                                       const std::vector<Value>* outer,
                                       const ExecutorOptions& options);

}  // namespace teal
