// PhysicalUnnest: unnest() as a streaming, set-returning projection.
//
// For each input row it evaluates its list expressions and produces as many rows as the
// longest of those lists has elements (none when every one is NULL or empty): the input
// row's columns repeated, then one column per list holding its elements in order, NULL
// past the end of a shorter list (DuckDB's zipping of several unnests).
//
// One input row may make more rows than fit in a chunk, so output is produced a chunk at
// a time: Execute returns kHaveMoreOutput and is called again with the same input, and
// its state remembers the evaluated lists and the (row, element) to continue from.
// A repeated LIST column shares the input's element vector instead of copying a list
// once per output row.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

/// Rows sel[0..count) of `source`, for an operator that repeats input rows (unnest, a
/// lateral join). A constant stays one; a LIST's entries point into the source's element
/// vector, shared rather than copied.
Vector RepeatRows(const Vector& source, const SelectionVector& sel, idx_t count);

class PhysicalUnnest : public PhysicalOperator {
 public:
  /// `types`: those of the input `columns` it repeats, then the element type of each of
  /// `lists`.
  PhysicalUnnest(std::vector<LogicalType> types, std::vector<idx_t> columns,
                 std::vector<ExpressionPtr> lists)
      : PhysicalOperator(std::move(types)),
        columns_(std::move(columns)),
        lists_(std::move(lists)) {}
  std::string Name() const override { return "UNNEST"; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  std::vector<idx_t> columns_;
  std::vector<ExpressionPtr> lists_;
};

}  // namespace teal
