// Semi-join pushdown: `(A JOIN B) SEMI JOIN S ON f(A) = …` keeps a row of the join when its
// A part has a match in S, which is what `(A SEMI JOIN S) JOIN B` keeps too — and there
// S drops A's rows before they are joined, not after (TPC-H Q18: 60 orders of 1.5 million
// instead of 6 million joined rows). The same holds for anti joins (a row of the join
// lacks a match exactly when its A part does). Only deterministic conditions move.
//
// Below the join the semi join probes A's rows instead of the join's, and the join gets
// only the rows it keeps. That pays where the join repeats A's rows, or keeps about all
// of them (B a whole table), or drops more of them than the semi join would; not where
// B is filtered and the semi join keeps most rows (TPC-H Q21: it would probe 3.8 million
// lineitem rows instead of 72,000 joined ones). See Pays for the estimates.
//
// Then each left, semi or anti join chooses the side its hash table holds: the left side
// when it is estimated at fewer rows than the right side (TPC-H Q4: 57,000 orders instead
// of 3.8 million lineitem rows; Q21; Q13's left join: 150,000 customers instead of 1.5
// million orders).
#include <algorithm>

#include "optimizer/cardinality.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"
#include "storage/data_table.hpp"

namespace teal {

namespace {

/// Whether a row of side `side` of the inner join may meet several rows of the other side:
/// an equality of the condition compares it with a table column whose sampled distinct
/// values are fewer than half its rows. (Where each row meets at most one, the join has
/// no more rows than the side, and the semi join probes no fewer rows below it.)
bool MayRepeat(const LogicalJoin& join, int side) {
  if (!join.condition) return false;
  const idx_t left_width = join.children[0]->types.size();
  const LogicalOperator& other = *join.children[1 - side];
  std::vector<ExpressionPtr> conjuncts;
  SplitConjunction(join.condition->Copy(), conjuncts);
  for (const auto& c : conjuncts) {
    if (c->kind != BoundKind::kCompare || c->op != CompareOp::kEqual) continue;
    for (const auto& operand : c->children) {
      if (operand->kind != BoundKind::kColumnRef) continue;
      const bool on_left = operand->column < left_width;
      if (on_left != (side == 1)) continue;  // not a column of the other side
      idx_t column = on_left ? operand->column : operand->column - left_width;
      const LogicalGet* scan = TraceColumnToScan(other, column);
      if (!scan || scan->column_ids[column] == kRowIdColumn) continue;
      const DataTable& table = *scan->table->storage;
      if (2 * table.DistinctEstimate(scan->column_ids[column]) < table.RowCount()) return true;
    }
  }
  return false;
}

/// The fraction of its left rows the semi join `semi` keeps, estimated as the right
/// side's rows over the distinct values of the first left column its condition compares
/// with a right column (1 when there is none).
double SemiSelectivity(const LogicalJoin& semi) {
  idx_t left = 0, right = 0;
  if (!FirstKeyColumns(semi, left, right)) return 1.0;
  const double distinct = EstimateDistinct(*semi.children[0], left);
  return std::min(1.0, EstimateRows(*semi.children[1]) / std::max(distinct, 1.0));
}

/// Whether `semi` is better below the inner join `join`, on side `side`: where the join
/// repeats that side's rows, where the other side is a whole table (joined on a key, it
/// keeps about as many rows as the side has, and the semi join saves it the rest), or
/// where the semi join keeps no more of the rows than the other side's filters do. An
/// anti join's share is not estimated: it moves in the first two cases only.
bool Pays(const LogicalJoin& semi, const LogicalJoin& join, int side) {
  if (MayRepeat(join, side)) return true;
  const LogicalOperator* other = join.children[1 - side].get();
  while (other->kind == LogicalKind::kProjection) other = other->children[0].get();
  if (other->kind != LogicalKind::kGet) return false;
  const auto& get = static_cast<const LogicalGet&>(*other);
  if (get.filters.empty()) return true;
  if (semi.join_type != JoinType::kSemi) return false;
  const double kept_by_filters =
      EstimateRows(get) / std::max(1.0, static_cast<double>(get.table->storage->RowCount()));
  return SemiSelectivity(semi) <= kept_by_filters;
}

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
  if (!Pays(semi, join, side)) return;
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

/// Left, semi and anti joins whose left side is estimated at fewer rows than the right
/// side build their hash table from the left side (LogicalJoin::build_left).
void ChooseBuildSides(LogicalOperator& op) {
  for (auto& child : op.children) ChooseBuildSides(*child);
  if (op.kind != LogicalKind::kJoin) return;
  auto& join = static_cast<LogicalJoin&>(op);
  if (!IsSemiOrAnti(op) && join.join_type != JoinType::kLeft) return;
  // Only a hash join has a side to build; a nested-loop join keeps its left side streaming.
  join.build_left = HasHashKey(join.condition.get(), op.children[0]->types.size()) &&
                    EstimateRows(*op.children[0]) < EstimateRows(*op.children[1]);
}

}  // namespace

void PushSemiJoinsDown(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
  ChooseBuildSides(plan);
}

}  // namespace teal
