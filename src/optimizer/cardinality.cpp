// The estimates of cardinality.hpp.
#include "optimizer/cardinality.hpp"

#include <algorithm>

#include "planner/column_refs.hpp"
#include "storage/data_table.hpp"

namespace teal {

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
    case LogicalKind::kUnnest:  // a guess: a few elements per list
      return 4 * EstimateRows(*op.children[0]);
    case LogicalKind::kJoin: {
      double left = EstimateRows(*op.children[0]), right = EstimateRows(*op.children[1]);
      const auto type = static_cast<const LogicalJoin&>(op).join_type;
      return type == JoinType::kInner || type == JoinType::kCross ? left * right
                                                                  : std::max(left, right);
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
