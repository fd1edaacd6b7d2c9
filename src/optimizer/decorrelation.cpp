// Decorrelatable, SplitCorrelated, OntoJoinRow and DropAddedColumns.
#include "optimizer/decorrelation.hpp"

#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

/// `e` over a projection's output, rewritten over its input: column c becomes a copy of
/// `expressions[c]`.
ExpressionPtr ThroughProjection(const Expression& e,
                                const std::vector<ExpressionPtr>& expressions) {
  if (e.kind == BoundKind::kColumnRef) {
    ExpressionPtr copy = expressions[e.column]->Copy();
    copy->alias = e.alias;
    return copy;
  }
  auto copy = e.CopyNode();
  for (const auto& child : e.children)
    copy->children.push_back(ThroughProjection(*child, expressions));
  return copy;
}

}  // namespace

bool Decorrelatable(const Expression& e, SubqueryKind kind) {
  const BoundSubquery& sub = *e.subquery;
  if (sub.kind != kind || sub.correlated == 0 || !sub.deterministic) return false;
  for (const auto& outer : e.children) {
    if (ContainsKind(*outer, BoundKind::kOuterRef) || ContainsKind(*outer, BoundKind::kSubquery) ||
        !IsMovable(*outer)) {
      return false;
    }
  }
  return true;
}

std::unique_ptr<CorrelatedParts> SplitCorrelated(const Expression& e, SubqueryKind kind) {
  if (!Decorrelatable(e, kind)) return nullptr;
  const bool compared = kind == SubqueryKind::kAny || kind == SubqueryKind::kAll;
  auto parts = std::make_unique<CorrelatedParts>();
  const LogicalOperator* at = e.subquery->plan.get();
  while (at->kind == LogicalKind::kProjection) {
    // EXISTS reads no column of them; ANY/ALL reads the first, down to the filter's row.
    const auto& expressions = static_cast<const LogicalProjection&>(*at).expressions;
    if (compared) {
      parts->value =
          parts->value ? ThroughProjection(*parts->value, expressions) : expressions[0]->Copy();
    }
    at = at->children[0].get();
  }
  if (at->kind != LogicalKind::kFilter || (compared && !parts->value)) return nullptr;
  if (compared &&
      (ContainsKind(*parts->value, BoundKind::kSubquery) || !IsMovable(*parts->value))) {
    return nullptr;
  }
  LogicalOperatorPtr filter = CopyPlan(*at);
  LogicalOperatorPtr from = std::move(filter->children[0]);
  if (PlanReadsOuter(*from)) return nullptr;
  std::vector<ExpressionPtr> local;
  for (auto& expression : static_cast<LogicalFilter&>(*filter).expressions) {
    std::vector<ExpressionPtr> conjuncts;
    SplitConjunction(std::move(expression), conjuncts);
    for (auto& c : conjuncts) {
      if (!ContainsKind(*c, BoundKind::kOuterRef)) {
        local.push_back(std::move(c));
      } else if (IsMovable(*c) && !ContainsKind(*c, BoundKind::kSubquery)) {
        parts->correlated.push_back(std::move(c));
      } else {
        return nullptr;
      }
    }
  }
  if (parts->correlated.empty()) return nullptr;
  if (!local.empty()) {
    auto kept = std::make_unique<LogicalFilter>();
    kept->types = from->types;
    kept->expressions = std::move(local);
    kept->children.push_back(std::move(from));
    from = std::move(kept);
  }
  parts->from = std::move(from);
  return parts;
}

ExpressionPtr OntoJoinRow(const Expression& e, const std::vector<ExpressionPtr>& outer,
                          idx_t column_shift) {
  if (e.kind == BoundKind::kOuterRef) return outer[e.column]->Copy();
  if (e.kind == BoundKind::kColumnRef) {
    return MakeColumnRef(e.column + column_shift, e.type, e.alias);
  }
  auto copy = e.CopyNode();
  for (const auto& child : e.children) {
    copy->children.push_back(OntoJoinRow(*child, outer, column_shift));
  }
  return copy;
}

void DropAddedColumns(LogicalOperatorPtr& slot, const std::vector<LogicalType>& types) {
  slot->types = slot->children[0]->types;
  auto projection = std::make_unique<LogicalProjection>();
  projection->types = types;
  for (idx_t c = 0; c < types.size(); c++) {
    projection->expressions.push_back(MakeColumnRef(c, types[c]));
  }
  projection->children.push_back(std::move(slot));
  slot = std::move(projection);
}

namespace {

void ReplaceInExpressions(LogicalOperatorPtr& slot, const ReplaceWithJoins& replace) {
  if (slot->kind != LogicalKind::kProjection && slot->kind != LogicalKind::kFilter) return;
  const std::vector<LogicalType> types = slot->types;
  const idx_t width = slot->children[0]->types.size();
  auto& expressions = slot->kind == LogicalKind::kProjection
                          ? static_cast<LogicalProjection&>(*slot).expressions
                          : static_cast<LogicalFilter&>(*slot).expressions;
  for (auto& e : expressions) replace(e, slot->children[0]);
  if (slot->kind == LogicalKind::kFilter && slot->children[0]->types.size() != width) {
    DropAddedColumns(slot, types);
  }
}

void RewriteSlot(LogicalOperatorPtr& slot, const ConjunctToJoin& to_join,
                 const ReplaceWithJoins& replace) {
  for (auto& child : slot->children) RewriteSlot(child, to_join, replace);
  if (slot->kind == LogicalKind::kFilter) {
    auto& filter = static_cast<LogicalFilter&>(*slot);
    std::vector<ExpressionPtr> kept;
    for (auto& expression : filter.expressions) {
      std::vector<ExpressionPtr> conjuncts;
      SplitConjunction(std::move(expression), conjuncts);
      for (auto& c : conjuncts) {
        if (!to_join(*c, slot->children[0])) kept.push_back(std::move(c));
      }
    }
    if (kept.empty()) {
      slot = std::move(slot->children[0]);
      return;
    }
    filter.expressions = std::move(kept);
  }
  ReplaceInExpressions(slot, replace);
}

}  // namespace

void RewriteSubqueriesAsJoins(LogicalOperator& plan, const ConjunctToJoin& to_join,
                              const ReplaceWithJoins& replace) {
  for (auto& child : plan.children) RewriteSlot(child, to_join, replace);
  if (plan.kind == LogicalKind::kProjection) {
    for (auto& e : static_cast<LogicalProjection&>(plan).expressions) replace(e, plan.children[0]);
  }
}

}  // namespace teal
