// ReadsRecursiveTable: a walk of the plan and of its expressions' subqueries.
#include "planner/recursive_reads.hpp"

#include "planner/binder.hpp"

namespace teal {

namespace {

bool ExpressionReadsTable(const Expression& e, const RecursiveCteDefinition* table) {
  if (e.kind == BoundKind::kSubquery && e.subquery && e.subquery->plan &&
      ReadsTable(*e.subquery->plan, table)) {
    return true;
  }
  for (const auto& child : e.children) {
    if (ExpressionReadsTable(*child, table)) return true;
  }
  return false;
}

}  // namespace

bool ReadsTable(const LogicalOperator& plan, const RecursiveCteDefinition* table) {
  if (!table) return false;
  if (plan.kind == LogicalKind::kRecursiveScan &&
      static_cast<const LogicalRecursiveScan&>(plan).definition.get() == table) {
    return true;
  }
  bool found = false;
  ForEachOwnExpression(const_cast<LogicalOperator&>(plan),
                       [&](ExpressionPtr& e) { found = found || ExpressionReadsTable(*e, table); });
  if (found) return true;
  for (const auto& child : plan.children) {
    if (ReadsTable(*child, table)) return true;
  }
  return false;
}

bool ReadsRecursiveTable(const LogicalOperator& plan, const RecursiveCteDefinition& definition) {
  return ReadsTable(plan, &definition) || ReadsTable(plan, definition.recurring.get());
}

}  // namespace teal
