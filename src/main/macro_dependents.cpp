// Macro dependents: a table's expressions, read back from their SQL text, searched for a
// call of the macro.
#include "main/macro_dependents.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/macro.hpp"
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
  // The macros that call `name`, directly or through others: a table calling one of them
  // binds `name` too.
  std::vector<std::string> callers = {std::string(name)};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& macro : catalog.Macros()) {
      if (macro->table) continue;
      if (std::find(callers.begin(), callers.end(), macro->name) != callers.end()) continue;
      const bool calls = std::any_of(callers.begin(), callers.end(), [&](const std::string& c) {
        return TextCalls(macro->body, Catalog::Key(c));
      });
      if (calls) {
        callers.push_back(macro->name);
        grew = true;
      }
    }
  }
  for (const auto& table : catalog.Tables()) {
    for (const std::string& caller : callers) {
      const std::string use = MacroUseIn(*table, caller);
      if (use.empty()) continue;
      const std::string through =
          caller == name ? std::string() : fmt::format(" through macro \"{}\"", caller);
      throw DependencyError(fmt::format(
          "Cannot {} entry \"{}\" because there are entries that depend on it: {} of table "
          "\"{}\" calls it{} ({} refused; drop or change the table's expression first)",
          what.starts_with("DROP") ? "drop" : "replace", name, use, table->name, through, what));
    }
  }
}

}  // namespace teal
