// CompareOp: the six comparisons and IS [NOT] DISTINCT FROM. Bound comparison expressions
// carry one; vector comparison (vector/vector_compare.hpp), the optimizer and the join and
// index operators read it.
#pragma once

namespace teal {

enum class CompareOp {
  kEqual,
  kNotEqual,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kDistinct,
  kNotDistinct
};

/// `op` with its operands swapped (a op b == b Flip(op) a).
constexpr CompareOp Flip(CompareOp op) {
  switch (op) {
    case CompareOp::kLess:
      return CompareOp::kGreater;
    case CompareOp::kLessEqual:
      return CompareOp::kGreaterEqual;
    case CompareOp::kGreater:
      return CompareOp::kLess;
    case CompareOp::kGreaterEqual:
      return CompareOp::kLessEqual;
    default:
      return op;
  }
}

}  // namespace teal
