// Comparison of vectors row by row under a CompareOp, and three-way comparison of two
// Values. Shared by comparison expressions, functions (list_contains, nullif, min/max of
// any type), subqueries and sorting of LIST keys. The row loops are templated on the
// stored type and the operator (the comparators of value_compare.hpp), so they have no
// per-row dispatch.
#pragma once

#include "common/compare_op.hpp"
#include "teal/value.hpp"
#include "vector/vector.hpp"

namespace teal {

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

/// result[i] = left[i] op right[i] for the first `count` rows of two flat vectors of the
/// same type; NULL where either side is NULL, except for IS [NOT] DISTINCT FROM.
/// `result` is a flat BOOLEAN vector of `count` rows, all valid on entry.
void CompareVectors(CompareOp op, const Vector& left, const Vector& right, Vector& result,
                    idx_t count);

/// -1, 0 or 1 comparing two non-NULL values of the same type (used where a vector loop
/// does not exist yet, e.g. LIST). Precondition: a.Type() == b.Type().
int CompareValues(const Value& a, const Value& b);

}  // namespace teal
