// IN subqueries to mark joins: `x IN (SELECT y …)` (or x = ANY (…)) that reads nothing of
// the query around it, in a SELECT list or a WHERE/HAVING filter, becomes a mark join of
// the operator's input with the subquery's rows: one hash table built from the subquery,
// one probe per row, the answer (with IN's NULL rules) as a new BOOLEAN column that the
// expression then reads. An IN that is a whole conjunct of a WHERE/HAVING filter becomes
// a semi join instead: a row it makes false or NULL is dropped either way, and a semi
// join, unlike a mark, can move down to the relation its key comes from
// (semi_join_pushdown.cpp; TPC-H Q18). The subquery's plan is copied into the query's
// plan, so the other rules optimise it with the rest.
#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

bool IsUncorrelatedIn(const Expression& e) {
  if (e.kind != BoundKind::kSubquery) return false;
  const BoundSubquery& sub = *e.subquery;
  return sub.kind == SubqueryKind::kAny && sub.op == CompareOp::kEqual && sub.correlated == 0 &&
         sub.plan->types.size() == 1 && e.children.size() == 1 &&
         e.children[0]->type == sub.plan->types[0];
}

void Rewrite(LogicalOperatorPtr& slot);

/// `input` joined (kMark or kSemi) with the rows of the IN subquery `e` on e's operand =
/// the subquery's column; takes e's operand. The IN subqueries of the copied plan are
/// rewritten too (the pass over the plan has gone past this point).
LogicalOperatorPtr JoinWithIn(JoinType type, LogicalOperatorPtr input, Expression& e) {
  const idx_t width = input->types.size();
  const LogicalType key_type = e.subquery->plan->types[0];
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = type;
  join->types = input->types;
  if (type == JoinType::kMark) join->types.emplace_back(TypeId::kBoolean);
  auto condition = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  condition->op = CompareOp::kEqual;
  condition->children.push_back(std::move(e.children[0]));
  condition->children.push_back(MakeColumnRef(width, key_type));
  join->condition = std::move(condition);
  join->children.push_back(std::move(input));
  join->children.push_back(CopyPlan(*e.subquery->plan));
  Rewrite(join->children[1]);
  return join;
}

/// Replaces the uncorrelated IN subqueries in `e` by the mark columns of joins stacked
/// on `input`.
void Replace(ExpressionPtr& e, LogicalOperatorPtr& input) {
  if (!IsUncorrelatedIn(*e)) {
    for (auto& child : e->children) Replace(child, input);
    return;
  }
  const idx_t width = input->types.size();
  input = JoinWithIn(JoinType::kMark, std::move(input), *e);
  std::string alias = e->alias;
  e = MakeColumnRef(width, LogicalType(TypeId::kBoolean), std::move(alias));
}

/// Rewrites the expressions of `op` (a projection or filter); true when its input got
/// mark columns.
bool RewriteExpressions(LogicalOperator& op, std::vector<ExpressionPtr>& expressions) {
  const idx_t width = op.children[0]->types.size();
  for (auto& e : expressions) Replace(e, op.children[0]);
  return op.children[0]->types.size() != width;
}

/// The conjuncts of the filter in `slot` that are uncorrelated IN subqueries become semi
/// joins of its input; the filter goes when nothing else is left of it.
void ConjunctsToSemiJoins(LogicalOperatorPtr& slot) {
  auto& filter = static_cast<LogicalFilter&>(*slot);
  std::vector<ExpressionPtr> kept;
  for (auto& e : filter.expressions) {
    std::vector<ExpressionPtr> conjuncts;
    SplitConjunction(std::move(e), conjuncts);
    for (auto& c : conjuncts) {
      if (IsUncorrelatedIn(*c)) {
        slot->children[0] = JoinWithIn(JoinType::kSemi, std::move(slot->children[0]), *c);
      } else {
        kept.push_back(std::move(c));
      }
    }
  }
  filter.expressions = std::move(kept);
  if (filter.expressions.empty()) slot = std::move(slot->children[0]);
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  if (slot->kind == LogicalKind::kFilter) {
    ConjunctsToSemiJoins(slot);
    if (slot->kind != LogicalKind::kFilter) return;
  }
  if (slot->kind == LogicalKind::kProjection) {
    RewriteExpressions(*slot, static_cast<LogicalProjection&>(*slot).expressions);
  } else if (slot->kind == LogicalKind::kFilter) {
    const std::vector<LogicalType> types = slot->types;
    if (!RewriteExpressions(*slot, static_cast<LogicalFilter&>(*slot).expressions)) return;
    DropAddedColumns(slot, types);  // the marks
  }
}

}  // namespace

void RewriteInSubqueriesAsMarkJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
  // The root stays where it is: a projection's input may change, a filter's may not.
  if (plan.kind == LogicalKind::kProjection) {
    RewriteExpressions(plan, static_cast<LogicalProjection&>(plan).expressions);
  }
}

}  // namespace teal
