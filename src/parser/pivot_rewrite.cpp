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
#include <optional>
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
    // `sum(x) total`: a name straight after a closing parenthesis.
    const size_t last = item.second - 1;
    if (item.second - item.first >= 2 && tokens[last - 1].word == ")" &&
        (sql[tokens[last].start] == '"' ||
         std::isalpha(static_cast<unsigned char>(sql[tokens[last].start])))) {
      return {{item.first, last}, NameOf(sql, tokens[last])};
    }
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

std::string PivotSubquery(const PivotText& t, const std::string& source, size_t open, size_t close,
                          idx_t pivot_limit) {
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
    aggregates.push_back({expression, alias});
  }
  if (aggregates.empty()) throw ParserError("PIVOT (…) needs an aggregate before FOR");
  // Each FOR column and its values; a cell is one value of each.
  struct Pivot {
    std::vector<std::string> columns;  // FOR column, or FOR (column, …)
    std::vector<std::pair<std::vector<std::string>, std::string>> values;  // (one per column, name)
  };
  std::vector<Pivot> pivots;
  size_t i = first_for + 1;
  while (i < group) {
    const size_t in = t.Find(i, group, "in");
    if (in == group || in + 1 >= group || tokens[in + 1].word != "(") {
      throw ParserError("PIVOT (…): FOR column IN (values) expected");
    }
    const size_t after = AfterBracket(tokens, in + 1);
    if (in + 2 < after && tokens[in + 2].word == "select") {
      throw NotImplementedError("PIVOT … IN (subquery): list the values");
    }
    Pivot pivot;
    // FOR (a, b) IN ((1, 'x') [AS name], …): a row of columns, each value a row as wide.
    const bool row = tokens[i].word == "(" && AfterBracket(tokens, i) == in &&
                     TopLevelItems(tokens, i, in - 1).size() > 1;
    if (row) {
      for (Range column : TopLevelItems(tokens, i, in - 1)) pivot.columns.push_back(t.Text(column));
    } else {
      pivot.columns.push_back(t.Text(i, in));
    }
    std::vector<std::string> texts;
    for (Range item : TopLevelItems(tokens, in + 1, after - 1)) {
      auto [value, alias] = t.SplitAlias(item);
      std::string text = t.Text(value);
      if (std::find(texts.begin(), texts.end(), text) != texts.end()) {
        throw BinderError(fmt::format(
            "The value \"{}\" was specified multiple times in the IN clause of PIVOT", text));
      }
      texts.push_back(text);
      std::vector<std::string> parts;
      std::string name;
      if (row) {
        if (tokens[value.first].word != "(" || AfterBracket(tokens, value.first) != value.second) {
          throw BinderError(fmt::format("PIVOT FOR ({}): {} is no row of values",
                                        fmt::join(pivot.columns, ", "), text));
        }
        for (Range part : TopLevelItems(tokens, value.first, value.second - 1)) {
          parts.push_back(t.Text(part));
          name += (name.empty() ? "" : "_") + t.ValueName(part);
        }
        if (parts.size() != pivot.columns.size()) {
          throw BinderError(fmt::format(
              "PIVOT FOR ({}): the value {} has {} fields, the row of columns {}",
              fmt::join(pivot.columns, ", "), text, parts.size(), pivot.columns.size()));
        }
      } else {
        parts.push_back(text);
        name = t.ValueName(value);
      }
      pivot.values.emplace_back(std::move(parts), alias.empty() ? name : alias);
    }
    if (texts.empty()) throw BinderError("PIVOT … IN (): the list of values is empty");
    if (texts.size() == 1 && texts[0] == kNoPivotValues) pivot.values.clear();
    pivots.push_back(std::move(pivot));
    i = after;
    if (i < group && tokens[i].word == "for") i++;
  }
  // Counted before they are written: a mistake can ask for billions (counted up to a
  // trillion).
  constexpr idx_t kCountCap = 1000000000000;
  idx_t columns = aggregates.size();
  for (const Pivot& pivot : pivots) {
    const idx_t values = std::max<idx_t>(pivot.values.size(), 1);
    columns = columns > kCountCap / values ? kCountCap : columns * values;
  }
  if (columns > pivot_limit) {
    throw BinderError(fmt::format(
        "Pivot column limit of {} exceeded: this PIVOT makes {}{} columns (SET pivot_limit = n "
        "raises the limit)",
        pivot_limit, columns == kCountCap ? "at least " : "", columns));
  }
  // The cells: every combination of one value per FOR column, the first column outermost.
  std::vector<std::pair<std::string, std::string>> cells = {{"", ""}};  // (condition, name)
  for (const Pivot& pivot : pivots) {
    std::vector<std::pair<std::string, std::string>> next;
    for (const auto& [condition, name] : cells) {
      for (const auto& [parts, value_name] : pivot.values) {
        std::string matches = condition;
        for (size_t c = 0; c < parts.size(); c++) {
          matches +=
              fmt::format("{}{}({}) IS NOT DISTINCT FROM ({})", matches.empty() ? "" : " AND ",
                          kPivotOnMarker, pivot.columns[c], parts[c]);
        }
        next.emplace_back(std::move(matches), name.empty() ? value_name : name + "_" + value_name);
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
    for (const Pivot& pivot : pivots)
      named.insert(named.end(), pivot.columns.begin(), pivot.columns.end());
    rest = fmt::format("{}({})", kPivotRestMarker, fmt::join(named, ", "));
  }
  std::string select = "(SELECT " + rest;
  const bool suffix = aggregates.size() > 1 || !aggregates[0].alias.empty();
  for (const auto& [condition, name] : cells) {
    for (const Aggregate& a : aggregates) {
      std::string column = name;
      if (suffix) column += "_" + (a.alias.empty() ? t.AggregateName(a.expression) : a.alias);
      select += fmt::format(", {}({}, {}) AS {}", kPivotFilterMarker, condition,
                            t.Text(a.expression), QuoteName(column));
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
    const bool number =
        !column_text.empty() && column_text.find_first_not_of("0123456789") == std::string::npos;
    const bool string =
        column_text.size() >= 2 && column_text.front() == '\'' && column_text.back() == '\'';
    if (number || string) {
      // A constant names a column (DuckDB's): IN (2000, 'jan') are the columns "2000"
      // and "jan", as PIVOT names the columns it makes.
      std::string column_name = number ? column_text : "";
      for (size_t i = 1; string && i + 1 < column_text.size(); i++) {
        column_name += column_text[i];
        if (column_text[i] == '\'') i++;  // '' inside the literal
      }
      if (column_name.empty()) {
        throw ParserError(fmt::format("UNPIVOT … IN ({}): empty column name", column_text));
      }
      column_text = QuoteName(column_name);
    }
    if (tokens[column.first].word == "*" || tokens[column.first].word == "columns") {
      throw NotImplementedError("UNPIVOT … IN (*) or COLUMNS(…): name the columns");
    }
    // Without a label, the name of the column as the table has it (the binder's).
    const std::string name_of =
        label.empty() ? fmt::format("{}({})", kColumnNameMarker, column_text) : Quoted(label);
    rows.push_back(fmt::format("({}, {})", name_of, column_text));
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

/// DuckDB's statement forms, as tokens:
///   PIVOT source [ON expr [IN (values)], …] [USING aggregate [AS alias], …] [GROUP BY …]
///   UNPIVOT source ON column [AS 'label'], … [INTO NAME name VALUE value]
/// (PIVOT_WIDER and UNPIVOT_LONGER are other names for them). `end` is the token after the
/// statement's own clauses (an ORDER BY, LIMIT or the end of the text follows).
struct StatementPivot {
  bool unpivot = false;
  size_t start = 0, end = 0;
  Range source;
  std::vector<Range> on;           // each ON item, without its IN list
  std::vector<bool> has_values;    // whether that ON item lists IN (values)
  std::vector<Range> on_values;    // its IN (…) tokens, the brackets included
  std::vector<Range> using_items;  // PIVOT: the aggregates (count(*) when none)
  Range group_by{0, 0};
  Range name{0, 0}, value{0, 0};  // UNPIVOT: INTO NAME … VALUE …
};

bool IsPivotWord(const std::string& word) {
  return word == "pivot" || word == "pivot_wider" || word == "unpivot" || word == "unpivot_longer";
}

bool EndsPivotStatement(const std::string& word) {
  return word == "order" || word == "limit" || word == "offset" || word == ")" || word == ";" ||
         word == "union" || word == "except" || word == "intersect";
}

/// The statement-form PIVOT or UNPIVOT whose keyword is token `at`, or nullopt when the
/// keyword begins the standard form (`source PIVOT (…)`) instead.
std::optional<StatementPivot> ReadStatementPivot(const PivotText& t, size_t at) {
  const auto& tokens = t.tokens;
  // A statement form begins a query: the text's start, after `(`, AS, EXPLAIN, ….
  if (at > 0) {
    static const char* kBefore[] = {"(",   "as",     "explain",   "analyze", "describe", "union",
                                    "all", "except", "intersect", ";",       "table"};
    const std::string& before = tokens[at - 1].word;
    if (std::none_of(std::begin(kBefore), std::end(kBefore),
                     [&](const char* w) { return before == w; })) {
      return std::nullopt;
    }
  }
  StatementPivot p;
  p.start = at;
  p.unpivot = tokens[at].word.starts_with("unpivot");
  size_t i = at + 1;
  if (i >= tokens.size()) return std::nullopt;
  if (tokens[i].word == "(") {
    i = AfterBracket(tokens, i);
  } else {
    const char first = t.sql[tokens[i].start];
    if (first != '"' && first != '_' && !std::isalpha(static_cast<unsigned char>(first))) {
      return std::nullopt;
    }
    i++;
    while (i + 1 < tokens.size() && tokens[i].word == ".") i += 2;
  }
  p.source = {at + 1, i};
  const auto clause_word = [&](size_t k) {
    if (k >= tokens.size()) return std::string();
    const std::string& w = tokens[k].word;
    if (w == "on" || w == "using" || w == "into") return w;
    if (w == "group" && k + 1 < tokens.size() && tokens[k + 1].word == "by") return w;
    return std::string();
  };
  if (i < tokens.size() && clause_word(i).empty() && !EndsPivotStatement(tokens[i].word)) {
    return std::nullopt;  // `t PIVOT (…)`: the standard form
  }
  if (p.unpivot && clause_word(i) != "on") return std::nullopt;
  // The clauses, each up to the next clause word at the top level.
  while (i < tokens.size() && !EndsPivotStatement(tokens[i].word)) {
    const std::string clause = clause_word(i);
    if (clause.empty())
      throw ParserError(fmt::format("PIVOT: unexpected \"{}\"", t.Text(i, i + 1)));
    size_t begin = i + (clause == "group" ? 2 : 1);
    size_t k = begin;
    int depth = 0;
    for (; k < tokens.size(); k++) {
      const std::string& w = tokens[k].word;
      if (w == "(" || w == "[" || w == "{") {
        depth++;
        continue;
      }
      if (w == ")" || w == "]" || w == "}") {
        if (depth == 0) break;
        depth--;
        continue;
      }
      if (depth == 0 && (!clause_word(k).empty() || EndsPivotStatement(w))) break;
    }
    if (begin == k) throw ParserError(fmt::format("PIVOT: {} needs a list", clause));
    if (clause == "on") {
      for (Range item : TopLevelItems(tokens, begin - 1, k)) {
        const size_t in = t.Find(item.first, item.second, "in");
        if (!p.unpivot && in < item.second) {
          if (in + 1 >= item.second || tokens[in + 1].word != "(" ||
              AfterBracket(tokens, in + 1) != item.second) {
            throw ParserError("PIVOT … ON column IN (values) expected");
          }
          p.on.push_back({item.first, in});
          // IN (SELECT …): the values are that query's rows, read before planning.
          p.has_values.push_back(in + 2 >= item.second || tokens[in + 2].word != "select");
          p.on_values.push_back({in + 1, item.second});
        } else {
          p.on.push_back(item);
          p.has_values.push_back(false);
          p.on_values.push_back({item.second, item.second});
        }
      }
    } else if (clause == "using") {
      for (Range item : TopLevelItems(tokens, begin - 1, k)) p.using_items.push_back(item);
    } else if (clause == "group") {
      p.group_by = {begin, k};
    } else {  // INTO NAME name VALUE value
      if (!p.unpivot || k - begin != 4 || tokens[begin].word != "name" ||
          tokens[begin + 2].word != "value") {
        throw ParserError("UNPIVOT … INTO NAME name VALUE value expected");
      }
      p.name = {begin + 1, begin + 2};
      p.value = {begin + 3, begin + 4};
    }
    i = k;
  }
  p.end = i;
  return p;
}

/// Every statement-form PIVOT and UNPIVOT of the text, outermost first.
std::vector<StatementPivot> FindStatementPivots(const PivotText& t) {
  std::vector<StatementPivot> found;
  for (size_t i = 0; i < t.tokens.size(); i++) {
    if (!IsPivotWord(t.tokens[i].word)) continue;
    if (auto p = ReadStatementPivot(t, i)) found.push_back(std::move(*p));
  }
  return found;
}

/// The standard form of a statement-form PIVOT or UNPIVOT whose ON items all list values.
std::string StandardForm(const PivotText& t, const StatementPivot& p) {
  const std::string source = t.Text(p.source);
  if (p.unpivot) {
    std::vector<std::string> columns;
    for (Range item : p.on) columns.push_back(t.Text(item));
    const std::string name = p.name.first < p.name.second ? t.Text(p.name) : "name";
    const std::string value = p.value.first < p.value.second ? t.Text(p.value) : "value";
    return fmt::format("SELECT * FROM {} UNPIVOT ({} FOR {} IN ({}))", source, value, name,
                       fmt::join(columns, ", "));
  }
  std::vector<std::string> aggregates;
  for (Range item : p.using_items) aggregates.push_back(t.Text(item));
  if (aggregates.empty()) aggregates.push_back("count(*)");
  const std::string group =
      p.group_by.first < p.group_by.second ? t.Text(p.group_by) : std::string();
  if (p.on.empty()) {
    if (p.using_items.empty() && !group.empty()) {
      return fmt::format("SELECT {} FROM {} GROUP BY {}", group, source, group);
    }
    if (group.empty()) return fmt::format("SELECT {} FROM {}", fmt::join(aggregates, ", "), source);
    return fmt::format("SELECT {}, {} FROM {} GROUP BY {}", group, fmt::join(aggregates, ", "),
                       source, group);
  }
  std::string pivot =
      fmt::format("SELECT * FROM {} PIVOT ({} FOR", source, fmt::join(aggregates, ", "));
  for (size_t k = 0; k < p.on.size(); k++) {
    if (!p.has_values[k]) {
      throw NotImplementedError(fmt::format(
          "PIVOT … ON {} without IN (values) here: only a statement run on its own takes the "
          "values from the data; list them",
          t.Text(p.on[k])));
    }
    pivot += fmt::format(" {} IN {}", t.Text(p.on[k]), t.Text(p.on_values[k]));
  }
  if (!group.empty()) pivot += " GROUP BY " + group;
  return pivot + ")";
}

/// An UNPIVOT column item that selects columns by a pattern rather than naming them.
struct UnpivotSelector {
  Range item;          // `*`, `* EXCLUDE (…)`, `COLUMNS(…)`
  std::string source;  // the FROM item it selects from
};

bool SelectsColumns(const std::vector<Token>& tokens, Range item) {
  const std::string& w = tokens[item.first].word;
  return w == "*" ||
         (w == "columns" && item.first + 1 < item.second && tokens[item.first + 1].word == "(");
}

/// The UNPIVOT column items of the text that select columns: of statement forms (their ON
/// items), then of standard forms (their IN items), each in the order written.
std::vector<UnpivotSelector> FindUnpivotSelectors(const PivotText& t) {
  const auto& tokens = t.tokens;
  std::vector<UnpivotSelector> found;
  for (const StatementPivot& p : FindStatementPivots(t)) {
    if (!p.unpivot) continue;
    for (Range item : p.on) {
      if (SelectsColumns(tokens, item)) found.push_back({item, t.Text(p.source)});
    }
  }
  for (size_t at = 1; at + 1 < tokens.size(); at++) {
    if (tokens[at].word != "unpivot") continue;
    size_t open = at + 1;
    if ((tokens[open].word == "include" || tokens[open].word == "exclude") &&
        open + 2 < tokens.size() && tokens[open + 1].word == "nulls") {
      open += 2;
    }
    if (tokens[open].word != "(") continue;
    const size_t close = AfterBracket(tokens, open);
    const size_t source_start = SourceStart(tokens, at);
    if (close > tokens.size() || source_start >= at) continue;
    const size_t in = t.Find(open + 1, close - 1, "in");
    if (in + 1 >= close - 1 || tokens[in + 1].word != "(") continue;
    for (Range item : TopLevelItems(tokens, in + 1, AfterBracket(tokens, in + 1) - 1)) {
      if (SelectsColumns(tokens, item)) found.push_back({item, t.Text(source_start, at)});
    }
  }
  return found;
}

}  // namespace

std::vector<PivotValueQuery> PivotValueQueries(std::string_view sql) {
  const std::vector<Token> tokens = Tokenize(sql);
  const PivotText t{sql, tokens};
  std::vector<PivotValueQuery> queries;
  for (const StatementPivot& p : FindStatementPivots(t)) {
    if (p.unpivot) continue;
    for (size_t k = 0; k < p.on.size(); k++) {
      if (p.has_values[k]) continue;
      const Range values = p.on_values[k];
      if (values.first < values.second) {  // IN (SELECT …)
        queries.push_back({t.Text(values.first + 1, values.second - 1), t.Text(p.on[k])});
        continue;
      }
      queries.push_back(
          {fmt::format("SELECT DISTINCT __teal_value FROM (SELECT {}({}) AS "
                       "__teal_value FROM {}) WHERE __teal_value IS NOT NULL ORDER BY 1",
                       kPivotOnMarker, t.Text(p.on[k]), t.Text(p.source)),
           t.Text(p.on[k])});
    }
  }
  for (const UnpivotSelector& selector : FindUnpivotSelectors(t)) {
    // COLUMNS(* EXCLUDE (…)) selects what `* EXCLUDE (…)` does.
    Range select = selector.item;
    if (tokens[select.first].word == "columns" && select.first + 2 < select.second &&
        tokens[select.first + 2].word == "*") {
      select = {select.first + 2, select.second - 1};
    }
    queries.push_back({fmt::format("SELECT {} FROM {} LIMIT 0", t.Text(select), selector.source),
                       t.Text(selector.item), /*column_names=*/true});
  }
  return queries;
}

std::string FillPivotValues(std::string_view sql, const std::vector<std::string>& lists) {
  const std::vector<Token> tokens = Tokenize(sql);
  const PivotText t{sql, tokens};
  // The edits, [start, end) of the text replaced, in the order the queries were made;
  // written in the order of the text (a PIVOT in another's source comes first there).
  struct Edit {
    size_t start, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const StatementPivot& p : FindStatementPivots(t)) {
    if (p.unpivot) continue;
    for (size_t k = 0; k < p.on.size(); k++) {
      if (p.has_values[k]) continue;
      if (edits.size() >= lists.size()) {
        throw InternalError("FillPivotValues: fewer lists than ON items");
      }
      const Range values = p.on_values[k];
      const std::string& values_text = lists[edits.size()];
      const std::string list =
          "(" + (values_text.empty() ? std::string(kNoPivotValues) : values_text) + ")";
      if (values.first < values.second) {
        edits.push_back({tokens[values.first].start, tokens[values.second - 1].end, list});
      } else {
        const size_t at = tokens[p.on[k].second - 1].end;
        edits.push_back({at, at, " IN " + list});
      }
    }
  }
  for (const UnpivotSelector& selector : FindUnpivotSelectors(t)) {
    if (edits.size() >= lists.size()) {
      throw InternalError("FillPivotValues: fewer lists than UNPIVOT column items");
    }
    edits.push_back({tokens[selector.item.first].start, tokens[selector.item.second - 1].end,
                     lists[edits.size()]});
  }
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.start < b.start; });
  std::string out;
  size_t copied = 0;
  for (const Edit& edit : edits) {
    out.append(sql.substr(copied, edit.start - copied));
    out += edit.text;
    copied = edit.end;
  }
  out.append(sql.substr(copied));
  return out;
}

std::string RewritePivotStatements(std::string_view sql) {
  std::string text(sql);
  for (int rewrites = 0; rewrites < 64; rewrites++) {
    const std::vector<Token> tokens = Tokenize(text);
    const PivotText t{text, tokens};
    std::vector<StatementPivot> found = FindStatementPivots(t);
    if (found.empty()) return text;
    // The innermost last: a source or value list holding another is rewritten after it.
    const StatementPivot& p = found.back();
    const size_t end = p.end < tokens.size() ? tokens[p.end].start : text.size();
    text = text.substr(0, tokens[p.start].start) + StandardForm(t, p) + " " + text.substr(end);
  }
  throw ParserError("too many PIVOT and UNPIVOT statements in one statement");
}

std::string RewritePivot(std::string_view sql, idx_t pivot_limit) {
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
                                   : PivotSubquery(t, source, open, close, pivot_limit);
    auto [alias, end] = AliasAfter(t, close);
    text = text.substr(0, tokens[source_start].start) + subquery + alias +
           text.substr(tokens[end - 1].end);
  }
  throw ParserError("too many PIVOT and UNPIVOT clauses in one statement");
}

}  // namespace teal
