// Optimize: the order in which the rules run, over a plan and the plans of the
// subqueries in its expressions.
#include "optimizer/optimizer.hpp"

#include <unordered_set>

#include "planner/binder.hpp"

namespace teal {

namespace {

void RunRules(LogicalOperator& plan, bool enabled) {
  EmptyParts(plan);  // before folding: 1 / a of no rows is no error (LIMIT 0)
  FoldConstants(plan);
  EmptyParts(plan);
  RewriteInSubqueriesAsMarkJoins(plan);
  RewriteAnyAsJoins(plan);
  RewriteExistsAsSemiJoins(plan);
  RewriteScalarSubqueriesAsJoins(plan);
  RewriteLateralJoinsAsJoins(plan);
  if (!enabled) {
    // A join on IS NOT DISTINCT FROM is a hash join either way (as DuckDB plans it with
    // its optimizer off): a nested loop over it is a plan no one wants, not a simpler one.
    HashNotDistinctJoinKeys(plan);
    return;
  }
  PushDownFilters(plan);
  EmptyParts(plan);  // again: pushed down, a false filter may now stand alone
  HashNotDistinctJoinKeys(plan);
  PushSemiJoinsDown(plan);
  OrderJoins(plan);
  RewriteInListsAsSemiJoins(plan);
  PruneColumns(plan);
  UseTopN(plan);
  PushJoinFiltersIntoScans(plan);
}

void CollectSubqueryPlans(const Expression& e, std::vector<const LogicalOperator*>& plans) {
  if (e.kind == BoundKind::kSubquery) plans.push_back(e.subquery->plan.get());
  for (const auto& child : e.children) CollectSubqueryPlans(*child, plans);
}

/// The plans of the materialized WITH queries that `plan` reads.
void CollectCtePlans(const LogicalOperator& plan, std::vector<const LogicalOperator*>& plans) {
  if (plan.kind == LogicalKind::kCteScan) {
    plans.push_back(static_cast<const LogicalCteScan&>(plan).cte->plan.get());
  }
  for (const auto& child : plan.children) CollectCtePlans(*child, plans);
}

void OptimizeTree(LogicalOperator& plan, std::unordered_set<const LogicalOperator*>& done,
                  bool enabled) {
  RunRules(plan, enabled);
  std::vector<const LogicalOperator*> nested;
  ForEachExpression(plan, [&](ExpressionPtr& e) { CollectSubqueryPlans(*e, nested); });
  CollectCtePlans(plan, nested);
  for (const LogicalOperator* subplan : nested) {
    // A subquery's plan is shared by the copies of its expression, a WITH query's by its
    // scans, and neither is changed after optimization; this is the one place that
    // still may.
    if (done.insert(subplan).second) {
      OptimizeTree(const_cast<LogicalOperator&>(*subplan), done, enabled);
    }
  }
}

}  // namespace

void Optimize(LogicalOperator& plan, bool enabled) {
  MaterializeCtes(plan);
  std::unordered_set<const LogicalOperator*> done;
  OptimizeTree(plan, done, enabled);
}

}  // namespace teal
