// The logical plan: what a query computes, as a tree of relational operators.
// The binder builds it; the physical planner turns it into executable operators.
#pragma once

#include <memory>
#include <vector>

#include "catalog/catalog.hpp"
#include "planner/expression.hpp"

namespace teal {

enum class LogicalKind {
  kGet,
  kDummyScan,
  kValues,
  kFilter,
  kProjection,
  kAggregate,
  kLimit,
  kInsert
};

struct LogicalOperator {
  explicit LogicalOperator(LogicalKind k) : kind(k) {}
  virtual ~LogicalOperator() = default;
  LogicalKind kind;
  std::vector<LogicalType> types;  // of the rows it produces
  std::vector<std::unique_ptr<LogicalOperator>> children;
};

using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

/// Scan of a base table: produces the columns `column_ids` of `table`.
struct LogicalGet : LogicalOperator {
  LogicalGet() : LogicalOperator(LogicalKind::kGet) {}
  std::shared_ptr<TableEntry> table;
  std::vector<idx_t> column_ids;
};

/// One row with no columns (SELECT without FROM).
struct LogicalDummyScan : LogicalOperator {
  LogicalDummyScan() : LogicalOperator(LogicalKind::kDummyScan) {}
};

/// Rows given as expression lists (VALUES).
struct LogicalValues : LogicalOperator {
  LogicalValues() : LogicalOperator(LogicalKind::kValues) {}
  std::vector<std::vector<ExpressionPtr>> rows;
};

/// Keeps the rows for which every expression is true.
struct LogicalFilter : LogicalOperator {
  LogicalFilter() : LogicalOperator(LogicalKind::kFilter) {}
  std::vector<ExpressionPtr> expressions;
};

struct LogicalProjection : LogicalOperator {
  LogicalProjection() : LogicalOperator(LogicalKind::kProjection) {}
  std::vector<ExpressionPtr> expressions;
};

/// Ungrouped aggregation: one output row with one column per aggregate.
struct LogicalAggregate : LogicalOperator {
  LogicalAggregate() : LogicalOperator(LogicalKind::kAggregate) {}
  std::vector<ExpressionPtr> aggregates;
};

struct LogicalLimit : LogicalOperator {
  LogicalLimit() : LogicalOperator(LogicalKind::kLimit) {}
  idx_t limit = kInvalidIndex;  // kInvalidIndex: no limit
  idx_t offset = 0;
};

/// Appends the child's rows to `table`. The child produces one column per entry of
/// `column_map` with a non-invalid index; other table columns get `defaults[i]`.
struct LogicalInsert : LogicalOperator {
  LogicalInsert() : LogicalOperator(LogicalKind::kInsert) {}
  std::shared_ptr<TableEntry> table;
  std::vector<idx_t> column_map;  // table column -> child column, or kInvalidIndex
  std::vector<Value> defaults;    // table column -> value when not supplied
};

}  // namespace teal
