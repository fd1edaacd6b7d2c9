// Semi-join pushdown: `(A JOIN B) SEMI JOIN S ON f(A) = …` keeps a row of the join when its
// A part has a match in S, which is what `(A SEMI JOIN S) JOIN B` keeps too — and there
// S drops A's rows before they are joined, not after (TPC-H Q18: 60 orders of 1.5 million
// instead of 6 million joined rows). The same holds for anti joins (a row of the join
// lacks a match exactly when its A part does) and for a filter in between (it keeps
// or drops rows by their own values, and the semi join's output columns are its left
// side's). Only deterministic conditions move, and only past deterministic filters, so
// nothing is evaluated on other rows in a way anyone can see.
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

bool IsSemiOrAnti(const LogicalOperator& op) {
  if (op.kind != LogicalKind::kJoin) return false;
  const auto type = static_cast<const LogicalJoin&>(op).join_type;
  return type == JoinType::kSemi || type == JoinType::kAnti;
}

/// Moves the semi or anti join in `slot` down as far as it goes.
void Sink(LogicalOperatorPtr& slot) {
  auto& semi = static_cast<LogicalJoin&>(*slot);
  if (!semi.condition || !IsMovable(*semi.condition) || !semi.projection.empty()) return;
  LogicalOperatorPtr& left = slot->children[0];
  const idx_t left_width = left->types.size();
  if (left->kind == LogicalKind::kFilter) {
    // Filter(X) SEMI S == Filter(X SEMI S): the filter's columns are X's. Not past a filter
    // that calls nextval() or random(): it would run on other rows.
    for (const auto& e : static_cast<LogicalFilter&>(*left).expressions) {
      if (!IsMovable(*e)) return;
    }
    LogicalOperatorPtr filter = std::move(left);
    left = std::move(filter->children[0]);
    filter->children[0] = std::move(slot);
    slot = std::move(filter);
    Sink(slot->children[0]);
    return;
  }
  if (left->kind != LogicalKind::kJoin) return;
  auto& join = static_cast<LogicalJoin&>(*left);
  if (join.join_type != JoinType::kInner && join.join_type != JoinType::kCross) return;
  if (!join.projection.empty()) return;
  const idx_t a_width = join.children[0]->types.size();
  bool reads_a = false, reads_b = false;
  ForEachColumn(*semi.condition, [&](idx_t c) {
    if (c < a_width) reads_a = true;
    if (c >= a_width && c < left_width) reads_b = true;
  });
  if (reads_a == reads_b) return;  // both sides, or neither (then it is no key)
  const int side = reads_a ? 0 : 1;
  const idx_t offset = side == 0 ? 0 : a_width;  // of the side's columns in the join's row
  const idx_t side_width = join.children[side]->types.size();
  RemapColumns(*semi.condition,
               [&](idx_t c) { return c < left_width ? c - offset : c - left_width + side_width; });
  // slot: SEMI(JOIN(A, B), S) -> JOIN(…, SEMI(side, S), …)
  LogicalOperatorPtr inner = std::move(left);
  left = std::move(inner->children[side]);
  slot->types = left->types;
  inner->children[side] = std::move(slot);
  slot = std::move(inner);
  Sink(slot->children[side]);
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  if (IsSemiOrAnti(*slot)) Sink(slot);
}

}  // namespace

void PushSemiJoinsDown(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
}

}  // namespace teal
