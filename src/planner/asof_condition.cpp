// SplitAsOfCondition: which conjunct of an ASOF JOIN's condition is which.
#include "planner/asof_condition.hpp"

#include <fmt/format.h>

#include "planner/column_refs.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

bool IsInequality(CompareOp op) {
  return op == CompareOp::kLess || op == CompareOp::kLessEqual || op == CompareOp::kGreater ||
         op == CompareOp::kGreaterEqual;
}

}  // namespace

AsOfCondition SplitAsOfCondition(const Expression& condition, idx_t left_width) {
  std::vector<ExpressionPtr> conjuncts, rest;
  SplitConjunction(condition.Copy(), conjuncts);
  AsOfCondition parts;
  for (auto& c : conjuncts) {
    const bool key_or_inequality =
        c->kind == BoundKind::kCompare &&
        (c->op == CompareOp::kEqual || c->op == CompareOp::kNotDistinct || IsInequality(c->op));
    const ColumnSide a =
        key_or_inequality ? SideOf(*c->children[0], left_width) : ColumnSide::kBoth;
    const ColumnSide b =
        key_or_inequality ? SideOf(*c->children[1], left_width) : ColumnSide::kBoth;
    const bool straight = a == ColumnSide::kLeft && b == ColumnSide::kRight;
    const bool crossed = a == ColumnSide::kRight && b == ColumnSide::kLeft;
    if (!straight && !crossed) {
      rest.push_back(std::move(c));
      continue;
    }
    ExpressionPtr left = std::move(c->children[straight ? 0 : 1]);
    ExpressionPtr right = std::move(c->children[straight ? 1 : 0]);
    RemapColumns(*right, [&](idx_t col) { return col - left_width; });
    if (!IsInequality(c->op)) {
      parts.left_keys.push_back(std::move(left));
      parts.right_keys.push_back(std::move(right));
      parts.null_equal.push_back(c->op == CompareOp::kNotDistinct);
      continue;
    }
    if (parts.left_value) throw BinderError("Multiple ASOF JOIN inequalities");
    parts.left_value = std::move(left);
    parts.right_value = std::move(right);
    parts.op = straight ? c->op : Flip(c->op);
  }
  if (!parts.left_value) throw BinderError("Missing ASOF JOIN inequality");
  parts.residual = MakeConjunction(std::move(rest));
  return parts;
}

}  // namespace teal
