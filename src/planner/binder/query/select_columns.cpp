// Binder: DuckDB's COLUMNS(*) and COLUMNS('regex') in a select-list item. The item stands
// for one item per column of the FROM clause (all of them, or those whose name the
// regular expression matches anywhere, as RE2's partial match), the call replaced by the
// column: `min(COLUMNS(*))` is min(a), min(b), …, named a, b, … (or by the item's alias,
// in which \0 is the column's name and \1 … the pattern's groups). Every COLUMNS call of
// one item must be the same. COLUMNS(['a', 'b']) names its columns; COLUMNS(* EXCLUDE (…))
// and COLUMNS(t.*) take a star's columns; COLUMNS(c -> condition) those whose name makes
// the condition true.
#include <re2/re2.h>

#include <functional>
#include <optional>

#include "common/string_distance.hpp"
#include "execution/expression_executor.hpp"
#include "parser/rewrites.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

bool IsColumnsCall(const ParsedExpression& e) {
  return e.kind == ExprKind::kFunction && e.name == "columns";
}

/// The COLUMNS calls of `e`, outside its subqueries.
void FindColumnsCalls(const ParsedExpression& e, std::vector<const ParsedExpression*>& out) {
  if (IsColumnsCall(e)) {
    out.push_back(&e);
    return;
  }
  if (e.kind == ExprKind::kSubquery) return;
  for (const auto& child : e.children) FindColumnsCalls(*child, out);
  if (e.filter) FindColumnsCalls(*e.filter, out);
}

/// `e` with every COLUMNS call replaced by a copy of `column`.
ParsedExpressionPtr Replace(const ParsedExpression& e, const ParsedExpression& column) {
  if (IsColumnsCall(e)) {
    auto out = column.Copy();
    out->alias = e.alias;
    out->argument_name = e.argument_name;  // its place in its call (name := COLUMNS(…))
    return out;
  }
  auto out = e.Copy();
  if (e.kind == ExprKind::kSubquery) return out;
  for (size_t i = 0; i < e.children.size(); i++) out->children[i] = Replace(*e.children[i], column);
  if (e.filter) out->filter = Replace(*e.filter, column);
  return out;
}

/// A COLUMNS item's alias for column `name`: \0 is the name, \1 … \9 the groups of
/// `pattern` (empty when it has none or fewer), \\ a backslash.
std::string ColumnsAlias(const std::string& alias, const std::string& name, const RE2* pattern) {
  std::string out;
  for (size_t i = 0; i < alias.size(); i++) {
    if (alias[i] != '\\') {
      out += alias[i];
      continue;
    }
    if (++i >= alias.size()) {
      throw BinderError(fmt::format(
          "Unterminated backslash in COLUMNS(*) \"{}\" alias. Backslashes must either be "
          "escaped or followed by a number",
          alias));
    }
    if (alias[i] == '\\') {
      out += '\\';
    } else if (alias[i] < '0' || alias[i] > '9') {
      throw BinderError(fmt::format(
          "Invalid backslash code in COLUMNS(*) \"{}\" alias. Backslashes must either be "
          "escaped or followed by a number",
          alias));
    } else if (alias[i] == '0') {
      out += name;
    } else if (!pattern) {
      throw BinderError(
          fmt::format("Only the backslash escape code \\0 can be used when no regex is supplied to "
                      "COLUMNS(*) (alias \"{}\")",
                      alias));
    } else {
      std::string group;
      RE2::Extract(name, *pattern, std::string("\\") + alias[i], &group);
      out += group;
    }
  }
  return out;
}

/// `e` with each reference to `parameter` replaced by the text `name`.
ParsedExpressionPtr WithName(const ParsedExpression& e, const std::string& parameter,
                             const std::string& name) {
  if (e.kind == ExprKind::kColumnRef && e.names.size() == 1 && SameName(e.names[0], parameter)) {
    auto text = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    text->value = Value::Varchar(name);
    return text;
  }
  auto out = e.Copy();
  if (e.kind == ExprKind::kSubquery) return out;
  for (size_t i = 0; i < e.children.size(); i++) {
    out->children[i] = WithName(*e.children[i], parameter, name);
  }
  return out;
}

}  // namespace

bool ContainsColumnsCall(const ParsedExpression& e) {
  std::vector<const ParsedExpression*> calls;
  FindColumnsCalls(e, calls);
  return !calls.empty();
}

/// The copies of `item`, one per column its COLUMNS calls (all the same) select, each with
/// the calls replaced by the column and named after it (or by item's alias); empty when
/// `item` has no COLUMNS call. `where` names the clause for messages.
std::vector<ParsedExpressionPtr> ExpandColumnsCopies(const ParsedExpression& item,
                                                     const Binder::Scope& scope,
                                                     std::string_view where,
                                                     const ConstantTest& test) {
  std::vector<const ParsedExpression*> calls;
  FindColumnsCalls(item, calls);
  std::vector<ParsedExpressionPtr> copies;
  if (calls.empty()) return copies;
  const ParsedExpression& call = *calls[0];
  auto text_of = [](const ParsedExpression& c) {
    return c.star ? std::string("COLUMNS(*)")
                  : "COLUMNS(" + (c.children.empty() ? "" : c.children[0]->ToString()) + ")";
  };
  const std::string text = text_of(call);
  for (const ParsedExpression* other : calls) {
    if (text_of(*other) != text || other->children.size() != call.children.size()) {
      throw BinderError(fmt::format("one {} has different COLUMNS calls: {} and {}", where, text,
                                    text_of(*other)));
    }
  }
  // COLUMNS(* EXCLUDE (…) REPLACE (…) RENAME (…)) and COLUMNS(t.*): the columns the star
  // stands for.
  const ParsedExpression* star =
      !call.star && call.children.size() == 1 && call.children[0]->kind == ExprKind::kStar
          ? call.children[0].get()
          : nullptr;
  std::optional<StarModifiers> modifiers;
  if (star) modifiers.emplace(*star);
  // COLUMNS(x -> condition on the name x): the columns whose name makes it true.
  const ParsedExpression* lambda =
      !call.star && call.children.size() == 1 && call.children[0]->kind == ExprKind::kFunction &&
              call.children[0]->name == kLambdaFunction && call.children[0]->children.size() == 2
          ? call.children[0].get()
          : nullptr;
  std::string parameter;
  if (lambda) {
    const ParsedExpression& p = *lambda->children[0];
    if (p.kind != ExprKind::kColumnRef || p.names.size() != 1) {
      throw BinderError(fmt::format("COLUMNS(lambda) takes one parameter: {}", text));
    }
    parameter = p.names[0];
  }
  std::unique_ptr<RE2> pattern;
  // COLUMNS(['a', 'b']): the columns of those names, in the FROM clause's order.
  const ParsedExpression* names =
      !call.star && call.children.size() == 1 && call.children[0]->kind == ExprKind::kList
          ? call.children[0].get()
          : nullptr;
  std::vector<std::string> named;
  if (names) {
    for (const auto& element : names->children) {
      if (element->kind != ExprKind::kConstant ||
          (!element->value.IsNull() && element->value.Type().Id() != TypeId::kVarchar)) {
        throw BinderError(fmt::format("COLUMNS([…]) takes a list of column names: {}", text));
      }
      if (element->value.IsNull()) {
        throw BinderError(fmt::format("COLUMNS does not support NULL input parameters: {}", text));
      }
      named.push_back(element->value.GetString());
    }
  }
  if (!call.star && !star && !names && !lambda) {
    if (call.children.size() != 1 || call.children[0]->kind != ExprKind::kConstant ||
        call.children[0]->value.Type().Id() != TypeId::kVarchar) {
      throw NotImplementedError(
          fmt::format("COLUMNS of anything but * (with modifiers), a regular expression, a list of "
                      "names or a lambda: {}",
                      text));
    }
    const std::string regex = call.children[0]->value.GetString();
    RE2::Options options;
    options.set_log_errors(false);
    pattern = std::make_unique<RE2>(regex, options);
    if (!pattern->ok()) {
      throw BinderError(
          fmt::format("COLUMNS: invalid regular expression '{}': {}", regex, pattern->error()));
    }
  }
  if (scope.bindings.empty()) throw BinderError(fmt::format("{} needs a FROM clause", text));
  size_t matched = 0;
  bool table_found = false;
  for (const auto& binding : scope.bindings) {
    if (star && !star->names.empty() && !SameName(binding.alias, star->names[0])) continue;
    table_found = true;
    for (idx_t c = 0; c < binding.names.size(); c++) {
      if (binding.IsHidden(c) || (binding.IsMerged(c) && !(star && !star->names.empty()))) continue;
      if (pattern && !RE2::PartialMatch(binding.names[c], *pattern)) continue;
      if (names && std::none_of(named.begin(), named.end(), [&](const std::string& n) {
            return SameName(n, binding.names[c]);
          })) {
        continue;
      }
      if (lambda && !test(*WithName(*lambda->children[1], parameter, binding.names[c]))) continue;
      const ParsedExpression* replaced = nullptr;
      std::string name = binding.names[c];
      if (modifiers) {
        if (modifiers->Find("exclude", binding, c)) continue;
        replaced = modifiers->Find("replace", binding, c);
        if (const ParsedExpression* renamed = modifiers->Find("rename", binding, c)) {
          name = renamed->alias;
        }
      }
      matched++;
      ParsedExpression column(ExprKind::kColumnRef);
      column.names = {binding.alias, binding.names[c]};
      if (binding.alias.empty()) column.names = {binding.names[c]};
      ParsedExpressionPtr expanded = Replace(item, replaced ? *replaced : column);
      // Each item is named after its column (as DuckDB: min(COLUMNS(*)) gives i, j, …), or
      // by the alias with the column's name (\0) or the pattern's groups (\1 …) in it.
      expanded->alias = item.alias.empty() ? name : ColumnsAlias(item.alias, name, pattern.get());
      copies.push_back(std::move(expanded));
    }
  }
  if (!table_found) {
    throw BinderError(
        fmt::format("Referenced table \"{}\" not found in FROM clause ({})", star->names[0], text));
  }
  if (modifiers) modifiers->CheckAllUsed();
  if (matched == 0) {
    std::vector<std::string> columns;
    for (const auto& binding : scope.bindings) {
      columns.insert(columns.end(), binding.names.begin(), binding.names.end());
    }
    // A pattern's literal beginning is what its writer meant to match ('indxe.*').
    std::string asked = pattern ? pattern->pattern() : text;
    if (pattern) {
      const auto literal = std::find_if(asked.begin(), asked.end(), [](char ch) {
        return !std::isalnum(static_cast<unsigned char>(ch)) && ch != '_';
      });
      asked.erase(literal, asked.end());
    }
    throw BinderError(WithDidYouMean(
        pattern ? fmt::format("{} matches no column (No matching columns found that match regex "
                              "\"{}\")",
                              text, pattern->pattern())
                : fmt::format("{} matches no column (an empty set of columns)", text),
        asked, columns));
  }
  return copies;
}

bool Binder::ExpandColumns(const ParsedExpression& item, Scope& scope,
                           std::vector<ExpressionPtr>& projections,
                           std::vector<std::string>& texts) {
  std::vector<ParsedExpressionPtr> copies =
      ExpandColumnsCopies(item, scope, "select-list item",
                          [&](const ParsedExpression& e) { return IsTrueConstant(e, scope); });
  for (const auto& copy : copies) {
    projections.push_back(BindSelectItem(*copy, scope));
    texts.push_back(copy->ToString());
  }
  return !copies.empty();
}

ParsedExpressionPtr ExpandColumnsInFilter(const ParsedExpression& filter,
                                          const Binder::Scope& scope, const ConstantTest& test) {
  if (!ContainsColumnsCall(filter)) return nullptr;
  // Each conjunct with COLUMNS calls holds for every column they select (DuckDB's
  // WHERE COLUMNS(*) > 0: all are).
  std::function<ParsedExpressionPtr(const ParsedExpression&)> expand =
      [&](const ParsedExpression& e) -> ParsedExpressionPtr {
    if (e.kind == ExprKind::kOperator && e.name == "AND") {
      auto both = std::make_unique<ParsedExpression>(ExprKind::kOperator);
      both->name = "AND";
      for (const auto& child : e.children) both->children.push_back(expand(*child));
      return both;
    }
    std::vector<ParsedExpressionPtr> copies = ExpandColumnsCopies(e, scope, "condition", test);
    if (copies.empty()) return e.Copy();
    ParsedExpressionPtr all = std::move(copies[0]);
    all->alias.clear();
    for (size_t i = 1; i < copies.size(); i++) {
      auto both = std::make_unique<ParsedExpression>(ExprKind::kOperator);
      both->name = "AND";
      copies[i]->alias.clear();
      both->children.push_back(std::move(all));
      both->children.push_back(std::move(copies[i]));
      all = std::move(both);
    }
    return all;
  };
  return expand(filter);
}

bool Binder::IsTrueConstant(const ParsedExpression& e, Scope& scope) {
  ExpressionPtr bound = BindExpression(e, scope);
  if (!bound->IsFoldable()) {
    throw BinderError(
        fmt::format("COLUMNS(lambda) must depend on the column name alone: {}", e.ToString()));
  }
  if (bound->type.Id() != TypeId::kBoolean) {
    throw BinderError(fmt::format("COLUMNS(lambda) must return a BOOLEAN, not {}: {}",
                                  bound->type.ToString(), e.ToString()));
  }
  const Value value = ExpressionExecutor::EvaluateConstant(*bound);
  return !value.IsNull() && value.GetStored<bool>();
}

}  // namespace teal
