// ExpressionExecutor: evaluates bound expressions a vector at a time, into vectors kept in
// ExpressionState trees and reused chunk after chunk.
//
// Results are flat vectors, or constant vectors when the expression reads no column.
// Errors (a cast that fails, ...) are thrown for the first bad row of the vector.
#pragma once

#include <memory>
#include <vector>

#include "execution/expression_state.hpp"
#include "planner/expression.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

/// Evaluates a list of expressions chunk after chunk, keeping one ExpressionState tree per
/// expression so that the intermediate vectors are allocated once. Results are views of
/// the executor's vectors (or of the input's columns, or constants) that stay valid until
/// the executor evaluates that expression again — or longer, as long as the result vector
/// holds them (a later chunk then writes into fresh buffers). One per operator and thread.
class ExpressionExecutor {
 public:
  ExpressionExecutor() = default;
  explicit ExpressionExecutor(const Expression& expression) { Add(expression); }
  explicit ExpressionExecutor(const std::vector<ExpressionPtr>& expressions);
  ExpressionExecutor(ExpressionExecutor&&) noexcept = default;
  ExpressionExecutor& operator=(ExpressionExecutor&&) noexcept = default;
  ~ExpressionExecutor();

  /// Adds `expression` (which must outlive the executor); returns its index.
  idx_t Add(const Expression& expression);
  idx_t ExpressionCount() const { return states_.size(); }

  /// Evaluates expression `index` over the rows of `input`; `result` becomes a view of
  /// the value: flat, or constant when the expression reads no column.
  void Execute(const DataChunk& input, Vector& result, idx_t index = 0);
  /// As Execute, always flat; the vector is the executor's (or input's) and valid until
  /// the expression is evaluated again.
  const Vector& ExecuteFlat(const DataChunk& input, idx_t index = 0);
  /// Evaluates the boolean expression `index` and writes the positions of the rows for
  /// which it is true into `sel`. Returns how many there are.
  idx_t Select(const DataChunk& input, SelectionVector& sel, idx_t index = 0);
  /// As Select, over the rows sel[0 … count) alone (in order): keeps those for which the
  /// expression is true, in place, and returns how many.
  idx_t Refine(const DataChunk& input, sel_t* sel, idx_t count, idx_t index = 0);

  /// The value of an expression that reads no column (constant folding), computed over
  /// one row; throws what its evaluation throws.
  static Value EvaluateConstant(const Expression& expression);

 private:
  std::vector<ExpressionState> states_;
};

}  // namespace teal
