// LIMIT 0 reads nothing: the input of a LIMIT 0 is replaced by an empty VALUES of its
// types, so no expression below it is computed for rows nobody sees (SELECT 1 / a FROM t
// LIMIT 0 is no rows, as in PostgreSQL and DuckDB, not a division by zero).
#include "optimizer/optimizer.hpp"

namespace teal {

void EmptyZeroLimits(LogicalOperator& plan) {
  if (plan.kind == LogicalKind::kLimit && static_cast<LogicalLimit&>(plan).limit == 0) {
    auto empty = std::make_unique<LogicalValues>();
    empty->types = plan.children[0]->types;
    plan.children[0] = std::move(empty);
    return;
  }
  for (auto& child : plan.children) EmptyZeroLimits(*child);
}

}  // namespace teal
