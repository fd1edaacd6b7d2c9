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

}  // namespace teal
