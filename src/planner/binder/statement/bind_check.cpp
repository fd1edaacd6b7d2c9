// Binder: a CHECK constraint's condition and a generated column's expression, over the
// columns of their table (column i of the table is input column i), as INSERT and UPDATE
// compute them for each row they store.
#include <functional>
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
                                        std::string_view what, bool reads_generated) {
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
  if (reads_generated) return bound;
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

void Binder::BindGeneratedColumns(TableEntry& table,
                                  const std::vector<const ParsedExpression*>& expressions) {
  enum class State { kStored, kToBind, kBinding, kBound };
  std::vector<State> state(table.columns.size(), State::kStored);
  for (size_t c = 0; c < expressions.size(); c++) {
    if (expressions[c]) state[c] = State::kToBind;
  }
  // The generated columns a column reference may name: its last part (c, t.c) or its first
  // (c.field of a STRUCT).
  const auto generated_named = [&](const ParsedExpression& ref, std::vector<idx_t>& out) {
    for (idx_t g = 0; g < table.columns.size(); g++) {
      const std::string key = Catalog::Key(table.columns[g].name);
      if (state[g] != State::kStored && !ref.names.empty() &&
          (Catalog::Key(ref.names.back()) == key || Catalog::Key(ref.names.front()) == key)) {
        out.push_back(g);
      }
    }
  };
  const auto cycle = [&](idx_t c) {
    return BinderError(fmt::format(
        "generated column \"{}\" of table \"{}\" depends on itself (a cycle of generated "
        "columns)",
        table.columns[c].name, table.name));
  };
  std::function<void(idx_t)> bind = [&](idx_t c) {
    if (state[c] == State::kBound) return;
    if (state[c] == State::kBinding) throw cycle(c);
    state[c] = State::kBinding;
    // The generated columns it names first: their types, and their expressions to put in
    // their place.
    std::function<void(const ParsedExpression&)> visit = [&](const ParsedExpression& e) {
      if (e.kind == ExprKind::kColumnRef) {
        std::vector<idx_t> named;
        generated_named(e, named);
        for (idx_t g : named) {
          if (g != c) bind(g);
        }
      }
      for (const auto& child : e.children) visit(*child);
    };
    visit(*expressions[c]);
    ExpressionPtr bound =
        BindRowExpression(table, *expressions[c], "generated columns", /*reads_generated=*/true);
    std::function<ExpressionPtr(const Expression&)> inline_generated = [&](const Expression& e) {
      if (e.kind == BoundKind::kColumnRef && e.column < table.columns.size() &&
          state[e.column] != State::kStored) {
        bind(e.column);  // bound already, unless it is this one: a cycle
        return table.columns[e.column].generated->Copy();
      }
      ExpressionPtr copy = e.CopyNode();
      for (const auto& child : e.children) copy->children.push_back(inline_generated(*child));
      return copy;
    };
    bound = inline_generated(*bound);
    ColumnDefinition& column = table.columns[c];
    if (column.type.Id() == TypeId::kSqlNull) {
      column.type =
          bound->type.Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : bound->type;
    }
    if (!CastExists(bound->type, column.type)) {
      throw BinderError(fmt::format("generated column \"{}\" is {}, its expression {}", column.name,
                                    column.type.ToString(), bound->type.ToString()));
    }
    column.generated = std::shared_ptr<const Expression>(MakeCast(std::move(bound), column.type));
    state[c] = State::kBound;
  };
  for (size_t c = 0; c < expressions.size(); c++) {
    if (expressions[c]) bind(c);
  }
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
