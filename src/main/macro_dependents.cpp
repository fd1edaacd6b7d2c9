// Macro dependents: a table's expressions, read back from their SQL text, searched for a
// call of the macro.
#include "main/macro_dependents.hpp"

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "parser/parser.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

bool Calls(const ParsedExpression& e, const std::string& key) {
  if (e.kind == ExprKind::kFunction && Catalog::Key(e.name) == key) return true;
  for (const auto& child : e.children) {
    if (Calls(*child, key)) return true;
  }
  return e.filter && Calls(*e.filter, key);
}

/// Whether the expression `text` calls `key`. Text that no longer parses on its own (it
/// did inside its CREATE TABLE) is searched as a whole word followed by '(' instead.
bool TextCalls(const std::string& text, const std::string& key) {
  if (text.empty()) return false;
  try {
    auto statements = ParseSql("SELECT " + text);
    if (statements.size() == 1) {
      if (const auto* select = dynamic_cast<const SelectStatement*>(statements[0].get())) {
        for (const auto& item : select->select_list) {
          if (Calls(*item, key)) return true;
        }
        return false;
      }
    }
  } catch (const Error&) {
  }
  const std::string lower = Catalog::Key(text);
  for (size_t at = lower.find(key); at != std::string::npos; at = lower.find(key, at + 1)) {
    const bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>(lower[at - 1])) ||
                                     lower[at - 1] == '_');
    size_t after = at + key.size();
    while (after < lower.size() && lower[after] == ' ') after++;
    if (starts && after < lower.size() && lower[after] == '(') return true;
  }
  return false;
}

}  // namespace

std::string MacroUseIn(const TableEntry& table, std::string_view name) {
  const std::string key = Catalog::Key(name);
  for (const ColumnDefinition& column : table.columns) {
    if (TextCalls(column.default_text, key) || TextCalls(column.generated_text, key)) {
      return fmt::format("column \"{}\"", column.name);
    }
  }
  for (const CheckConstraint& check : table.checks) {
    if (TextCalls(check.text, key)) return fmt::format("the CHECK ({})", check.text);
  }
  return {};
}

void RefuseMacroInUse(const Catalog& catalog, std::string_view name, std::string_view what) {
  for (const auto& table : catalog.Tables()) {
    const std::string use = MacroUseIn(*table, name);
    if (use.empty()) continue;
    throw DependencyError(fmt::format(
        "Cannot {} entry \"{}\" because there are entries that depend on it: {} of table "
        "\"{}\" calls it ({} refused; drop or change the table's expression first)",
        what.starts_with("DROP") ? "drop" : "replace", name, use, table->name, what));
  }
}

}  // namespace teal
