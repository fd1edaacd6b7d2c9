// Binder: a CHECK constraint's condition and a generated column's expression, over the
// columns of their table (column i of the table is input column i), as INSERT and UPDATE
// compute them for each row they store.
#include <utility>

#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"
#include "vector/vector_cast.hpp"

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
  return BindBoolean(BindRowExpression(table, condition, "CHECK constraints"),
                     "a CHECK constraint");
}

ExpressionPtr Binder::BindRowExpression(const TableEntry& table, const ParsedExpression& condition,
                                        std::string_view what) {
  if (HasSubquery(condition)) {
    throw NotImplementedError(fmt::format("a subquery in {} ({})", what, condition.ToString()));
  }
  Scope scope;
  scope.clause = std::string(what);
  Binding binding;
  binding.alias = table.name;
  for (const auto& column : table.columns) {
    binding.names.push_back(column.name);
    binding.types.push_back(column.type);
  }
  scope.bindings.push_back(std::move(binding));
  const bool read_time_before = std::exchange(reads_transaction_time_, false);
  ExpressionPtr bound = BindExpression(condition, scope);
  // now() is bound as the time of this statement's transaction: a row of a later one would
  // be checked against (or computed from) the CREATE TABLE's time.
  if (!IsDeterministic(*bound) || reads_transaction_time_) {
    throw NotImplementedError(
        fmt::format("{} that are not deterministic ({})", what, condition.ToString()));
  }
  reads_transaction_time_ = read_time_before;
  // Computed before a row is stored, from its stored columns: not from generated ones.
  ForEachColumn(*bound, [&](idx_t c) {
    if (c < table.columns.size() && !table.columns[c].generated_text.empty()) {
      // DuckDB's words first for a constraint.
      const bool constraint = what.starts_with("CHECK");
      throw BinderError(fmt::format("{}{} cannot read the generated column \"{}\" ({})",
                                    constraint ? "Constraints on generated columns are not "
                                                 "supported yet: "
                                               : "",
                                    what, table.columns[c].name, condition.ToString()));
    }
  });
  return bound;
}

std::optional<Value> Binder::BindDefaultValue(const ParsedExpression& expression,
                                              const LogicalType& type) {
  Scope scope;
  scope.clause = "DEFAULT";
  const bool read_time_before = std::exchange(reads_transaction_time_, false);
  const bool needed_before = needs_parameter_values_;
  ExpressionPtr bound = BindExpression(expression, scope);
  const bool per_row = !IsDeterministic(*bound) || reads_transaction_time_;
  reads_transaction_time_ = read_time_before;
  needs_parameter_values_ = needed_before;
  if (!per_row) return BindConstant(expression, type, "DEFAULT");
  if (!CastExists(bound->type, type)) {
    throw BinderError(fmt::format("DEFAULT {} is of type {}, which does not convert to {}",
                                  expression.ToString(), bound->type.ToString(), type.ToString()));
  }
  return std::nullopt;
}

}  // namespace teal
