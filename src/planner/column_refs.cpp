// Walks over the column references of bound expressions.
#include "planner/column_refs.hpp"

#include "planner/binder.hpp"

namespace teal {

void ForEachColumn(const Expression& e, const std::function<void(idx_t)>& fn) {
  if (e.kind == BoundKind::kColumnRef) fn(e.column);
  for (const auto& child : e.children) ForEachColumn(*child, fn);
}

void RemapColumns(Expression& e, const std::function<idx_t(idx_t)>& map) {
  if (e.kind == BoundKind::kColumnRef) e.column = map(e.column);
  for (auto& child : e.children) RemapColumns(*child, map);
}

ColumnSide SideOf(const Expression& e, idx_t left_width) {
  bool left = false, right = false;
  ForEachColumn(e, [&](idx_t c) { (c < left_width ? left : right) = true; });
  if (left && right) return ColumnSide::kBoth;
  if (left) return ColumnSide::kLeft;
  return right ? ColumnSide::kRight : ColumnSide::kNone;
}

bool IsDeterministic(const Expression& e) {
  if (e.kind == BoundKind::kFunction && !e.function->deterministic) return false;
  if (e.kind == BoundKind::kSubquery && !PlanIsDeterministic(*e.subquery->plan)) return false;
  for (const auto& child : e.children) {
    if (!IsDeterministic(*child)) return false;
  }
  return true;
}

bool PlanIsDeterministic(const LogicalOperator& plan) {
  bool deterministic = true;
  // ForEachExpression hands out mutable pointers; nothing is changed here.
  ForEachExpression(const_cast<LogicalOperator&>(plan), [&](ExpressionPtr& e) {
    if (deterministic && !IsDeterministic(*e)) deterministic = false;
  });
  return deterministic;
}

bool IsMovable(const Expression& e) {
  if (e.kind == BoundKind::kAggregate) return false;
  for (const auto& child : e.children) {
    if (!IsMovable(*child)) return false;
  }
  return IsDeterministic(e);
}

bool ContainsKind(const Expression& e, BoundKind kind) {
  if (e.kind == kind) return true;
  for (const auto& child : e.children) {
    if (ContainsKind(*child, kind)) return true;
  }
  return false;
}

bool IsHashKey(const Expression& c, idx_t left_width) {
  if (c.kind != BoundKind::kCompare || c.op != CompareOp::kEqual ||
      c.children[0]->type != c.children[1]->type) {
    return false;
  }
  ColumnSide a = SideOf(*c.children[0], left_width);
  ColumnSide b = SideOf(*c.children[1], left_width);
  if (a == ColumnSide::kRight) std::swap(a, b);
  return (a == ColumnSide::kLeft || a == ColumnSide::kNone) && b == ColumnSide::kRight;
}

bool HasHashKey(const Expression* condition, idx_t left_width) {
  if (!condition) return false;
  if (condition->kind != BoundKind::kAnd) return IsHashKey(*condition, left_width);
  for (const auto& child : condition->children) {
    if (HasHashKey(child.get(), left_width)) return true;
  }
  return false;
}

bool PlanReadsOuter(LogicalOperator& plan) {
  bool found = false;
  // ForEachExpression visits the operators under `plan` too.
  ForEachExpression(
      plan, [&](ExpressionPtr& e) { found = found || ContainsKind(*e, BoundKind::kOuterRef); });
  return found;
}

void SplitConjunction(ExpressionPtr e, std::vector<ExpressionPtr>& out) {
  if (e->kind != BoundKind::kAnd) {
    out.push_back(std::move(e));
    return;
  }
  for (auto& child : e->children) SplitConjunction(std::move(child), out);
}

ExpressionPtr MakeConjunction(std::vector<ExpressionPtr> conjuncts) {
  if (conjuncts.empty()) return nullptr;
  if (conjuncts.size() == 1) return std::move(conjuncts[0]);
  auto all = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
  all->children = std::move(conjuncts);
  return all;
}

namespace {
/// TraceColumnToScan's and TraceStreamedColumn's walk: with `streamed`, only through a
/// join's probe side.
const LogicalGet* TraceColumn(const LogicalOperator& op, idx_t& column, bool streamed) {
  const LogicalOperator* at = &op;
  while (at->kind == LogicalKind::kFilter || at->kind == LogicalKind::kProjection ||
         at->kind == LogicalKind::kJoin) {
    if (at->kind == LogicalKind::kProjection) {
      const Expression& e = *static_cast<const LogicalProjection&>(*at).expressions[column];
      if (e.kind != BoundKind::kColumnRef) return nullptr;
      column = e.column;
    } else if (at->kind == LogicalKind::kJoin) {
      const auto& join = static_cast<const LogicalJoin&>(*at);
      if (!join.projection.empty()) column = join.projection[column];
      const idx_t left_width = at->children[0]->types.size();
      // The side a column comes from: the right one past the left's columns (a mark
      // join's last column is its own). Streamed: only the probe side — the left one, or
      // the right one of a join building its left side (of those only a left join
      // outputs the right side's columns).
      const bool right = column >= left_width;
      if (right && join.join_type == JoinType::kMark) return nullptr;
      // Rows removed below a positional join would shift every later pair.
      if (join.join_type == JoinType::kPositional) return nullptr;
      // A right or full ASOF JOIN outputs the right rows no left row took: removing left
      // rows early would add rows, not only remove them.
      if (streamed && join.join_type == JoinType::kAsOf &&
          (join.asof_kind == JoinType::kRight || join.asof_kind == JoinType::kFull)) {
        return nullptr;
      }
      const bool probe_side = join.build_left ? right && join.join_type == JoinType::kLeft : !right;
      if (streamed && !probe_side) return nullptr;
      if (right) {
        column -= left_width;
        at = at->children[1].get();
        continue;
      }
    }
    at = at->children[0].get();
  }
  return at->kind == LogicalKind::kGet ? static_cast<const LogicalGet*>(at) : nullptr;
}
}  // namespace

const LogicalGet* TraceColumnToScan(const LogicalOperator& op, idx_t& column) {
  return TraceColumn(op, column, false);
}

const LogicalGet* TraceStreamedColumn(const LogicalOperator& op, idx_t& column) {
  return TraceColumn(op, column, true);
}

}  // namespace teal
