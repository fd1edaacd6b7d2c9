// Binder: a CHECK constraint's condition, over the columns of its table (column i of the
// table is input column i), as INSERT and UPDATE compute it for each row they store.
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {
bool HasSubquery(const ParsedExpression& e) {
  if (e.kind == ExprKind::kSubquery) return true;
  for (const auto& child : e.children) {
    if (HasSubquery(*child)) return true;
  }
  return false;
}
}  // namespace

ExpressionPtr Binder::BindCheck(const TableEntry& table, const ParsedExpression& condition) {
  if (HasSubquery(condition)) {
    throw NotImplementedError(
        fmt::format("a subquery in a CHECK constraint ({})", condition.ToString()));
  }
  Scope scope;
  scope.clause = "CHECK constraints";
  Binding binding;
  binding.alias = table.name;
  for (const auto& column : table.columns) {
    binding.names.push_back(column.name);
    binding.types.push_back(column.type);
  }
  scope.bindings.push_back(std::move(binding));
  ExpressionPtr bound = BindBoolean(BindExpression(condition, scope), "a CHECK constraint");
  if (!IsDeterministic(*bound)) {
    throw NotImplementedError(
        fmt::format("a CHECK constraint that is not deterministic ({})", condition.ToString()));
  }
  return bound;
}

}  // namespace teal
