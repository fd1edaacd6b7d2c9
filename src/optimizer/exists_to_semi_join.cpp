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
//
// An EXISTS elsewhere in a filter's or a projection's expressions (CASE WHEN EXISTS …,
// EXISTS (…) AS flag, EXISTS (…) OR x) becomes a mark join of the operator's input whose
// mark is EXISTS's value (LogicalJoin::mark_exists), when q has an equality to hash on.
#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

/// The semi, anti or (EXISTS's) mark join of `type` that replaces EXISTS subquery `e` over
/// `input`, or null when the subquery does not qualify.
LogicalOperatorPtr Decorrelate(const Expression& e, JoinType type, LogicalOperatorPtr& input) {
  auto parts = SplitCorrelated(e, SubqueryKind::kExists);
  if (!parts) return nullptr;
  const idx_t left_width = input->types.size();
  std::vector<ExpressionPtr> condition;
  for (const auto& c : parts->correlated) {
    condition.push_back(OntoJoinRow(*c, e.children, left_width));
  }
  const bool mark = type == JoinType::kMark;
  if (mark && std::none_of(condition.begin(), condition.end(),
                           [&](const ExpressionPtr& c) { return IsHashKey(*c, left_width); })) {
    return nullptr;  // a mark join is a hash join
  }
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = type;
  join->mark_exists = mark;
  join->types = input->types;
  if (mark) join->types.emplace_back(TypeId::kBoolean);
  join->condition = MakeConjunction(std::move(condition));
  join->children.push_back(std::move(input));
  join->children.push_back(std::move(parts->from));
  return join;
}

/// Replaces the EXISTS subqueries in `e` that can be by the marks of joins stacked on
/// `input`.
void ReplaceExists(ExpressionPtr& e, LogicalOperatorPtr& input) {
  if (e->kind == BoundKind::kSubquery && e->subquery->kind == SubqueryKind::kExists) {
    const idx_t width = input->types.size();
    if (auto join = Decorrelate(*e, JoinType::kMark, input)) {
      input = std::move(join);
      std::string alias = e->alias;
      e = MakeColumnRef(width, LogicalType(TypeId::kBoolean), std::move(alias));
      return;
    }
  }
  // A subquery's children are its outer values (and ANY's operand): they are computed on
  // this operator's row too.
  for (auto& child : e->children) ReplaceExists(child, input);
}

/// A filter conjunct `EXISTS (…)` or `NOT EXISTS (…)` as a semi or anti join of `input`.
bool ConjunctAsJoin(const Expression& c, LogicalOperatorPtr& input) {
  const bool negated = c.kind == BoundKind::kNot && c.children[0]->kind == BoundKind::kSubquery;
  const Expression& target = negated ? *c.children[0] : c;
  if (target.kind != BoundKind::kSubquery) return false;
  auto join = Decorrelate(target, negated ? JoinType::kAnti : JoinType::kSemi, input);
  if (!join) return false;
  input = std::move(join);
  return true;
}

}  // namespace

void RewriteExistsAsSemiJoins(LogicalOperator& plan) {
  RewriteSubqueriesAsJoins(plan, ConjunctAsJoin, ReplaceExists);
}

}  // namespace teal
