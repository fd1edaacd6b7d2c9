// ExpressionExecutor: evaluates bound expressions a vector at a time.
//
// Results are flat vectors, or constant vectors when the expression reads no column.
// Errors (a cast that fails, ...) are thrown for the first bad row of the vector.
#pragma once

#include "planner/expression.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

class ExpressionExecutor {
 public:
  /// Evaluates `expression` over the rows of `input` into `result`, a vector of the
  /// expression's type with room for input.size() rows.
  static void Execute(const Expression& expression, const DataChunk& input, Vector& result);
  /// Evaluates the boolean `expression` and writes the positions of the rows for which
  /// it is true into `sel`. Returns how many there are.
  static idx_t Select(const Expression& expression, const DataChunk& input, SelectionVector& sel);
};

/// Whether a comparison whose operands compare as `c` (-1, 0, 1) holds under `op`.
inline bool ComparisonHolds(CompareOp op, int c) {
  switch (op) {
    case CompareOp::kEqual:
    case CompareOp::kNotDistinct:
      return c == 0;
    case CompareOp::kNotEqual:
    case CompareOp::kDistinct:
      return c != 0;
    case CompareOp::kLess:
      return c < 0;
    case CompareOp::kLessEqual:
      return c <= 0;
    case CompareOp::kGreater:
      return c > 0;
    case CompareOp::kGreaterEqual:
      return c >= 0;
  }
  return false;
}

/// -1, 0 or 1 comparing two non-NULL values of the same type (used where a vector loop
/// does not exist yet, e.g. LIST). Precondition: a.Type() == b.Type().
int CompareValues(const Value& a, const Value& b);

}  // namespace teal
