// Constant folding: an expression whose leaves are all constants (and whose functions
// are deterministic) is computed once at plan time instead of once per vector.
#include <algorithm>

#include "common/stack.hpp"
#include "execution/expression_executor.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// Whether `e` is NULL whenever one of its operands is (so a NULL constant operand makes
/// it NULL without computing the others).
bool IsStrict(const Expression& e) {
  switch (e.kind) {
    case BoundKind::kCompare:
      return e.op != CompareOp::kDistinct && e.op != CompareOp::kNotDistinct;
    case BoundKind::kCast:
    case BoundKind::kNot:
      return true;
    case BoundKind::kFunction:
      return e.function->null_in_null_out;
    default:
      return false;
  }
}

bool IsNullConstant(const Expression& e) {
  return e.kind == BoundKind::kConstant && e.value.IsNull();
}

void Fold(ExpressionPtr& e) {
  if (e->kind == BoundKind::kConstant) return;
  CheckStackDepth("an expression");
  if (e->IsFoldable() && IsDeterministic(*e)) {
    try {
      std::string alias = e->alias;
      e = MakeConstant(ExpressionExecutor::EvaluateConstant(*e));
      e->alias = std::move(alias);
      return;
    } catch (const Error& error) {
      // An error is the answer only if the value is ever needed (COALESCE(14, 14 / 0) and
      // a CASE branch no row takes need it not): fold the parts that can be folded, and
      // let execution raise it where it is computed.
      if (error.Category() == ErrorCategory::kInternal ||
          error.Category() == ErrorCategory::kOutOfMemory) {
        throw;
      }
    }
  }
  for (auto& child : e->children) Fold(child);
  // PostgreSQL's rule for strict operators: NULL before the other operands are computed,
  // so `c * c * c > NULL` cannot overflow and `NULL = x / x` cannot divide by zero.
  if (IsStrict(*e) && std::any_of(e->children.begin(), e->children.end(),
                                  [](const ExpressionPtr& c) { return IsNullConstant(*c); })) {
    std::string alias = e->alias;
    e = MakeConstant(Value(e->type));
    e->alias = std::move(alias);
  }
}
}  // namespace

void FoldConstants(LogicalOperator& plan) { ForEachExpression(plan, Fold); }

}  // namespace teal
