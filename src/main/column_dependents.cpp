#include "main/column_dependents.hpp"

#include <fmt/format.h>

#include "function/implicit_cast.hpp"
#include "parser/parser.hpp"
#include "parser/statements.hpp"
#include "planner/expression.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// Whether bound `e` reads column `column` of its row.
bool Reads(const Expression& e, idx_t column) {
  if (e.kind == BoundKind::kColumnRef && e.column == column) return true;
  for (const auto& child : e.children) {
    if (Reads(*child, column)) return true;
  }
  return false;
}

/// The one expression of `text` (a CHECK's condition or a generated column's value).
ParsedExpressionPtr ParseExpressionText(const std::string& text, idx_t max_depth) {
  auto parsed = ParseSql("SELECT " + text, max_depth);
  auto* select = parsed.size() == 1 && parsed[0]->type == StatementType::kSelect
                     ? static_cast<SelectStatement*>(parsed[0].get())
                     : nullptr;
  if (!select || select->select_list.size() != 1) {
    throw InternalError(fmt::format("a stored expression does not parse back: {}", text));
  }
  return std::move(select->select_list[0]);
}

/// Whether parsed `e` names column `column` (unqualified or qualified by `table`, or as the
/// STRUCT whose field it reads).
bool Names(const ParsedExpression& e, const std::string& table, const std::string& column) {
  if (e.kind == ExprKind::kColumnRef && !e.names.empty() &&
      ((Catalog::Key(e.names.back()) == Catalog::Key(column) &&
        (e.names.size() == 1 ||
         Catalog::Key(e.names[e.names.size() - 2]) == Catalog::Key(table))) ||
       Catalog::Key(e.names.front()) == Catalog::Key(column))) {
    return true;
  }
  for (const auto& child : e.children) {
    if (Names(*child, table, column)) return true;
  }
  return false;
}

/// Renames the references to column `from` (unqualified or qualified by `table`) in `e`.
void RenameColumn(ParsedExpression& e, const std::string& table, const std::string& from,
                  const std::string& to) {
  if (e.kind == ExprKind::kColumnRef && !e.names.empty() &&
      Catalog::Key(e.names.back()) == Catalog::Key(from) &&
      (e.names.size() == 1 || Catalog::Key(e.names[e.names.size() - 2]) == Catalog::Key(table))) {
    e.names.back() = to;
  }
  for (auto& child : e.children) RenameColumn(*child, table, from, to);
  if (e.filter) RenameColumn(*e.filter, table, from, to);
}

}  // namespace

bool HasColumnDependents(const TableEntry& table) {
  if (!table.checks.empty()) return true;
  for (const auto& column : table.columns) {
    if (column.generated) return true;
  }
  return false;
}

bool ChecksRead(const TableEntry& table, idx_t column) {
  for (const auto& check : table.checks) {
    if (check.condition && Reads(*check.condition, column)) return true;
  }
  return false;
}

void RebindColumnDependents(Binder& binder, const TableEntry& before, TableEntry& after,
                            const ColumnChange& change, idx_t max_depth) {
  const std::string& changed = before.columns[change.column].name;
  // The text with the rename written in, parsed.
  auto reparse = [&](const std::string& text) {
    ParsedExpressionPtr e = ParseExpressionText(text, max_depth);
    if (change.kind == ColumnChange::Kind::kRename) {
      RenameColumn(*e, before.name, changed, change.new_name);
    }
    return e;
  };
  // Generated columns first: a CHECK may not read them, but their types must be settled.
  // `after`'s column c is `before`'s column c, or c + 1 past a dropped one.
  std::vector<ParsedExpressionPtr> generated(after.columns.size());
  for (idx_t c = 0; c < after.columns.size(); c++) {
    ColumnDefinition& column = after.columns[c];
    if (!column.generated) continue;
    const idx_t was = change.kind == ColumnChange::Kind::kDrop && c >= change.column ? c + 1 : c;
    // Its bound expression reads the stored columns under the generated ones it names.
    const bool reads =
        Reads(*before.columns[was].generated, change.column) ||
        Names(*ParseExpressionText(column.generated_text, max_depth), before.name, changed);
    if (change.kind == ColumnChange::Kind::kDrop && reads) {
      throw CatalogError(fmt::format(
          "Cannot drop column \"{}\" of table \"{}\": the column is a dependency of generated "
          "column \"{}\" (drop that column first)",
          changed, before.name, column.name));
    }
    if (change.kind == ColumnChange::Kind::kType && (reads || was == change.column)) {
      throw BinderError(fmt::format(
          "cannot change the type of column \"{}\" of table \"{}\": {}", changed, before.name,
          was == change.column
              ? "it is a generated column (changing generated columns in alter statements is not "
                "supported: drop and add it)"
              : fmt::format("generated column \"{}\" uses it", column.name)));
    }
    generated[c] = reparse(column.generated_text);
    column.generated_text = generated[c]->ToString();
  }
  std::vector<const ParsedExpression*> expressions;
  for (const auto& e : generated) expressions.push_back(e.get());
  binder.BindGeneratedColumns(after, expressions);
  after.checks.clear();
  for (const CheckConstraint& check : before.checks) {
    const bool reads = check.condition && Reads(*check.condition, change.column);
    if (change.kind == ColumnChange::Kind::kDrop && reads) continue;  // goes with the column
    CheckConstraint kept = check;
    if (reads || change.kind == ColumnChange::Kind::kDrop) {
      ParsedExpressionPtr e = reparse(check.text);
      try {
        kept.condition = binder.BindCheck(after, *e);
      } catch (const BinderError& error) {
        throw BinderError(
            fmt::format("cannot {} column \"{}\" of table \"{}\": CHECK {} no "
                        "longer applies: {}",
                        change.kind == ColumnChange::Kind::kType   ? "change the type of"
                        : change.kind == ColumnChange::Kind::kDrop ? "drop"
                                                                   : "rename",
                        changed, before.name, check.text, error.what()));
      }
      kept.text = e->ToString();
    }
    after.checks.push_back(std::move(kept));
  }
}

}  // namespace teal
