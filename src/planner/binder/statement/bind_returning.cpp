// Binder: INSERT/UPDATE/DELETE/MERGE … RETURNING.
#include "planner/binder/binder_internal.hpp"

namespace teal {

BoundStatement Binder::BindReturning(const std::vector<ParsedExpressionPtr>& items,
                                     const TableEntry& table, const std::string& alias,
                                     LogicalOperatorPtr plan, std::string_view extra) {
  Scope scope;
  scope.clause = "RETURNING";
  Binding binding;
  binding.alias = alias.empty() ? table.name : alias;
  for (const auto& column : table.columns) {
    binding.names.push_back(column.name);
    binding.types.push_back(column.type);
  }
  if (!extra.empty()) {
    binding.names.emplace_back(extra);
    binding.types.emplace_back(TypeId::kVarchar);
    binding.hidden = 1;
  } else if (plan->kind == LogicalKind::kDelete) {
    // DELETE gives each row's row id after its columns: rowid, unless a column is named so.
    binding.names.emplace_back(table.ColumnIndex(kRowIdName) == kInvalidIndex ? kRowIdName : "");
    binding.types.emplace_back(TypeId::kBigInt);
    binding.hidden = 1;
  }
  scope.bindings.push_back(std::move(binding));
  std::vector<ExpressionPtr> projections;
  std::vector<std::string> texts;
  for (const auto& item : items) {
    if (item->kind == ExprKind::kStar) {
      ExpandStar(*item, scope, projections, texts);
    } else {
      projections.push_back(BindSelectItem(*item, scope));
    }
  }
  BoundStatement bound;
  auto projection = std::make_unique<LogicalProjection>();
  for (auto& p : projections) {
    LogicalType type = ResolveNull(p->type);
    bound.names.push_back(p->alias);
    bound.types.push_back(type);
    projection->types.push_back(type);
    projection->expressions.push_back(MakeCast(std::move(p), type));
  }
  projection->children.push_back(std::move(plan));
  bound.plan = std::move(projection);
  bound.returning = true;
  return bound;
}

BoundStatement Binder::BindWriteResult(const std::vector<ParsedExpressionPtr>& items,
                                       const TableEntry& table, const std::string& alias,
                                       LogicalOperatorPtr write) {
  if (!items.empty()) {
    write->types = table.Types();
    if (write->kind == LogicalKind::kDelete) write->types.emplace_back(TypeId::kBigInt);  // rowid
    return BindReturning(items, table, alias, std::move(write));
  }
  write->types = {LogicalType(TypeId::kBigInt)};
  BoundStatement bound;
  bound.plan = std::move(write);
  bound.names = {"Count"};
  bound.types = {LogicalType(TypeId::kBigInt)};
  return bound;
}

}  // namespace teal
