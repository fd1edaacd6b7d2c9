// MaterializeCtes: decides, for every WITH query of a statement, whether it is planned
// into each of its uses or computed once per execution and read by all of them.
//
// As in PostgreSQL (and DuckDB), a WITH query used more than once is materialized,
// unless written NOT MATERIALIZED; one used once is planned into its use, unless written
// MATERIALIZED. A materialized query is a fence: filters of one use are not pushed into
// it. A query that reads a column of a query around it (inside a correlated subquery)
// has different rows for each outer row, so it is always planned into its uses.
#include <unordered_map>
#include <unordered_set>

#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// The plans of the subqueries in `plan`'s own expressions (not in its children's).
void SubqueryPlansOf(LogicalOperator& plan, std::vector<LogicalOperator*>& out) {
  std::function<void(const Expression&)> collect = [&](const Expression& e) {
    if (e.kind == BoundKind::kSubquery) {
      // A subquery's plan is shared by the copies of its expression; the optimizer is the
      // one place that still changes it (see Optimize).
      out.push_back(const_cast<LogicalOperator*>(e.subquery->plan.get()));
    }
    for (const auto& child : e.children) collect(*child);
  };
  ForEachOwnExpression(plan, [&](ExpressionPtr& e) { collect(*e); });
}

class CteMaterializer {
 public:
  void Count(LogicalOperator& plan) {
    if (plan.kind == LogicalKind::kCteScan) {
      auto& scan = static_cast<LogicalCteScan&>(plan);
      Use& use = uses_[scan.cte.get()];
      if (use.count++ == 0) use.first = &scan;
    }
    for (auto& child : plan.children) Count(*child);
    std::vector<LogicalOperator*> subqueries;
    SubqueryPlansOf(plan, subqueries);
    for (LogicalOperator* subquery : subqueries) {
      if (counted_.insert(subquery).second) Count(*subquery);
    }
  }

  /// Resolves the scans in the tree under `slot` (which may itself be replaced).
  void Resolve(LogicalOperatorPtr& slot) {
    if (slot->kind == LogicalKind::kCteScan && !Materialized(static_cast<LogicalCteScan&>(*slot))) {
      LogicalOperatorPtr inlined = std::move(slot->children[0]);
      slot = std::move(inlined);
      Resolve(slot);
      return;
    }
    ResolveIn(*slot);
  }

  /// Resolves the scans under `plan` (a root that stays).
  void ResolveIn(LogicalOperator& plan) {
    if (plan.kind == LogicalKind::kCteScan) {
      // Materialized (Resolve inlines the others; a root scan is materialized rather
      // than replaced, which is as right).
      auto& scan = static_cast<LogicalCteScan&>(plan);
      if (!scan.children.empty()) {
        if (!scan.cte->plan) {
          scan.cte->plan = std::move(scan.children[0]);
          ResolveIn(*scan.cte->plan);
        }
        scan.children.clear();
      }
      return;
    }
    for (auto& child : plan.children) Resolve(child);
    std::vector<LogicalOperator*> subqueries;
    SubqueryPlansOf(plan, subqueries);
    for (LogicalOperator* subquery : subqueries) {
      if (resolved_.insert(subquery).second) ResolveIn(*subquery);
    }
  }

 private:
  struct Use {
    idx_t count = 0;
    LogicalCteScan* first = nullptr;  // its child decides whether the query reads outer columns
    bool decided = false;
    bool materialize = false;
  };

  bool Materialized(const LogicalCteScan& scan) {
    Use& use = uses_[scan.cte.get()];
    if (!use.decided) {
      use.decided = true;
      const CteMaterialize hint = scan.cte->materialize;
      bool wanted =
          hint == CteMaterialize::kAlways || (hint == CteMaterialize::kDefault && use.count > 1);
      use.materialize = wanted && !PlanReadsOuter(*use.first->children[0]);
    }
    return use.materialize;
  }

  std::unordered_map<const CteDefinition*, Use> uses_;
  std::unordered_set<const LogicalOperator*> counted_, resolved_;
};

}  // namespace

void MaterializeCtes(LogicalOperator& plan) {
  CteMaterializer materializer;
  materializer.Count(plan);
  materializer.ResolveIn(plan);
}

}  // namespace teal
