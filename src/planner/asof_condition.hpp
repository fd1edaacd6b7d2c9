// The condition of an ASOF JOIN taken apart: equality keys, and the one inequality that
// picks, for each left row, the nearest right row. The binder checks a condition with it,
// the physical planner builds the join from it.
#pragma once

#include <vector>

#include "common/compare_op.hpp"
#include "planner/expression.hpp"

namespace teal {

struct AsOfCondition {
  /// Equality keys: left_keys[i] over the left input, right_keys[i] over the right
  /// input (its own columns), of one type.
  std::vector<ExpressionPtr> left_keys, right_keys;
  /// Per key: written IS NOT DISTINCT FROM, so NULL matches NULL (else NULL matches nothing).
  std::vector<bool> null_equal;
  /// left_value op right_value, op one of >=, >, <=, < (written either way round, it is
  /// turned so that the left input's side comes first), of one type.
  ExpressionPtr left_value, right_value;
  CompareOp op = CompareOp::kGreaterEqual;
  /// The other conjuncts (over the joined row), null when there are none: the join takes
  /// the nearest right row for which they hold too.
  ExpressionPtr residual;
};

/// Splits `condition` (over the joined row: the left input's `left_width` columns, then
/// the right input's): the inequality between the sides is the ASOF one, the equalities
/// (and IS NOT DISTINCT FROMs) between the sides are keys, the rest is the residual.
/// Throws BinderError without such an inequality or with more than one (DuckDB's rules).
AsOfCondition SplitAsOfCondition(const Expression& condition, idx_t left_width);

}  // namespace teal
