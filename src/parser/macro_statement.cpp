// CREATE MACRO and DROP MACRO, which the PostgreSQL grammar does not have, read by hand:
//
//   CREATE [OR REPLACE] [TEMP] MACRO|FUNCTION [IF NOT EXISTS] [main.|temp.]name
//       (parameters) AS expression | AS TABLE query
//       [, (parameters) AS … ]    -- DuckDB's overloads, each with its own body
//   parameters: [a [type] [, …] [, b [type] := default …]]
//   DROP MACRO [TABLE] [IF EXISTS] [temp.]name   and   DROP FUNCTION [IF EXISTS] [temp.]name
//
// CREATE FUNCTION is DuckDB's macro only in that form (AS right after the parameters);
// PostgreSQL's (with RETURNS, LANGUAGE) is left to the grammar, which refuses it. The
// bodies and the defaults are kept as text and parsed here once, for their errors; a call
// parses them again (planner/binder/expression/bind_macro.cpp). Types are resolved when
// the statement runs (main/client_context.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "parser/parser.hpp"
#include "parser/rewrites.hpp"
#include "parser/sql_scanner.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

bool OneOf(const std::string& word, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (word == w) return true;
  }
  return false;
}

std::string Folded(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Whether `e`, outside its subqueries, names a column (a lambda's parameters, `bound`,
/// are no columns).
bool NamesAColumn(const ParsedExpression& e, std::vector<std::string> bound = {}) {
  if (e.kind == ExprKind::kColumnRef) {
    return e.names.size() != 1 ||
           std::find(bound.begin(), bound.end(), Folded(e.names[0])) == bound.end();
  }
  if (e.kind == ExprKind::kStar) return true;
  if (e.kind == ExprKind::kSubquery) return false;
  if (e.kind == ExprKind::kFunction && e.name == kLambdaFunction && !e.children.empty()) {
    for (size_t i = 0; i + 1 < e.children.size(); i++) {
      if (!e.children[i]->names.empty()) bound.push_back(Folded(e.children[i]->names.back()));
    }
    return NamesAColumn(*e.children.back(), std::move(bound));
  }
  for (const auto& child : e.children) {
    if (child && NamesAColumn(*child, bound)) return true;
  }
  return false;
}

std::string TrimEnd(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == ';')) {
    s.remove_suffix(1);
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return std::string(s);
}

/// Throws unless `e` (a macro's body, outside its subqueries) reads only `parameters`
/// (and, in a lambda, the lambda's own): a parameter, or a field of one (p.a.b).
void CheckColumns(const ParsedExpression& e, std::vector<std::string> parameters,
                  const std::string& macro) {
  if (e.kind == ExprKind::kFunction && e.name == kLambdaFunction && !e.children.empty()) {
    for (size_t i = 0; i + 1 < e.children.size(); i++) {
      if (!e.children[i]->names.empty()) parameters.push_back(e.children[i]->names.back());
    }
    CheckColumns(*e.children.back(), std::move(parameters), macro);
    return;
  }
  if (e.kind == ExprKind::kColumnRef) {
    bool found = false;
    for (const auto& p : parameters) {
      found = found || (!e.names.empty() && Folded(p) == Folded(e.names[0]));
    }
    if (!found) {
      // DuckDB's words, as a query without FROM says it.
      throw BinderError(fmt::format(
          "Referenced column \"{}\" was not found because the FROM clause is missing: the "
          "body of macro \"{}\" can only read its parameters",
          e.ToString(), macro));
    }
  }
  for (const auto& child : e.children) CheckColumns(*child, parameters, macro);
  if (e.filter) CheckColumns(*e.filter, parameters, macro);
}

/// The token that closes the parenthesis opened at `open`, or tokens.size().
size_t MatchingClose(const std::vector<Token>& tokens, size_t open) {
  size_t close = open;
  for (int depth = 0; close < tokens.size(); close++) {
    if (tokens[close].word == "(") depth++;
    if (tokens[close].word == ")" && --depth == 0) break;
  }
  return close;
}

/// The comma that starts the next overload (`, (parameters) AS`, for a table macro
/// `AS TABLE`, which a query's select list cannot hold) after a body starting at `body`,
/// or tokens.size().
size_t NextOverload(const std::vector<Token>& tokens, size_t body) {
  int depth = 0;
  for (size_t k = body; k + 1 < tokens.size(); k++) {
    if (tokens[k].word == "(") depth++;
    if (tokens[k].word == ")") depth--;
    if (depth != 0 || tokens[k].word != "," || tokens[k + 1].word != "(") continue;
    const size_t end = MatchingClose(tokens, k + 1);
    if (end + 1 < tokens.size() && tokens[end + 1].word == "as" &&
        (tokens[body - 1].word != "table" ||
         (end + 2 < tokens.size() && tokens[end + 2].word == "table"))) {
      return k;
    }
  }
  return tokens.size();
}

/// The parameters between tokens `begin` and `end` (the parentheses' inside): name, or
/// name type, each optionally := default; those with defaults last.
MacroOverload ParseParameters(const std::string& text, const std::vector<Token>& tokens,
                              size_t begin, size_t end_of_list, CreateMacroStatement& macro,
                              idx_t max_depth) {
  MacroOverload overload;
  for (size_t p = begin; p < end_of_list;) {
    size_t end = p;
    for (int depth = 0; end < end_of_list; end++) {
      if (tokens[end].word == "(") depth++;
      if (tokens[end].word == ")") depth--;
      if (tokens[end].word == "," && depth == 0) break;
    }
    std::string name = NameOf(text, tokens[p]);
    size_t assign = p + 1;  // the ":" of ":=", or end
    while (assign < end &&
           !(tokens[assign].word == ":" && assign + 1 < end && tokens[assign + 1].word == "=" &&
             tokens[assign + 1].start == tokens[assign].end)) {
      assign++;
    }
    std::string type;
    if (assign > p + 1) {
      type =
          TrimEnd(text.substr(tokens[p + 1].start, tokens[assign - 1].end - tokens[p + 1].start));
    }
    std::string default_text;
    if (assign < end) {
      if (assign + 2 >= end) {
        throw ParserError(fmt::format(
            "a parameter of macro {} is a name, or name [type] := default: {}", macro.name,
            text.substr(tokens[p].start, tokens[end - 1].end - tokens[p].start)));
      }
      default_text = TrimEnd(
          text.substr(tokens[assign + 2].start, tokens[end - 1].end - tokens[assign + 2].start));
      auto parsed = ParseSql("SELECT " + default_text, max_depth);
      const auto* select =
          parsed.size() == 1 ? dynamic_cast<const SelectStatement*>(parsed[0].get()) : nullptr;
      if (!select || select->select_list.size() != 1) {
        throw ParserError("a macro parameter's default must be one expression");
      }
      // A subquery's own columns are its own.
      if (macro.default_naming_column.empty() && NamesAColumn(*select->select_list[0])) {
        macro.default_naming_column = name;
      }
    } else if (!overload.defaults.empty() && !overload.defaults.back().empty()) {
      throw ParserError(
          fmt::format("macro {}: parameter \"{}\" without a default follows one with a default",
                      macro.name, name));
    }
    for (const auto& other : overload.parameters) {
      if (Folded(other) == Folded(name)) {
        throw BinderError(
            fmt::format("macro {} has two parameters named \"{}\"", macro.name, name));
      }
    }
    overload.parameters.push_back(std::move(name));
    overload.types.push_back(std::move(type));
    overload.defaults.push_back(std::move(default_text));
    p = end + 1;
  }
  return overload;
}

/// Throws unless `overload`'s body is one query (a table macro) or one expression that
/// reads only the parameters (a scalar macro).
void CheckBody(const MacroOverload& overload, const CreateMacroStatement& macro, idx_t max_depth) {
  if (macro.table) {
    auto parsed = ParseSql(overload.body, max_depth);
    if (parsed.size() != 1 || parsed[0]->type != StatementType::kSelect) {
      throw ParserError(fmt::format("the body of table macro {} must be one query", macro.name));
    }
    return;
  }
  auto parsed = ParseSql("SELECT " + overload.body, max_depth);
  const auto* select =
      parsed.size() == 1 ? dynamic_cast<const SelectStatement*>(parsed[0].get()) : nullptr;
  if (!select || select->from || select->select_list.size() != 1 || select->where) {
    throw ParserError(fmt::format("the body of macro {} must be one expression", macro.name));
  }
  CheckColumns(*select->select_list[0], overload.parameters, macro.name);
}

std::unique_ptr<SQLStatement> ParseDropMacro(std::string_view text,
                                             const std::vector<Token>& tokens) {
  size_t i = 1;
  auto drop = std::make_unique<DropStatement>();
  drop->kind = DropKind::kMacro;
  if (tokens[i].word == "macro" && i + 1 < tokens.size() && tokens[i + 1].word == "table") {
    drop->kind = DropKind::kTableMacro;
    i++;
  }
  i++;
  if (i + 1 < tokens.size() && tokens[i].word == "if" && tokens[i + 1].word == "exists") {
    drop->if_exists = true;
    i += 2;
  }
  if (i >= tokens.size()) throw ParserError(fmt::format("DROP MACRO needs a name: {}", text));
  std::string qualified;  // "[db.][schema.]name", as DROP's other objects are named
  while (i + 2 < tokens.size() && tokens[i + 1].word == ".") {
    qualified += NameOf(text, tokens[i]) + ".";
    i += 2;
  }
  drop->names.push_back(qualified + NameOf(text, tokens[i++]));
  if (i < tokens.size() && OneOf(tokens[i].word, {"cascade", "restrict"})) i++;
  if (i < tokens.size() && tokens[i].word != ";") {
    throw ParserError(fmt::format("syntax error at or near \"{}\" in DROP MACRO",
                                  text.substr(tokens[i].start, tokens[i].end - tokens[i].start)));
  }
  return drop;
}

}  // namespace

std::unique_ptr<SQLStatement> ParseMacroStatement(const std::string& text, idx_t max_depth) {
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() < 3) return nullptr;
  if (tokens[0].word == "drop" && OneOf(tokens[1].word, {"macro", "function"})) {
    return ParseDropMacro(text, tokens);
  }
  if (tokens[0].word != "create") return nullptr;
  size_t i = 1;
  const bool or_replace =
      i + 1 < tokens.size() && tokens[i].word == "or" && tokens[i + 1].word == "replace";
  if (or_replace) i += 2;
  bool temporary = i < tokens.size() && OneOf(tokens[i].word, {"temp", "temporary"});
  if (temporary) i++;
  if (i >= tokens.size() || !OneOf(tokens[i].word, {"macro", "function"})) return nullptr;
  const bool function = tokens[i].word == "function";
  i++;
  const bool if_not_exists = i + 3 < tokens.size() && tokens[i].word == "if" &&
                             tokens[i + 1].word == "not" && tokens[i + 2].word == "exists";
  if (if_not_exists) i += 3;
  // The name ([db.][schema.]name), then the parameters in parentheses.
  std::string schema;
  while (i + 2 < tokens.size() && tokens[i + 1].word == ".") {
    schema += (schema.empty() ? "" : ".") + NameOf(text, tokens[i]);
    i += 2;
  }
  if (Folded(schema) == "temp" || Folded(schema) == "temp.main") {
    temporary = true;
    schema.clear();
  } else if (temporary && !schema.empty()) {
    throw CatalogError(fmt::format(
        "a temporary macro is the connection's own: it has no schema (not \"{}\")", schema));
  }
  if (i >= tokens.size()) return nullptr;
  auto macro = std::make_unique<CreateMacroStatement>();
  macro->or_replace = or_replace;
  macro->temporary = temporary;
  macro->if_not_exists = if_not_exists;
  macro->schema = schema;
  macro->name = NameOf(text, tokens[i++]);
  if (i >= tokens.size() || tokens[i].word != "(") {
    if (function) return nullptr;
    throw ParserError(
        fmt::format("CREATE MACRO {} needs its parameters in parentheses", macro->name));
  }
  // (parameters) AS [TABLE] body, then for each overload (DuckDB's): , (parameters) AS …
  for (bool first = true;; first = false) {
    const size_t close = MatchingClose(tokens, i);
    if (close + 1 >= tokens.size() || tokens[close + 1].word != "as") {
      if (function && first) return nullptr;  // PostgreSQL's CREATE FUNCTION … RETURNS …
      throw ParserError(fmt::format("CREATE MACRO {}(…) needs AS and its body", macro->name));
    }
    size_t body = close + 2;
    const bool table = body < tokens.size() && tokens[body].word == "table";
    if (table) body++;
    if (first) macro->table = table;
    if (table != macro->table) {
      throw ParserError(fmt::format(
          "the parameter lists of macro {} are all of a table macro (AS TABLE) or all of a "
          "scalar one",
          macro->name));
    }
    if (body >= tokens.size()) {
      throw ParserError(fmt::format("macro {} has no body", macro->name));
    }
    const size_t next = NextOverload(tokens, body);
    MacroOverload overload = ParseParameters(text, tokens, i + 1, close, *macro, max_depth);
    const size_t body_end = next < tokens.size() ? tokens[next].start : text.size();
    overload.body = TrimEnd(text.substr(tokens[body].start, body_end - tokens[body].start));
    CheckBody(overload, *macro, max_depth);
    macro->overloads.push_back(std::move(overload));
    if (next >= tokens.size()) break;
    i = next + 1;
  }
  return macro;
}

}  // namespace teal
