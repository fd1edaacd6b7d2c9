// EXPLAIN and EXPLAIN ANALYZE: a plan as an indented tree of operators, one per line,
// with what each works on and, after a profiled run, the rows it produced and its time.
//
// The details come from the logical plan (table names, expressions), taken before the
// physical planner moves its expressions out; the names and profiles come from the
// physical operators. The physical planner makes one operator per logical one, so the
// two trees have the same shape and are walked side by side.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "execution/execution_context.hpp"
#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// One operator's details and its children's, in the shape of the plan.
struct PlanDetails {
  std::string text;
  std::vector<PlanDetails> children;
  /// The physical operator has the two children the other way round (a semi join that
  /// builds its left side); they are shown in the logical plan's order.
  bool children_swapped = false;
};

PlanDetails DescribePlan(const LogicalOperator& plan);

/// One operator of a plan: its name, what it works on, and after a profiled run the rows
/// it produced and its time (summed over the threads that ran it).
struct ProfiledOperator {
  std::string name;
  std::string details;
  uint64_t rows = 0;
  uint64_t nanos = 0;
  std::vector<ProfiledOperator> children;
};

/// The operators of the plan in its shape, with their figures from `analyzed` (the query
/// that ran it, with profiling on) when given.
ProfiledOperator ProfilePlan(const PlanDetails& details, const PhysicalOperator& plan,
                             const QueryContext* analyzed);

/// The lines of `plan`, as RenderPlan gives them (with the figures when `analyzed`).
std::vector<std::string> RenderOperators(const ProfiledOperator& plan, bool analyzed);

/// The lines of the plan: `NAME  details`, children indented under their parent, and
/// with `analyzed` (the query that ran it, with profiling on) `(rows: N, time: T ms)` —
/// the time summed over the threads that ran the operator; for operators that run their
/// children's plans themselves (set operations, nested-loop joins) it includes the
/// children's.
std::vector<std::string> RenderPlan(const PlanDetails& details, const PhysicalOperator& plan,
                                    const QueryContext* analyzed);

}  // namespace teal
