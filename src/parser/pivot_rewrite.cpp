// RewritePivot: the SQL standard's PIVOT and UNPIVOT on a FROM item (as DuckDB, SQL Server
// and Snowflake write them) into the grouped or laterally joined subquery they mean.
//
//   source PIVOT (agg(x) [AS a], … FOR col IN (v [AS name], …) [col2 IN (…)] [GROUP BY g, …])
//     → (SELECT <rest>, agg(x) FILTER (WHERE col IS NOT DISTINCT FROM v [AND …]) AS "v[_a]", …
//        FROM source GROUP BY <rest>)
//   source UNPIVOT [INCLUDE NULLS] (value FOR name IN (c [AS 'label'], …))
//     → (SELECT <rest>, u.name, u.value FROM source,
//        LATERAL (VALUES ('c', c), …) u(name, value) WHERE u.value IS NOT NULL)
//
// <rest> is the marker call __teal_pivot_rest(expressions…): the binder puts in its place
// every column of the source that none of the expressions names (the grouping columns of
// a PIVOT, the columns an UNPIVOT keeps), which only it knows. An explicit GROUP BY takes
// its place in a PIVOT.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "parser/rewrites.hpp"
#include "parser/sql_scanner.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

std::string QuoteName(std::string_view name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

using Range = std::pair<size_t, size_t>;  // tokens [first, last)

struct PivotText {
  const std::string_view sql;
  const std::vector<Token>& tokens;

  std::string Text(size_t first, size_t last) const {
    if (first >= last) return {};
    return std::string(sql.substr(tokens[first].start, tokens[last - 1].end - tokens[first].start));
  }
  std::string Text(Range r) const { return Text(r.first, r.second); }

  /// The first top-level token in [first, last) whose word is `word`, or last.
  size_t Find(size_t first, size_t last, std::string_view word) const {
    int depth = 0;
    for (size_t i = first; i < last; i++) {
      const std::string& w = tokens[i].word;
      if (w == "(" || w == "[" || w == "{") depth++;
      if (w == ")" || w == "]" || w == "}") depth--;
      if (depth == 0 && w == word) return i;
    }
    return last;
  }

  /// `expression [AS alias]`: the expression's tokens and the alias (a name or a string,
  /// unquoted).
  std::pair<Range, std::string> SplitAlias(Range item) const {
    const size_t as = Find(item.first, item.second, "as");
    if (as == item.second || as + 2 != item.second) return {item, {}};
    if (sql[tokens[as + 1].start] == '\'') return {{item.first, as}, ValueName({as + 1, as + 2})};
    return {{item.first, as}, NameOf(sql, tokens[as + 1])};
  }

  /// The name a pivot value gives its column: a string's text, anything else as written.
  std::string ValueName(Range value) const {
    if (value.second == value.first + 1 && sql[tokens[value.first].start] == '\'') {
      std::string text = Text(value);
      std::string out;
      for (size_t i = 1; i + 1 < text.size(); i++) {
        out += text[i];
        if (text[i] == '\'') i++;  // '' is one quote
      }
      return out;
    }
    return Text(value);
  }

  /// An aggregate's name in a column name: as written, count(*) as count_star().
  std::string AggregateName(Range aggregate) const {
    std::string text = Text(aggregate);
    const size_t open = text.find('(');
    if (open != std::string::npos) {
      std::transform(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(open), text.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    }
    std::string compact;
    for (char c : text) {
      if (c != ' ') compact += c;
    }
    return compact == "count(*)" ? "count_star()" : text;
  }
};

/// Where the FROM item that ends at token `end` (exclusive) begins: after the FROM, JOIN
/// or comma before it at its own depth.
size_t SourceStart(const std::vector<Token>& tokens, size_t end) {
  int depth = 0;
  for (size_t i = end; i-- > 0;) {
    const std::string& w = tokens[i].word;
    if (w == ")" || w == "]" || w == "}") depth++;
    if (w == "(" || w == "[" || w == "{") {
      if (depth == 0) return i + 1;
      depth--;
    }
    if (depth == 0 && (w == "from" || w == "join" || w == ",")) return i + 1;
  }
  return 0;
}

/// Words after which a name is not the FROM item's alias but the next clause.
bool EndsFromItem(const std::string& word) {
  static const char* kWords[] = {
      "where",     "group", "having",  "order",     "limit", "offset",  "union",      "except",
      "intersect", "join",  "inner",   "left",      "right", "full",    "cross",      "natural",
      "on",        "using", "window",  "qualify",   "pivot", "unpivot", "positional", "asof",
      "anti",      "semi",  "lateral", "returning", "fetch", "for"};
  return std::any_of(std::begin(kWords), std::end(kWords),
                     [&](const char* w) { return word == w; });
}

/// The alias written after the closing parenthesis at `after`: `[AS] name [(columns)]`,
/// as text, and the token after it.
std::pair<std::string, size_t> AliasAfter(const PivotText& t, size_t after) {
  const auto& tokens = t.tokens;
  size_t i = after;
  const bool as = i < tokens.size() && tokens[i].word == "as";
  if (as) i++;
  const auto is_name = [&](const Token& token) {
    const char first = t.sql[token.start];
    return first == '"' || first == '_' || std::isalpha(static_cast<unsigned char>(first));
  };
  if (i >= tokens.size() || !is_name(tokens[i]) || (!as && EndsFromItem(tokens[i].word))) {
    return {{}, after};
  }
  size_t end = i + 1;
  if (end < tokens.size() && tokens[end].word == "(") end = AfterBracket(tokens, end);
  return {" " + t.Text(i, end), end};
}

std::string PivotSubquery(const PivotText& t, const std::string& source, size_t open,
                          size_t close) {
  const auto& tokens = t.tokens;
  // aggregates FOR col IN (…) [col IN (…)]… [GROUP BY …]
  const size_t body_end = close - 1;
  const size_t first_for = t.Find(open + 1, body_end, "for");
  if (first_for == body_end) throw ParserError("PIVOT (…) needs FOR column IN (values)");
  const size_t group = t.Find(first_for, body_end, "group");
  struct Aggregate {
    Range expression;
    std::string alias;
  };
  std::vector<Aggregate> aggregates;
  for (Range item : TopLevelItems(tokens, open, first_for)) {
    auto [expression, alias] = t.SplitAlias(item);
    if (t.Find(expression.first, expression.second, "filter") != expression.second) {
      throw NotImplementedError("an aggregate with FILTER in PIVOT");
    }
    aggregates.push_back({expression, alias});
  }
  if (aggregates.empty()) throw ParserError("PIVOT (…) needs an aggregate before FOR");
  // Each FOR column and its values; a cell is one value of each.
  struct Pivot {
    std::string column;
    std::vector<std::pair<std::string, std::string>> values;  // (expression, name)
  };
  std::vector<Pivot> pivots;
  size_t i = first_for + 1;
  while (i < group) {
    const size_t in = t.Find(i, group, "in");
    if (in == group || in + 1 >= group || tokens[in + 1].word != "(") {
      throw ParserError("PIVOT (…): FOR column IN (values) expected");
    }
    if (tokens[i].word == "(")
      throw NotImplementedError("PIVOT FOR (a, b) IN (…) (a row of columns)");
    const size_t after = AfterBracket(tokens, in + 1);
    if (in + 2 < after && tokens[in + 2].word == "select") {
      throw NotImplementedError("PIVOT … IN (subquery): list the values");
    }
    Pivot pivot{t.Text(i, in), {}};
    for (Range item : TopLevelItems(tokens, in + 1, after - 1)) {
      auto [value, alias] = t.SplitAlias(item);
      pivot.values.emplace_back(t.Text(value), alias.empty() ? t.ValueName(value) : alias);
    }
    if (pivot.values.empty()) throw ParserError("PIVOT … IN (): no values");
    pivots.push_back(std::move(pivot));
    i = after;
    if (i < group && tokens[i].word == "for") i++;
  }
  // The cells: every combination of one value per FOR column, the first column outermost.
  std::vector<std::pair<std::string, std::string>> cells = {{"", ""}};  // (condition, name)
  for (const Pivot& pivot : pivots) {
    std::vector<std::pair<std::string, std::string>> next;
    for (const auto& [condition, name] : cells) {
      for (const auto& [value, value_name] : pivot.values) {
        next.emplace_back(
            fmt::format("{}({}) IS NOT DISTINCT FROM ({})",
                        condition.empty() ? "" : condition + " AND ", pivot.column, value),
            name.empty() ? value_name : name + "_" + value_name);
      }
    }
    cells = std::move(next);
  }
  std::string rest;
  if (group < body_end) {
    if (group + 1 >= body_end || tokens[group + 1].word != "by") {
      throw ParserError("PIVOT (…): GROUP BY expected");
    }
    rest = t.Text(group + 2, body_end);
  } else {
    std::vector<std::string> named;
    for (const Aggregate& a : aggregates) named.push_back(t.Text(a.expression));
    for (const Pivot& pivot : pivots) named.push_back(pivot.column);
    rest = fmt::format("{}({})", kPivotRestMarker, fmt::join(named, ", "));
  }
  std::string select = "(SELECT " + rest;
  const bool suffix = aggregates.size() > 1 || !aggregates[0].alias.empty();
  for (const auto& [condition, name] : cells) {
    for (const Aggregate& a : aggregates) {
      std::string column = name;
      if (suffix) column += "_" + (a.alias.empty() ? t.AggregateName(a.expression) : a.alias);
      select += fmt::format(", {} FILTER (WHERE {}) AS {}", t.Text(a.expression), condition,
                            QuoteName(column));
    }
  }
  return select + " FROM " + source + " GROUP BY " + rest + ")";
}

std::string UnpivotSubquery(const PivotText& t, const std::string& source, size_t open,
                            size_t close, bool include_nulls) {
  const auto& tokens = t.tokens;
  const size_t body_end = close - 1;
  const size_t for_at = t.Find(open + 1, body_end, "for");
  if (for_at == body_end) throw ParserError("UNPIVOT (…) needs value FOR name IN (columns)");
  if (tokens[open + 1].word == "(") {
    throw NotImplementedError("UNPIVOT ((a, b) FOR …) (several value columns)");
  }
  const std::string value = t.Text(open + 1, for_at);
  const size_t in = t.Find(for_at, body_end, "in");
  if (in == body_end || in + 1 >= body_end || tokens[in + 1].word != "(" ||
      AfterBracket(tokens, in + 1) != body_end) {
    throw ParserError("UNPIVOT (…): value FOR name IN (columns) expected");
  }
  const std::string name = t.Text(for_at + 1, in);
  std::vector<std::string> columns, rows;
  for (Range item : TopLevelItems(tokens, in + 1, body_end - 1)) {
    auto [column, label] = t.SplitAlias(item);
    if (tokens[column.first].word == "(") {
      throw NotImplementedError("UNPIVOT … IN ((a, b), …) (several value columns)");
    }
    std::string column_text = t.Text(column);
    if (label.empty()) label = NameOf(t.sql, tokens[column.second - 1]);
    rows.push_back(fmt::format("({}, {})", Quoted(label), column_text));
    columns.push_back(std::move(column_text));
  }
  if (rows.empty()) throw ParserError("UNPIVOT … IN (): no columns");
  constexpr std::string_view kRows = "__teal_unpivot";
  std::string select =
      fmt::format("(SELECT {}({}), {}.{}, {}.{} FROM {}, LATERAL (VALUES {}) AS {}({}, {})",
                  kPivotRestMarker, fmt::join(columns, ", "), kRows, name, kRows, value, source,
                  fmt::join(rows, ", "), kRows, name, value);
  if (!include_nulls) select += fmt::format(" WHERE {}.{} IS NOT NULL", kRows, value);
  return select + ")";
}

}  // namespace

std::string RewritePivot(std::string_view sql) {
  std::string text(sql);
  // One PIVOT or UNPIVOT at a time, the first written: its source may hold another.
  for (int rewrites = 0; rewrites < 64; rewrites++) {
    const std::vector<Token> tokens = Tokenize(text);
    size_t at = tokens.size();
    for (size_t i = 1; i + 1 < tokens.size(); i++) {
      const std::string& w = tokens[i].word;
      if ((w == "pivot" || w == "unpivot") &&
          (tokens[i + 1].word == "(" ||
           (w == "unpivot" && tokens[i + 1].word == "include" && i + 3 < tokens.size()) ||
           (w == "unpivot" && tokens[i + 1].word == "exclude" && i + 3 < tokens.size()))) {
        at = i;
        break;
      }
    }
    if (at == tokens.size()) return text;
    const PivotText t{text, tokens};
    const bool unpivot = tokens[at].word == "unpivot";
    size_t open = at + 1;
    bool include_nulls = false;
    if (tokens[open].word == "include" || tokens[open].word == "exclude") {
      if (tokens[open + 1].word != "nulls") return text;
      include_nulls = tokens[open].word == "include";
      open += 2;
      if (open >= tokens.size() || tokens[open].word != "(") return text;
    }
    const size_t close = AfterBracket(tokens, open);  // the token after ')'
    if (close > tokens.size() || tokens[close - 1].word != ")") {
      throw ParserError(fmt::format("{} (…) is not closed", unpivot ? "UNPIVOT" : "PIVOT"));
    }
    const size_t source_start = SourceStart(tokens, at);
    if (source_start >= at) {
      throw ParserError(
          fmt::format("{} needs a FROM item before it", unpivot ? "UNPIVOT" : "PIVOT"));
    }
    const std::string source = t.Text(source_start, at);
    std::string subquery = unpivot ? UnpivotSubquery(t, source, open, close, include_nulls)
                                   : PivotSubquery(t, source, open, close);
    auto [alias, end] = AliasAfter(t, close);
    text = text.substr(0, tokens[source_start].start) + subquery + alias +
           text.substr(tokens[end - 1].end);
  }
  throw ParserError("too many PIVOT and UNPIVOT clauses in one statement");
}

}  // namespace teal
