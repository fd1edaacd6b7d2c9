// Parts of a plan that give no rows read nothing. LIMIT 0, and a filter that is never true
// (WHERE false, WHERE NULL, WHERE 1 = 0 once folded), become an empty VALUES of their types
// ("EMPTY_RESULT" in EXPLAIN), and the operators above that give no rows without input
// rows do too: a projection, an ORDER BY, a grouped aggregate, an inner / semi / cross join
// with an empty side, an anti join with an empty left side (one with an empty right side
// is its left side). So no expression below is computed for rows nobody sees (SELECT 1 / a
// FROM t LIMIT 0 is no rows, as in PostgreSQL and DuckDB, not a division by zero), and a
// join does not read its other side for nothing.
#include "optimizer/optimizer.hpp"

namespace teal {

namespace {

bool IsEmpty(const LogicalOperator& op) {
  return op.kind == LogicalKind::kValues && static_cast<const LogicalValues&>(op).rows.empty();
}

LogicalOperatorPtr EmptyOf(const LogicalOperator& op) {
  auto empty = std::make_unique<LogicalValues>();
  empty->types = op.types;
  return empty;
}

bool NeverTrue(const LogicalFilter& filter) {
  for (const auto& e : filter.expressions) {
    if (e->kind == BoundKind::kConstant && (e->value.IsNull() || !e->value.GetStored<bool>())) {
      return true;
    }
  }
  return false;
}

/// Whether `join` gives no rows when one of its sides named by `left_empty` /
/// `right_empty` has none.
bool JoinIsEmpty(const LogicalJoin& join, bool left_empty, bool right_empty) {
  switch (join.join_type) {
    case JoinType::kInner:
    case JoinType::kCross:
    case JoinType::kSemi:
      return left_empty || right_empty;
    case JoinType::kLeft:
    case JoinType::kAnti:
    case JoinType::kMark:
    case JoinType::kAsOf:
      return left_empty;
    case JoinType::kRight:
      return right_empty;
    case JoinType::kFull:
    case JoinType::kPositional:
      return left_empty && right_empty;
  }
  return false;
}

/// Whether `op` gives no rows, its children's emptiness already known.
bool GivesNothing(const LogicalOperator& op) {
  const bool child_empty = !op.children.empty() && IsEmpty(*op.children[0]);
  switch (op.kind) {
    case LogicalKind::kLimit:
      return child_empty || static_cast<const LogicalLimit&>(op).limit == 0;
    case LogicalKind::kFilter:
      return child_empty || NeverTrue(static_cast<const LogicalFilter&>(op));
    case LogicalKind::kProjection:
    case LogicalKind::kOrder:
    case LogicalKind::kTopN:
    case LogicalKind::kDistinctOn:
    case LogicalKind::kWindow:
      return child_empty;
    case LogicalKind::kAggregate:
      // Without groups an aggregate gives its one row even of no rows (count is 0).
      return child_empty && !static_cast<const LogicalAggregate&>(op).groups.empty();
    case LogicalKind::kJoin:
      return JoinIsEmpty(static_cast<const LogicalJoin&>(op), child_empty,
                         IsEmpty(*op.children[1]));
    default:
      return false;
  }
}

void Empty(LogicalOperatorPtr& plan) {
  for (auto& child : plan->children) Empty(child);
  if (GivesNothing(*plan)) {
    plan = EmptyOf(*plan);
    return;
  }
  if (plan->kind == LogicalKind::kJoin) {
    const auto& join = static_cast<const LogicalJoin&>(*plan);
    if (join.join_type == JoinType::kAnti && IsEmpty(*plan->children[1]) &&
        join.projection.empty() && plan->types == plan->children[0]->types) {
      LogicalOperatorPtr left = std::move(plan->children[0]);
      plan = std::move(left);  // no right row to rule a left one out
    }
  }
}

}  // namespace

void EmptyParts(LogicalOperator& root) {
  for (auto& child : root.children) Empty(child);
  // The root stays (its kind is the statement's); what it reads becomes empty.
  if (GivesNothing(root)) {
    for (auto& child : root.children) child = EmptyOf(*child);
  }
}

}  // namespace teal
