// Constant folding: an expression whose leaves are all constants (and whose functions
// are deterministic) is computed once at plan time instead of once per vector.
#include "execution/expression_executor.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

void Fold(ExpressionPtr& e) {
  if (e->kind == BoundKind::kConstant) return;
  if (e->IsFoldable() && IsDeterministic(*e)) {
    DataChunk one_row;
    one_row.SetCardinality(1);
    Vector result(e->type, 1);
    ExpressionExecutor::Execute(*e, one_row, result);
    std::string alias = e->alias;
    e = MakeConstant(result.GetValue(0));
    e->alias = std::move(alias);
    return;
  }
  for (auto& child : e->children) Fold(child);
}
}  // namespace

void FoldConstants(LogicalOperator& plan) { ForEachExpression(plan, Fold); }

}  // namespace teal
