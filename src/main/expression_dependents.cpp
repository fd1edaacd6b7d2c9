// Expression dependents: a table's expressions, read back from their SQL text, searched for
// a call of the macro or a use of the type.
#include "main/expression_dependents.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/macro.hpp"
#include "parser/parser.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// The macro or type a use is looked for: its name and schema ("" for main) as keys.
struct ObjectKey {
  std::string schema, name;
  explicit ObjectKey(std::string_view filed) {
    auto [in_schema, local] = SplitFiledName(filed);
    schema = Catalog::Key(in_schema);
    name = Catalog::Key(local);
  }
  /// Whether a name written with the schema `written` ("" for none) may be this object's:
  /// without a schema the search path may resolve it to this one.
  bool MayBe(std::string_view written, std::string_view name_written) const {
    if (Catalog::Key(name_written) != name) return false;
    if (written.empty()) return true;
    // "db.s" names s of the database db: the last part is the schema.
    const size_t dot = written.rfind('.');
    const std::string key =
        Catalog::Key(dot == std::string_view::npos ? written : written.substr(dot + 1));
    return key == schema || (schema.empty() && key == kMainSchemaName);
  }
};

using NodeTest = std::function<bool(const ParsedExpression&)>;

bool Has(const SelectStatement& select, const NodeTest& test);

bool Has(const ParsedExpression* e, const NodeTest& test) {
  if (!e) return false;
  if (test(*e)) return true;
  for (const auto& child : e->children) {
    if (Has(child.get(), test)) return true;
  }
  return Has(e->filter.get(), test) || (e->subquery && Has(*e->subquery, test));
}

bool Has(const TableRef* ref, const NodeTest& test) {
  return ref && (Has(ref->left.get(), test) || Has(ref->right.get(), test) ||
                 Has(ref->condition.get(), test) || Has(ref->function.get(), test) ||
                 (ref->subquery && Has(*ref->subquery, test)));
}

/// Whether a query, or one in it, has a node `test` accepts (a macro's call in FROM is
/// its table function).
bool Has(const SelectStatement& select, const NodeTest& test) {
  const auto any = [&](const auto& list) {
    return std::any_of(list.begin(), list.end(), [&](const auto& e) { return Has(e.get(), test); });
  };
  if ((select.set_left && Has(*select.set_left, test)) ||
      (select.set_right && Has(*select.set_right, test))) {
    return true;
  }
  for (const auto& cte : select.ctes) {
    if (Has(*cte.query, test)) return true;
  }
  for (const auto& order : select.order_by) {
    if (Has(order.expression.get(), test)) return true;
  }
  for (const auto& row : select.values) {
    if (any(row)) return true;
  }
  return any(select.select_list) || any(select.group_by) || Has(select.from.get(), test) ||
         Has(select.where.get(), test) || Has(select.having.get(), test) ||
         Has(select.qualify.get(), test);
}

/// Whether the expression `text` has a node `test` accepts. Text that no longer parses on
/// its own (it did inside its CREATE TABLE) is searched for `word` as a whole word instead
/// (followed by '(' when `call`).
bool TextHas(const std::string& text, const NodeTest& test, const std::string& word, bool call) {
  if (text.empty()) return false;
  // An expression, or a query (a table macro's body).
  for (const std::string& sql : {"SELECT " + text, text}) {
    try {
      auto statements = ParseSql(sql);
      if (statements.size() == 1) {
        if (const auto* select = dynamic_cast<const SelectStatement*>(statements[0].get())) {
          return Has(*select, test);
        }
      }
    } catch (const Error&) {
    }
  }
  const std::string lower = Catalog::Key(text);
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
    const bool starts = at == 0 || !word_char(lower[at - 1]);
    size_t after = at + word.size();
    if (!call) {
      if (starts && (after == lower.size() || !word_char(lower[after]))) return true;
      continue;
    }
    while (after < lower.size() && lower[after] == ' ') after++;
    if (starts && after < lower.size() && lower[after] == '(') return true;
  }
  return false;
}

/// Whether the expression `text` calls, or may call, the macro.
bool TextCalls(const std::string& text, const ObjectKey& macro) {
  const NodeTest calls = [&](const ParsedExpression& e) {
    if (e.kind != ExprKind::kFunction) return false;
    std::string schema;
    for (const auto& part : e.names) schema += (schema.empty() ? "" : ".") + part;
    return macro.MayBe(schema, e.name);
  };
  return TextHas(text, calls, macro.name, /*call=*/true);
}

bool NamesType(const TypeName& type, const ObjectKey& key) {
  if (key.MayBe(type.schema, type.name)) return true;
  return std::any_of(type.field_types.begin(), type.field_types.end(),
                     [&](const TypeName& field) { return NamesType(field, key); });
}

/// Whether the expression `text` names the type (in a cast).
bool TextNamesType(const std::string& text, const ObjectKey& type) {
  const NodeTest names = [&](const ParsedExpression& e) {
    return e.kind == ExprKind::kCast && NamesType(e.cast_type, type);
  };
  return TextHas(text, names, type.name, /*call=*/false);
}

/// The first place in `table` whose expression `uses` accepts: "column \"g\"", "the CHECK
/// (…)"; empty when none does. With `plain_nextval_defaults`, also a DEFAULT that is
/// nextval('…') alone (the catalog checks those itself otherwise).
std::string UseIn(const TableEntry& table, const std::function<bool(const std::string&)>& uses,
                  bool plain_nextval_defaults = true) {
  for (const ColumnDefinition& column : table.columns) {
    const bool default_uses =
        (plain_nextval_defaults || !column.default_sequence) && uses(column.default_text);
    if (default_uses || uses(column.generated_text)) {
      return fmt::format("column \"{}\"", column.name);
    }
  }
  for (const CheckConstraint& check : table.checks) {
    if (uses(check.text)) return fmt::format("the CHECK ({})", check.text);
  }
  return {};
}

}  // namespace

std::string MacroUseIn(const TableEntry& table, std::string_view name) {
  const ObjectKey key(name);
  return UseIn(table, [&](const std::string& text) { return TextCalls(text, key); });
}

namespace {

/// Whether the expression `text` names the sequence in nextval / currval / setval.
bool TextNamesSequence(const std::string& text, const ObjectKey& sequence) {
  const NodeTest names = [&](const ParsedExpression& e) {
    if (e.kind != ExprKind::kFunction || e.children.empty() ||
        (e.name != "nextval" && e.name != "currval" && e.name != "setval")) {
      return false;
    }
    const ParsedExpression& argument = *e.children[0];
    if (argument.kind != ExprKind::kConstant || argument.value.Type().Id() != TypeId::kVarchar ||
        argument.value.IsNull()) {
      return true;  // a name computed per row: it may be this one
    }
    // [[db.]schema.]name, quotes dropped.
    std::string written = argument.value.GetString();
    std::erase(written, '"');
    const size_t dot = written.rfind('.');
    if (dot == std::string::npos) return sequence.MayBe("", written);
    return sequence.MayBe(std::string_view(written).substr(0, dot), written.substr(dot + 1));
  };
  return TextHas(text, names, sequence.name, /*call=*/false);
}

/// Throws DependencyError at the first table of `catalog` whose expression `uses` accepts;
/// `verb` says what it does with the object ("names the type").
void RefuseUse(const Catalog& catalog, std::string_view name, std::string_view what,
               std::string_view verb, const std::function<bool(const std::string&)>& uses,
               bool plain_nextval_defaults = true) {
  for (const auto& table : catalog.Tables()) {
    const std::string use = UseIn(*table, uses, plain_nextval_defaults);
    if (use.empty()) continue;
    throw DependencyError(fmt::format(
        "Cannot drop entry \"{}\" because there are entries that depend on it: {} of table "
        "\"{}\" {} ({} refused; drop or change the table's expression first)",
        name, use, table->name, verb, what));
  }
}
}  // namespace

void RefuseSequenceInUse(const Catalog& catalog, std::string_view name, std::string_view what) {
  const ObjectKey key(name);
  RefuseUse(
      catalog, name, what, "uses the sequence",
      [&](const std::string& text) { return TextNamesSequence(text, key); },
      /*plain_nextval_defaults=*/false);
}

void RefuseTypeInUse(const Catalog& catalog, std::string_view name, std::string_view what) {
  const ObjectKey key(name);
  RefuseUse(catalog, name, what, "names the type",
            [&](const std::string& text) { return TextNamesType(text, key); });
}

void RefuseMacroCycle(const Catalog& catalog, const MacroEntry& macro) {
  // The macros the new bodies reach; reaching the macro itself closes a cycle.
  std::vector<std::pair<const MacroEntry*, std::string>> pending = {{&macro, macro.name}};
  std::vector<std::string> reached;
  const auto macros = catalog.Macros();
  while (!pending.empty()) {
    const auto [from, path] = pending.back();
    pending.pop_back();
    for (const auto& other : macros) {
      const bool calls = std::any_of(
          from->overloads.begin(), from->overloads.end(),
          [&](const MacroOverload& o) { return TextCalls(o.body, ObjectKey(other->name)); });
      if (!calls) continue;
      if (Catalog::Key(other->name) == Catalog::Key(macro.name)) {
        throw CatalogError(fmt::format(
            "CREATE OR REPLACE is not allowed to depend on itself: macro \"{}\" would call itself "
            "({} -> {})",
            macro.name, path, other->name));
      }
      if (std::find(reached.begin(), reached.end(), other->name) != reached.end()) continue;
      reached.push_back(other->name);
      pending.emplace_back(other.get(), path + " -> " + other->name);
    }
  }
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
        return std::any_of(macro->overloads.begin(), macro->overloads.end(),
                           [&](const MacroOverload& o) { return TextCalls(o.body, ObjectKey(c)); });
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
