// Correlated EXISTS to semi and anti joins: a filter conjunct `EXISTS (SELECT … FROM r
// WHERE p(r) AND q(r, outer))` becomes a semi join of the filter's input with r under
// p, on q with the outer values read from the input's columns; `NOT EXISTS (…)` an anti
// join. One join replaces a run of the subquery per distinct outer row (TPC-H Q4, Q21,
// Q22). The subquery qualifies when its plan is projections over one filter whose input
// reads nothing of the outer query, its correlated conjuncts are deterministic, and the
// outer values it reads are expressions over the filter's own input (no subquery, no
// reference further out). Anything else keeps the per-row subquery.
//
// EXISTS is true when some row of r passes the whole WHERE: exactly the rows a semi join
// on that WHERE keeps; NOT EXISTS is false then, else true (never NULL): an anti join.
// NULLs in q make a conjunct unknown, which is not true, in both.
#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

/// The semi (or anti, when `negated`) join that replaces EXISTS subquery `e` over
/// `input`, or null when the subquery does not qualify.
LogicalOperatorPtr Decorrelate(const Expression& e, bool negated, LogicalOperatorPtr& input) {
  if (!Decorrelatable(e, SubqueryKind::kExists)) return nullptr;
  const BoundSubquery& sub = *e.subquery;
  // Projections (EXISTS reads no column of them) down to the filter.
  const LogicalOperator* at = sub.plan.get();
  while (at->kind == LogicalKind::kProjection) at = at->children[0].get();
  if (at->kind != LogicalKind::kFilter) return nullptr;
  LogicalOperatorPtr filter = CopyPlan(*at);
  LogicalOperatorPtr from = std::move(filter->children[0]);
  if (PlanReadsOuter(*from)) return nullptr;
  std::vector<ExpressionPtr> local, correlated;
  for (auto& expression : static_cast<LogicalFilter&>(*filter).expressions) {
    std::vector<ExpressionPtr> conjuncts;
    SplitConjunction(std::move(expression), conjuncts);
    for (auto& c : conjuncts) {
      if (!ContainsKind(*c, BoundKind::kOuterRef)) {
        local.push_back(std::move(c));
      } else if (IsMovable(*c) && !ContainsKind(*c, BoundKind::kSubquery)) {
        correlated.push_back(std::move(c));
      } else {
        return nullptr;
      }
    }
  }
  if (correlated.empty()) return nullptr;
  if (!local.empty()) {
    auto kept = std::make_unique<LogicalFilter>();
    kept->types = from->types;
    kept->expressions = std::move(local);
    kept->children.push_back(std::move(from));
    from = std::move(kept);
  }
  const idx_t left_width = input->types.size();
  std::vector<ExpressionPtr> condition;
  for (const auto& c : correlated) condition.push_back(OntoJoinRow(*c, e.children, left_width));
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = negated ? JoinType::kAnti : JoinType::kSemi;
  join->types = input->types;
  join->condition = MakeConjunction(std::move(condition));
  join->children.push_back(std::move(input));
  join->children.push_back(std::move(from));
  return join;
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  if (slot->kind != LogicalKind::kFilter) return;
  auto& filter = static_cast<LogicalFilter&>(*slot);
  std::vector<ExpressionPtr> kept;
  for (auto& expression : filter.expressions) {
    std::vector<ExpressionPtr> conjuncts;
    SplitConjunction(std::move(expression), conjuncts);
    for (auto& c : conjuncts) {
      const bool negated =
          c->kind == BoundKind::kNot && c->children[0]->kind == BoundKind::kSubquery;
      const Expression& target = negated ? *c->children[0] : *c;
      if (target.kind == BoundKind::kSubquery) {
        if (auto join = Decorrelate(target, negated, slot->children[0])) {
          slot->children[0] = std::move(join);
          continue;
        }
      }
      kept.push_back(std::move(c));
    }
  }
  if (kept.empty()) {
    slot = std::move(slot->children[0]);
    return;
  }
  filter.expressions = std::move(kept);
}

}  // namespace

void RewriteExistsAsSemiJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
}

}  // namespace teal
