// The estimates of cardinality.hpp. An inner join keeps 1 / max(distinct a, distinct b)
// of its pairs for a key a = b (the join order rule's own formula); semi and anti joins
// keep their left side's estimate.
#include "optimizer/cardinality.hpp"

#include <algorithm>

#include "planner/column_refs.hpp"
#include "storage/data_table.hpp"

namespace teal {

namespace {

/// The share of a join's pairs its condition keeps: 1 / max(distinct a, distinct b) for
/// its first equality a = b of a left and a right column (1 without one).
double KeySelectivity(const LogicalJoin& join) {
  idx_t l = 0, r = 0;
  if (!FirstKeyColumns(join, l, r)) return 1.0;
  const double distinct =
      std::max(EstimateDistinct(*join.children[0], l), EstimateDistinct(*join.children[1], r));
  return 1.0 / std::max(distinct, 1.0);
}

}  // namespace

bool FirstKeyColumns(const LogicalJoin& join, idx_t& left, idx_t& right) {
  if (!join.condition) return false;
  const idx_t left_width = join.children[0]->types.size();
  std::vector<ExpressionPtr> conjuncts;
  SplitConjunction(join.condition->Copy(), conjuncts);
  for (const auto& c : conjuncts) {
    if (c->kind != BoundKind::kCompare || c->op != CompareOp::kEqual) continue;
    const Expression& a = *c->children[0];
    const Expression& b = *c->children[1];
    if (a.kind != BoundKind::kColumnRef || b.kind != BoundKind::kColumnRef) continue;
    if ((a.column < left_width) == (b.column < left_width)) continue;
    left = std::min(a.column, b.column);
    right = std::max(a.column, b.column) - left_width;
    return true;
  }
  return false;
}

double EstimateRows(const LogicalOperator& op) {
  switch (op.kind) {
    case LogicalKind::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      double rows = static_cast<double>(get.table->storage->RowCount());
      return get.filters.empty() ? rows : std::max(1.0, rows / 5);
    }
    case LogicalKind::kFilter:
      return std::max(1.0, EstimateRows(*op.children[0]) / 5);
    case LogicalKind::kProjection:
    case LogicalKind::kOrder:
    case LogicalKind::kDistinctOn:
    case LogicalKind::kWindow:
      return EstimateRows(*op.children[0]);
    case LogicalKind::kAggregate:
      return static_cast<const LogicalAggregate&>(op).groups.empty()
                 ? 1.0
                 : std::max(1.0, EstimateRows(*op.children[0]) / 2);
    case LogicalKind::kLimit: {
      const auto& limit = static_cast<const LogicalLimit&>(op);
      double child = EstimateRows(*op.children[0]);
      return limit.limit == kInvalidIndex ? child
                                          : std::min(child, static_cast<double>(limit.limit));
    }
    case LogicalKind::kValues:
      return static_cast<double>(static_cast<const LogicalValues&>(op).rows.size());
    case LogicalKind::kRange:
      return static_cast<double>(static_cast<const LogicalRange&>(op).count);
    case LogicalKind::kDummyScan:
      return 1;
    case LogicalKind::kCsvScan: {
      // A guess from the files' sizes: about 64 bytes a row.
      const auto& scan = static_cast<const LogicalCsvScan&>(op);
      return std::max(1.0, static_cast<double>(scan.data->total_bytes) / 64);
    }
    case LogicalKind::kCteScan: {
      const auto& scan = static_cast<const LogicalCteScan&>(op);
      return scan.children.empty() ? EstimateRows(*scan.cte->plan)
                                   : EstimateRows(*scan.children[0]);
    }
    case LogicalKind::kUnnest:       // a guess: a few elements per list
    case LogicalKind::kLateralJoin:  // and a few rows per run
      return 4 * EstimateRows(*op.children[0]);
    case LogicalKind::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      const double left = EstimateRows(*op.children[0]);
      const double right = EstimateRows(*op.children[1]);
      switch (join.join_type) {
        case JoinType::kInner:
        case JoinType::kCross:
          return left * right * KeySelectivity(join);
        case JoinType::kSemi:
        case JoinType::kAnti:
        case JoinType::kMark:
          return left;
        default:
          return std::max(left, right);
      }
    }
    default:
      return 1000;
  }
}

double EstimateDistinct(const LogicalOperator& op, idx_t column) {
  const LogicalGet* scan = TraceColumnToScan(op, column);
  if (!scan) return EstimateRows(op);
  const idx_t id = scan->column_ids[column];
  if (id == kRowIdColumn) return EstimateRows(op);
  return static_cast<double>(scan->table->storage->DistinctEstimate(id));
}

}  // namespace teal
