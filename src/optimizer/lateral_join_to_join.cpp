// LATERAL FROM items to plain joins: a lateral join whose item is projections over one
// filter (or none) over an input that reads nothing of the left side becomes a join of
// the left side with that input, on the filter's conjuncts that read the left side, with
// the projections above it over the joined row; an item that is unnest() of the left
// side's lists becomes an unnest over the left side. One join replaces a run of the
// item's plan per distinct left row. Anything else keeps the lateral join.
//
// Why that is right: the lateral join pairs each left row L with the rows r of the input
// for which the filter holds under L, each seen through the projections; a join on the
// same filter pairs the same (L, r), and the projections compute the same values from
// them. A LEFT lateral join adds L with NULLs when no r qualifies; a LEFT join on the
// filter does the same, but a projection above it would compute its expression over the
// NULLs (SELECT 1 is 1, not NULL), so LEFT lateral joins qualify only when the
// projections merely pick columns.
#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

bool PicksColumns(const LogicalProjection& projection) {
  for (const auto& e : projection.expressions) {
    if (e->kind != BoundKind::kColumnRef) return false;
  }
  return true;
}

/// The join (or unnest) replacing `lateral`, with its projections, or null.
LogicalOperatorPtr Decorrelate(LogicalLateralJoin& lateral) {
  const Expression& e = *lateral.subquery;
  if (!Decorrelatable(e, SubqueryKind::kLateral)) return nullptr;
  const bool left_join = lateral.join_type == JoinType::kLeft;
  std::vector<const LogicalProjection*> projections;  // outermost first
  const LogicalOperator* at = e.subquery->plan.get();
  while (at->kind == LogicalKind::kProjection) {
    const auto& projection = static_cast<const LogicalProjection&>(*at);
    if (left_join && !PicksColumns(projection)) return nullptr;
    projections.push_back(&projection);
    at = at->children[0].get();
  }
  LogicalOperatorPtr& left = lateral.children[0];
  const idx_t left_width = left->types.size();
  LogicalOperatorPtr joined;
  if (at->kind == LogicalKind::kUnnest && at->children[0]->kind == LogicalKind::kDummyScan) {
    // unnest(lists of the left row): an unnest over the left side, repeating its columns.
    if (left_join) return nullptr;  // an empty list would drop the row
    const auto& item = static_cast<const LogicalUnnest&>(*at);
    auto unnest = std::make_unique<LogicalUnnest>();
    for (const auto& list : item.lists) {
      if (!IsMovable(*list) || ContainsKind(*list, BoundKind::kSubquery)) return nullptr;
      unnest->lists.push_back(OntoJoinRow(*list, e.children, 0));
    }
    for (idx_t c = 0; c < left_width; c++) unnest->columns.push_back(c);
    unnest->types = left->types;
    unnest->types.insert(unnest->types.end(), item.types.begin(), item.types.end());
    unnest->children.push_back(std::move(left));
    joined = std::move(unnest);
  } else {
    const LogicalOperator* from = at;
    std::vector<ExpressionPtr> local, correlated;
    if (at->kind == LogicalKind::kFilter) {
      from = at->children[0].get();
      for (const auto& expression : static_cast<const LogicalFilter&>(*at).expressions) {
        std::vector<ExpressionPtr> conjuncts;
        SplitConjunction(expression->Copy(), conjuncts);
        for (auto& c : conjuncts) {
          if (!ContainsKind(*c, BoundKind::kOuterRef)) {
            local.push_back(std::move(c));
          } else if (IsMovable(*c) && !ContainsKind(*c, BoundKind::kSubquery)) {
            correlated.push_back(OntoJoinRow(*c, e.children, left_width));
          } else {
            return nullptr;
          }
        }
      }
    }
    LogicalOperatorPtr right = CopyPlan(*from);
    if (PlanReadsOuter(*right)) return nullptr;
    if (!local.empty()) {
      auto kept = std::make_unique<LogicalFilter>();
      kept->types = right->types;
      kept->expressions = std::move(local);
      kept->children.push_back(std::move(right));
      right = std::move(kept);
    }
    auto join = std::make_unique<LogicalJoin>();
    join->join_type = left_join            ? JoinType::kLeft
                      : correlated.empty() ? JoinType::kCross
                                           : JoinType::kInner;
    if (!correlated.empty()) {
      join->condition = MakeConjunction(std::move(correlated));
    } else if (left_join) {
      join->condition = MakeConstant(Value::Boolean(true));
    }
    join->types = left->types;
    join->types.insert(join->types.end(), right->types.begin(), right->types.end());
    join->children.push_back(std::move(left));
    join->children.push_back(std::move(right));
    joined = std::move(join);
  }
  // The projections, innermost first, each over the left columns and the one below.
  for (auto it = projections.rbegin(); it != projections.rend(); ++it) {
    auto projection = std::make_unique<LogicalProjection>();
    for (idx_t c = 0; c < left_width; c++) {
      projection->expressions.push_back(MakeColumnRef(c, joined->types[c]));
    }
    for (const auto& p : (*it)->expressions) {
      projection->expressions.push_back(OntoJoinRow(*p, e.children, left_width));
    }
    projection->types.assign(joined->types.begin(),
                             joined->types.begin() + static_cast<std::ptrdiff_t>(left_width));
    projection->types.insert(projection->types.end(), (*it)->types.begin(), (*it)->types.end());
    projection->children.push_back(std::move(joined));
    joined = std::move(projection);
  }
  return joined;
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  if (slot->kind != LogicalKind::kLateralJoin) return;
  if (auto joined = Decorrelate(static_cast<LogicalLateralJoin&>(*slot))) slot = std::move(joined);
}

}  // namespace

void RewriteLateralJoinsAsJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
}

}  // namespace teal
