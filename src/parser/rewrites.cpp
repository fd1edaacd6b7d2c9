// The text rewrites that run before the PostgreSQL grammar: DuckDB syntax the grammar
// lacks, written into forms it accepts (and markers the transformer turns back).
#include "parser/rewrites.hpp"

#include <fmt/format.h>
#include <strings.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "parser/identifier.hpp"
#include "parser/sql_scanner.hpp"
#include "teal/error.hpp"

namespace teal {

std::string RewriteNumericUnderscores(std::string_view sql) {
  auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  std::string out;
  size_t copied = 0;
  SqlTextScanner scanner(sql);
  while (!scanner.Done()) {
    if (scanner.SkipQuotedOrComment()) continue;
    const size_t at = scanner.Position();
    const char c = scanner.Current();
    scanner.Advance();
    // A number starts with a digit that does not continue a name or a parameter.
    if (!std::isdigit(static_cast<unsigned char>(c)) || (at > 0 && word_char(sql[at - 1]))) {
      continue;
    }
    size_t end = at + 1;
    while (end < sql.size() && (word_char(sql[end]) || sql[end] == '.') && sql[end] != '$') end++;
    while (scanner.Position() < end) scanner.Advance();
    for (size_t i = at + 1; i + 1 < end; i++) {
      if (sql[i] == '_' && std::isdigit(static_cast<unsigned char>(sql[i - 1])) &&
          std::isdigit(static_cast<unsigned char>(sql[i + 1]))) {
        out.append(sql, copied, i - copied);
        copied = i + 1;
      }
    }
  }
  if (copied == 0) return std::string(sql);
  out.append(sql, copied, std::string::npos);
  return out;
}

namespace {

bool IsOneOf(const std::string& word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

/// Whether token `t` of `sql` is a name: a word that starts with a letter or '_', or a
/// double-quoted identifier.
bool IsNameToken(std::string_view sql, const Token& t) {
  const unsigned char c = static_cast<unsigned char>(t.word[0]);
  return (t.word == "\"" && sql[t.start] == '"') || c == '_' || std::isalpha(c);
}

}  // namespace

std::string RewriteStructLiterals(std::string_view sql) {
  std::string text(sql);
  for (;;) {
    std::vector<Token> tokens = Tokenize(text);
    // The innermost literal first: one without another { inside.
    size_t open = tokens.size();
    for (size_t i = 0; i < tokens.size(); i++) {
      if (tokens[i].word == "{") open = i;
      if (tokens[i].word == "}" && open < tokens.size()) break;
    }
    if (open == tokens.size()) return text;
    const size_t end = AfterBracket(tokens, open);
    if (end > tokens.size() || tokens[end - 1].word != "}") {
      throw ParserError(fmt::format("a STRUCT literal {{…}} is not closed: {}",
                                    Excerpt(text, tokens[open].start)));
    }
    const size_t close = end - 1;
    auto items = TopLevelItems(tokens, open, close);
    if (open > 0 && tokens[open - 1].word == "map") {
      // MAP {k: v, …}: map([k, …], [v, …]), keys and values any expressions.
      std::string keys, values;
      for (size_t k = 0; k < items.size(); k++) {
        auto [first, last] = items[k];
        size_t colon = last;
        int depth = 0;
        for (size_t t = first; t < last; t++) {
          const std::string& w = tokens[t].word;
          if (w == "(" || w == "[" || w == "{") depth++;
          if (w == ")" || w == "]" || w == "}") depth--;
          const bool part_of_cast =
              (t + 1 < last && tokens[t + 1].word == ":" && tokens[t + 1].start == tokens[t].end) ||
              (t > first && tokens[t - 1].word == ":" && tokens[t - 1].end == tokens[t].start);
          if (depth == 0 && w == ":" && !part_of_cast) {
            colon = t;
            break;
          }
        }
        if (colon == last || colon == first || colon + 1 == last) {
          throw ParserError(fmt::format("a MAP literal's entries are key: value: {}",
                                        Excerpt(text, tokens[first].start)));
        }
        keys += (k ? ", " : "") +
                text.substr(tokens[first].start, tokens[colon - 1].end - tokens[first].start);
        values += (k ? ", " : "") + text.substr(tokens[colon + 1].start,
                                                tokens[last - 1].end - tokens[colon + 1].start);
      }
      std::string call =
          items.empty() ? "map()" : "map(list_value(" + keys + "), list_value(" + values + "))";
      text = text.substr(0, tokens[open - 1].start) + call + text.substr(tokens[close].end);
      continue;
    }
    std::string call = "struct_pack(";
    if (items.empty()) throw ParserError("a STRUCT literal {} needs at least one field");
    for (size_t k = 0; k < items.size(); k++) {
      auto [first, last] = items[k];
      // 'key': value, or key: value — the first ':' that is no part of '::'.
      size_t colon = first + 1;
      if (colon >= last || tokens[colon].word != ":" ||
          (colon + 1 < last && tokens[colon + 1].word == ":" &&
           tokens[colon + 1].start == tokens[colon].end)) {
        throw ParserError(fmt::format("a STRUCT literal's fields are 'name': value: {}",
                                      Excerpt(text, tokens[first].start)));
      }
      std::string_view key(text.data() + tokens[first].start,
                           tokens[first].end - tokens[first].start);
      std::string name;
      if (key.size() >= 2 && (key[0] == '\'' || key[0] == '"')) {
        for (size_t c = 1; c + 1 < key.size(); c++) {
          name += key[c];
          if (key[c] == key[0]) c++;  // a doubled quote is one
        }
      } else {
        name = std::string(key);
      }
      std::string identifier = "\"";
      for (char c : name) identifier += c == '"' ? std::string("\"\"") : std::string(1, c);
      identifier += "\"";
      const size_t value_start = tokens[colon].end;
      const size_t value_end = tokens[last - 1].end;
      call +=
          (k ? ", " : "") + identifier + " := " + text.substr(value_start, value_end - value_start);
    }
    call += ")";
    text = text.substr(0, tokens[open].start) + call + text.substr(tokens[close].end);
  }
}

namespace {
/// Whether the word at `at` stands where a type does: after ::, AS (CAST … AS, CREATE TYPE …
/// AS), TYPE (ALTER … TYPE), or a column's name in a column list — so that MAP(…) there is
/// the type, and map(…) elsewhere the function (ROW(…): the STRUCT type, else a row value).
bool IsQueryStart(const std::string& word) {
  return word == "select" || word == "values" || word == "with" || word == "from" ||
         word == "table" || word == "(";
}

bool IsTypePosition(const std::vector<Token>& tokens, size_t at) {
  if (at == 0) return false;
  const std::string& prev = tokens[at - 1].word;
  if (prev == "as" || prev == "type") return true;
  if (prev == ":" && at >= 2 && tokens[at - 2].word == ":") return true;
  if (at >= 2 && (tokens[at - 2].word == "(" || tokens[at - 2].word == ",")) {
    const char c = prev.empty() ? '\0' : prev[0];
    const bool name = std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '"';
    return name && !IsReservedWord(prev);
  }
  return false;
}
}  // namespace

std::string RewriteStructTypes(std::string_view sql) {
  std::string text(sql);
  for (;;) {
    std::vector<Token> tokens = Tokenize(text);
    size_t at = tokens.size();
    for (size_t i = 0; i + 1 < tokens.size(); i++) {
      if (tokens[i].word == "struct" && tokens[i + 1].word == "(" &&
          (i == 0 || tokens[i - 1].word != ".")) {
        at = i;
        break;
      }
      if ((tokens[i].word == "map" || tokens[i].word == "row") && tokens[i + 1].word == "(" &&
          IsTypePosition(tokens, i)) {
        at = i;
        break;
      }
      // UNION(a INTEGER, …) where a type stands; `SELECT a, b UNION (SELECT …)` is the set
      // operation, whose parentheses hold a query.
      if (tokens[i].word == "union" && tokens[i + 1].word == "(" && i + 2 < tokens.size() &&
          !IsQueryStart(tokens[i + 2].word) && IsTypePosition(tokens, i)) {
        at = i;
        break;
      }
    }
    if (at == tokens.size()) return text;
    const size_t end = AfterBracket(tokens, at + 1);
    if (end > tokens.size() || tokens[end - 1].word != ")") {
      std::string keyword = tokens[at].word;
      for (char& c : keyword) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      throw ParserError(
          fmt::format("{}( is not closed: {}", keyword, Excerpt(text, tokens[at].start)));
    }
    std::string type = std::string(tokens[at].word == "map"     ? kMapTypeMarker
                                   : tokens[at].word == "union" ? kUnionTypeMarker
                                                                : kStructTypeMarker) +
                       "(";
    auto items = TopLevelItems(tokens, at + 1, end - 1);
    if (items.empty()) {
      throw ParserError(tokens[at].word == "union" ? "a UNION type needs at least one member"
                                                   : "a STRUCT type needs at least one field");
    }
    for (size_t k = 0; k < items.size(); k++) {
      auto [first, last] = items[k];
      type +=
          (k ? ", " : "") + Quoted(std::string_view(text).substr(
                                tokens[first].start, tokens[last - 1].end - tokens[first].start));
    }
    type += ")";
    text = text.substr(0, tokens[at].start) + type + text.substr(tokens[end - 1].end);
  }
}

std::string RewriteIntervalLiterals(std::string_view sql) {
  static constexpr std::string_view kUnits[] = {
      "year",        "years",        "month",       "months",       "day",     "days",
      "hour",        "hours",        "minute",      "minutes",      "second",  "seconds",
      "week",        "weeks",        "millisecond", "milliseconds", "quarter", "quarters",
      "microsecond", "microseconds", "decade",      "decades",      "century", "centuries",
      "millennium",  "millennia"};
  auto is_unit = [](const std::string& w) {
    for (std::string_view u : kUnits) {
      if (w == u) return true;
    }
    return false;
  };
  std::string text(sql);
  std::vector<Token> tokens = Tokenize(text);
  // Last first, so that the places of the earlier ones stay where they were.
  for (size_t k = tokens.size(); k-- > 0;) {
    if (tokens[k].word != "interval" || k + 2 >= tokens.size()) continue;
    size_t i = k + 1;
    if (tokens[i].word == "(") {
      // INTERVAL (expression) unit: the expression times one unit.
      const size_t end = AfterBracket(tokens, i);
      if (end >= tokens.size() || !is_unit(tokens[end].word)) continue;
      const std::string expression =
          text.substr(tokens[i].start, tokens[end - 1].end - tokens[i].start);
      text = text.substr(0, tokens[k].start) + "(" + expression + " * INTERVAL '1 " +
             tokens[end].word + "')" + text.substr(tokens[end].end);
      continue;
    }
    // INTERVAL 5 DAY, INTERVAL -1.5 HOURS: a number written without quotes.
    const size_t first = i;
    if (tokens[i].word == "-" || tokens[i].word == "+") i++;
    size_t last = i;
    while (last < tokens.size() && tokens[last].word.size() == 1 &&
           (std::isdigit(static_cast<unsigned char>(tokens[last].word[0])) ||
            tokens[last].word == ".") &&
           (last == i || tokens[last].start == tokens[last - 1].end)) {
      last++;
    }
    if (last == i || last >= tokens.size() || !is_unit(tokens[last].word)) continue;
    const std::string number =
        text.substr(tokens[first].start, tokens[last - 1].end - tokens[first].start);
    text = text.substr(0, tokens[k].start) + "INTERVAL '" + number + " " + tokens[last].word + "'" +
           text.substr(tokens[last].end);
  }
  return text;
}

std::string RewriteEmptyInLists(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i + 2 < tokens.size(); i++) {
    if (tokens[i].word != "in" || tokens[i + 1].word != "(" || tokens[i + 2].word != ")") continue;
    out.append(sql, copied, tokens[i + 1].start - copied);
    out += "(SELECT NULL WHERE false)";
    copied = tokens[i + 2].end;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

std::string RewriteInListExpressions(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  const auto is_name = [&](const Token& t) { return IsNameToken(sql, t); };
  // The brackets open at each token, and whether a FOR came in each since it opened:
  // POSITION(a IN b) and [x FOR x, i IN l] are not membership tests.
  std::vector<size_t> open;
  std::vector<bool> comprehension{false};
  std::vector<std::pair<size_t, size_t>> operands;  // [first, last) token ranges
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[") {
      open.push_back(i);
      comprehension.push_back(false);
    }
    if ((w == ")" || w == "]") && !open.empty()) {
      open.pop_back();
      comprehension.pop_back();
    }
    if (w == "for" || w == "if") comprehension.back() = w == "for";  // IF's condition is not
    if (w != "in" || i == 0 || tokens[i + 1].word == "(" || comprehension.back()) continue;
    if (!open.empty() && open.back() > 0 && tokens[open.back() - 1].word == "position") continue;
    size_t end = i + 1;
    const std::string& next = tokens[end].word;
    if (next == "array" && end + 1 < tokens.size() && tokens[end + 1].word == "[") {
      end = AfterBracket(tokens, end + 1);
    } else if (next == "$") {
      end++;
      while (end < tokens.size() && tokens[end].start == tokens[end - 1].end &&
             std::isdigit(static_cast<unsigned char>(tokens[end].word[0]))) {
        end++;
      }
    } else if (is_name(tokens[end]) && !IsOneOf(next, {"schema", "select", "values", "access",
                                                       "share", "exclusive", "row"})) {
      end++;
      while (end + 1 < tokens.size() && tokens[end].word == "." && is_name(tokens[end + 1])) {
        end += 2;
      }
      if (end < tokens.size() && tokens[end].word == "(") end = AfterBracket(tokens, end);
    } else {
      continue;
    }
    while (end < tokens.size() && tokens[end].word == "[") end = AfterBracket(tokens, end);
    if (end > tokens.size() || end == i + 1) continue;
    operands.emplace_back(i + 1, end);
  }
  std::string out;
  size_t copied = 0;
  for (const auto& [first, last] : operands) {
    out.append(sql, copied, tokens[first].start - copied);
    out += fmt::format("({}(", kInListMarker);
    out.append(sql, tokens[first].start, tokens[last - 1].end - tokens[first].start);
    out += "))";
    copied = tokens[last - 1].end;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

std::string RewriteEmptyTypeModifiers(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i + 2 < tokens.size(); i++) {
    if (!IsOneOf(tokens[i].word, {"decimal", "dec", "numeric"}) || tokens[i + 1].word != "(" ||
        tokens[i + 2].word != ")") {
      continue;
    }
    out.append(sql, copied, tokens[i].end - copied);
    copied = tokens[i + 2].end;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

std::string RewriteAllClauses(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  auto ends_clause = [&](size_t i, bool order) {
    if (i >= tokens.size()) return true;
    static const char* kAfterGroup[] = {")",      ";",         "having", "order",
                                        "limit",  "offset",    "union",  "except",
                                        "window", "intersect", "fetch",  "qualify"};
    static const char* kAfterOrder[] = {")",     ";",      "asc",   "desc",  "nulls",
                                        "limit", "offset", "fetch", "union", "except"};
    const std::string& w = tokens[i].word;
    if (order)
      return std::find(std::begin(kAfterOrder), std::end(kAfterOrder), w) != std::end(kAfterOrder);
    return std::find(std::begin(kAfterGroup), std::end(kAfterGroup), w) != std::end(kAfterGroup);
  };
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i + 2 < tokens.size(); i++) {
    bool group = tokens[i].word == "group", order = tokens[i].word == "order";
    // DuckDB spells ALL there as `*` too: GROUP BY *, ORDER BY * DESC.
    const std::string& all = tokens[i + 2].word;
    if (!(group || order) || tokens[i + 1].word != "by" || (all != "all" && all != "*")) continue;
    if (!ends_clause(i + 3, order)) continue;
    out.append(sql, copied, tokens[i + 2].start - copied);
    out += fmt::format("\"{}\"", kAllMarker);
    copied = tokens[i + 2].end;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

std::string RewriteDescribe(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.empty()) return std::string(sql);
  // DESCRIBE name | DESCRIBE query | SHOW query | SHOW TABLES | DATABASES | VARIABLES, as a
  // statement or a parenthesized FROM item: `(DESCRIBE t)`. Last first, so the earlier places stay
  // where they were.
  auto name_of = [&](const Token& t) {
    if (t.word != "\"") return t.word;  // as the catalog reads it: unquoted, folded
    std::string out;
    for (size_t i = t.start + 1; i + 1 < t.end; i++) {
      out += sql[i];
      if (sql[i] == '"') i++;  // "" is one quote
    }
    return out;
  };
  auto is_name = [&](const Token& t) { return IsNameToken(sql, t); };
  auto is_query = [&](size_t i) {
    return i < tokens.size() &&
           IsOneOf(tokens[i].word, {"select", "from", "with", "values", "pivot", "unpivot", "("});
  };
  // The parameters ($n) of tokens [from, to), as further arguments ", $1, $2": the query goes
  // into a string, where a statement prepared from the rewritten text would not count them.
  auto parameters_of = [&](size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i + 1 < to; i++) {
      if (tokens[i].word != "$" || tokens[i + 1].start != tokens[i].end) continue;
      std::string number;
      for (size_t j = i + 1; j < to && tokens[j].start == tokens[j - 1].end &&
                             std::isdigit(static_cast<unsigned char>(tokens[j].word[0]));
           j++) {
        number += tokens[j].word;
      }
      if (!number.empty()) out += ", $" + number;
    }
    return out;
  };
  std::string text(sql);
  for (size_t k = tokens.size(); k-- > 0;) {
    const std::string& w = tokens[k].word;
    // At the statement's start, in brackets, or as what PREPARE name [(types)] AS prepares.
    const bool prepared = k > 2 && tokens[0].word == "prepare" && tokens[k - 1].word == "as" &&
                          (k == 3 || tokens[k - 2].word == ")");
    if (k > 0 && tokens[k - 1].word != "(" && !prepared) continue;
    const bool describe = w == "describe";
    const bool summarize = w == "summarize";
    const bool listing =
        w == "show" && k + 1 < tokens.size() &&
        IsOneOf(tokens[k + 1].word, {"tables", "databases", "variables", "schemas"});
    // SHOW ALL TABLES, DESCRIBE ALL: every database's tables and views with their columns
    const bool all_tables =
        k + 1 < tokens.size() && tokens[k + 1].word == "all" &&
        ((w == "show" && k + 2 < tokens.size() && tokens[k + 2].word == "tables") || describe);
    if (!describe && !summarize && !listing && !all_tables && !(w == "show" && is_query(k + 1))) {
      continue;
    }
    // The statement's end, or the bracket closing the one before it.
    size_t end = tokens.size();
    if (k > 0 && !prepared) end = AfterBracket(tokens, k - 1) - 1;
    if (end == tokens.size() && end > k + 1 && tokens[end - 1].word == ";") end--;
    if (end <= k + 1) continue;  // a column named describe, or nothing to describe
    // DESCRIBE TABLE name, SUMMARIZE TABLE name: the word adds nothing
    const size_t first =
        (describe || summarize) && end > k + 2 && tokens[k + 1].word == "table" ? k + 2 : k + 1;
    std::string call;
    if (all_tables) {
      if (end != k + (describe ? 2 : 3)) continue;
      call =
          "SELECT database_name AS database, schema_name AS schema, table_name AS name, "
          "list(column_name ORDER BY column_index) AS column_names, list(data_type ORDER BY "
          "column_index) AS column_types, database_name = 'temp' AS temporary FROM "
          "duckdb_columns() GROUP BY database_name, schema_name, table_name ORDER BY database, "
          "schema, name";
    } else if (listing && tokens[k + 1].word == "tables" && end > k + 3 &&
               tokens[k + 2].word == "from") {
      // SHOW TABLES FROM db | schema | db.schema: a database's tables (every schema's), else
      // the default database's schema's.
      const bool qualified = end == k + 6 && tokens[k + 4].word == ".";
      if (!(end == k + 4 || qualified) || !is_name(tokens[k + 3]) ||
          (qualified && !is_name(tokens[k + 5]))) {
        throw ParserError("SHOW TABLES FROM takes a database, a schema or database.schema");
      }
      const std::string first = Quoted(name_of(tokens[k + 3]));
      const std::string where =
          qualified ? "lower(database_name) = lower(" + first +
                          ") AND lower(schema_name) = lower(" + Quoted(name_of(tokens[k + 5])) + ")"
                    : "CASE WHEN EXISTS (SELECT 1 FROM duckdb_databases() WHERE "
                      "lower(database_name) = lower(" +
                          first + ")) THEN lower(database_name) = lower(" + first +
                          ") ELSE database_name = current_database() AND lower(schema_name) = "
                          "lower(" +
                          first + ") END";
      call =
          "SELECT name FROM (SELECT table_name AS name, database_name, schema_name FROM "
          "duckdb_tables() UNION ALL SELECT view_name, database_name, schema_name FROM "
          "duckdb_views()) WHERE " +
          where + " ORDER BY name";
    } else if (listing) {
      if (end != k + 2) continue;
      call =
          tokens[k + 1].word == "schemas"
              // Every attached database's schemas; current: the default database and schema.
              ? "SELECT database_name, schema_name, database_name = current_database() AND "
                "schema_name = current_schema() AS \"current\" FROM duckdb_schemas() WHERE "
                "database_name NOT IN ('temp', 'system') ORDER BY database_name, schema_name"
              : tokens[k + 1].word == "variables" ? "SELECT * FROM duckdb_variables()"
                : tokens[k + 1].word == "tables"
                    // The default database's (USE) main and default schema, and the temporary
                    // objects.
                    ? "SELECT name FROM (SELECT table_name AS name FROM duckdb_tables() WHERE "
                      "schema_name IN ('main', current_schema()) AND database_name IN "
                      "(current_database(), 'temp') UNION ALL SELECT view_name FROM duckdb_views() "
                      "WHERE schema_name IN ('main', current_schema()) AND database_name IN "
                      "(current_database(), 'temp')) ORDER BY name"
                    : "SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY "
                      "database_name";
    } else if (summarize) {
      // SUMMARIZE name is SUMMARIZE SELECT * FROM name, so that a CTE's name works too.
      std::string query =
          text.substr(tokens[first].start, tokens[end - 1].end - tokens[first].start);
      if (!is_query(first)) query = "SELECT * FROM " + query;
      call = "SELECT * FROM \"" + std::string(kSummarizeFunction) + "\"(" + Quoted(query) +
             parameters_of(first, end) + ")";
    } else if (is_query(k + 1)) {
      const std::string query =
          text.substr(tokens[k + 1].start, tokens[end - 1].end - tokens[k + 1].start);
      call = "SELECT * FROM \"" + std::string(kDescribeFunction) + "\"('', '', " + Quoted(query) +
             parameters_of(k + 1, end) + ")";
    } else if (describe) {
      const bool qualified = end == first + 3 && tokens[first + 1].word == ".";
      if (!(end == first + 1 || qualified) || !is_name(tokens[first]) ||
          (qualified && !is_name(tokens[first + 2]))) {
        throw NotImplementedError("DESCRIBE of anything but a table or view name, or a query");
      }
      const std::string schema = qualified ? name_of(tokens[first]) : "";
      const std::string name = name_of(tokens[qualified ? first + 2 : first]);
      call = "SELECT * FROM \"" + std::string(kDescribeFunction) + "\"(" + Quoted(schema) + ", " +
             Quoted(name) + ")";
    } else {
      continue;
    }
    const size_t stop = tokens[end - 1].end;
    text = text.substr(0, tokens[k].start) + call + text.substr(stop);
  }
  return text;
}

std::string RewriteGeneratedColumns(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  // ALTER TABLE … ADD [COLUMN] name [type] [GENERATED ALWAYS] AS (…): DuckDB's words (Teal,
  // as DuckDB, computes generated columns of the columns a table is made with only).
  if (tokens.size() > 4 && tokens[0].word == "alter" && tokens[1].word == "table") {
    bool add = false;
    for (size_t i = 2; i + 1 < tokens.size(); i++) {
      add = add || tokens[i].word == "add";
      if (add && tokens[i].word == "as" && tokens[i + 1].word == "(") {
        throw ParserError("Adding generated columns after table creation is not supported yet");
      }
    }
  }
  // Only in CREATE [OR REPLACE] [TEMP…] TABLE name ( … ).
  if (tokens.size() < 4 || tokens[0].word != "create") return std::string(sql);
  size_t open = 1;
  while (open < tokens.size() && tokens[open].word != "(" && tokens[open].word != "as") open++;
  if (open >= tokens.size() || tokens[open].word != "(" ||
      std::none_of(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(open),
                   [](const Token& t) { return t.word == "table"; })) {
    return std::string(sql);
  }
  const size_t close = AfterBracket(tokens, open) - 1;
  std::vector<Edit> edits;
  int depth = 0;
  for (size_t i = open + 1; i < close; i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") depth++;
    if (w == ")" || w == "]" || w == "}") depth--;
    if (depth != 0 || w != "as" || i + 1 >= close || tokens[i + 1].word != "(") continue;
    // At the column list's own level `AS (` starts a generated column's expression:
    // GENERATED ALWAYS AS (…), DuckDB's `name type AS (…)`, or `name AS (…)`, whose type is
    // the expression's.
    const bool generated =
        i >= 2 && tokens[i - 1].word == "always" && tokens[i - 2].word == "generated";
    const bool bare = i >= 2 && (tokens[i - 2].word == "(" || tokens[i - 2].word == ",");
    // name GENERATED ALWAYS AS (…), without a type
    const bool bare_generated =
        generated && i >= 4 && (tokens[i - 4].word == "(" || tokens[i - 4].word == ",");
    if (bare) {
      edits.push_back({tokens[i].start, tokens[i].end,
                       std::string("\"") + kInferredType + "\" GENERATED ALWAYS AS"});
    } else if (bare_generated) {
      edits.push_back(
          {tokens[i - 2].start, tokens[i - 2].start, std::string("\"") + kInferredType + "\" "});
    } else if (!generated) {
      edits.push_back({tokens[i].start, tokens[i].end, "GENERATED ALWAYS AS"});
    }
    // The grammar knows STORED only; a generated column of Teal is computed when its row is
    // written, which reads the same as DuckDB's VIRTUAL.
    const size_t after = AfterBracket(tokens, i + 1);
    if (after < close && (tokens[after].word == "virtual" || tokens[after].word == "stored")) {
      edits.push_back({tokens[after].start, tokens[after].end, "STORED"});
    } else {
      edits.push_back({tokens[after - 1].end, tokens[after - 1].end, " STORED"});
    }
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewritePrefixAliases(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  const auto is_name = [&](const Token& t, bool string_too) {
    return IsNameToken(sql, t) || (string_too && sql[t.start] == '\'');
  };
  const auto is_colon = [&](size_t i) {
    return i < tokens.size() && tokens[i].word == ":" &&
           (i + 1 >= tokens.size() || (tokens[i + 1].word != ":" && tokens[i + 1].word != "=")) &&
           tokens[i - 1].word != ":";
  };
  // What ends an item: a comma or a clause at its level (not IS DISTINCT FROM's FROM).
  const auto ends_item = [&](size_t k) {
    const std::string& w = tokens[k].word;
    if (w == "from") return k == 0 || tokens[k - 1].word != "distinct";
    return IsOneOf(w, {",",       ";",     "where", "group",  "having",      "window",
                       "qualify", "order", "limit", "offset", "union",       "intersect",
                       "except",  "into",  "on",    "using",  "join",        "left",
                       "right",   "inner", "full",  "cross",  "natural",     "positional",
                       "asof",    "anti",  "semi",  "as",     "tablesample", "select"});
  };
  std::vector<Edit> edits;
  // The open brackets, innermost last, each with whether a SELECT list or a FROM list is
  // at its level (else its commas part a call's arguments or a lambda's parameters).
  struct Level {
    std::string bracket;
    bool list = false;
  };
  std::vector<Level> levels(1);
  bool in_from = false;  // the innermost list is a FROM list
  for (size_t i = 0; i + 2 < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") levels.push_back({w, false});
    if ((w == ")" || w == "]" || w == "}") && levels.size() > 1) levels.pop_back();
    if (w == "select") in_from = false;
    if (w == "from" || w == "join") in_from = true;
    if (IsOneOf(w, {"select", "from", "join"})) levels.back().list = true;
    const bool starts_item = IsOneOf(w, {"select", ",", "from", "join", "distinct", "all"});
    if (!starts_item || (w == "," && !levels.back().list) ||
        (levels.size() > 1 && levels.back().bracket != "(")) {
      continue;
    }
    const size_t name = i + 1;
    if (!is_name(tokens[name], in_from) || !is_colon(name + 1) || name + 2 >= tokens.size()) {
      continue;
    }
    // The item: from after the colon to its end at this bracket level.
    size_t end = name + 2;
    int depth = 0;
    for (; end < tokens.size(); end++) {
      const std::string& t = tokens[end].word;
      if (t == "(" || t == "[" || t == "{") depth++;
      if (t == ")" || t == "]" || t == "}") {
        if (depth == 0) break;
        depth--;
      }
      if (depth == 0 && end > name + 2 && ends_item(end)) break;
    }
    if (end == name + 2) continue;
    edits.push_back({tokens[name].start, tokens[name + 2].start, ""});
    edits.push_back({tokens[end - 1].end, tokens[end - 1].end,
                     " AS " + std::string(sql.substr(tokens[name].start,
                                                     tokens[name].end - tokens[name].start))});
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewriteStringAliases(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  // CREATE [OR REPLACE] [TEMP] MACRO / FUNCTION name(…) AS 'body': that AS is no alias.
  bool routine = false;
  for (size_t i = 0; i < tokens.size() && i < 6; i++) {
    routine = routine || IsOneOf(tokens[i].word, {"macro", "function"});
  }
  routine = routine && !tokens.empty() && tokens[0].word == "create";
  int depth = 0;
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (w == "(") depth++;
    if (w == ")") depth--;
    if (w != "as" || tokens[i + 1].word != "\"" || sql[tokens[i + 1].start] != '\'') continue;
    if (routine && depth == 0) {
      routine = false;  // the body's AS; the ones inside it are aliases again
      continue;
    }
    auto quote = [&](const Token& alias) {
      std::string text(sql.substr(alias.start + 1, alias.end - alias.start - 2));
      std::string name;
      for (size_t k = 0; k < text.size(); k++) {
        if (text[k] == '\'' && k + 1 < text.size() && text[k + 1] == '\'') k++;  // '' is '
        if (text[k] == '"') name += '"';
        name += text[k];
      }
      edits.push_back({alias.start, alias.end, "\"" + name + "\""});
    };
    quote(tokens[i + 1]);
    // A table alias's column names: AS 't'('k', 'l').
    if (i + 2 < tokens.size() && tokens[i + 2].word == "(") {
      size_t k = i + 3;
      for (; k + 1 < tokens.size() && tokens[k].word == "\"" && sql[tokens[k].start] == '\'';
           k += 2) {
        quote(tokens[k]);
        if (tokens[k + 1].word != ",") break;
      }
    }
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewriteFilterWithoutWhere(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 2; i + 2 < tokens.size(); i++) {
    if (tokens[i].word != "filter" || tokens[i + 1].word != "(" || tokens[i - 1].word != ")" ||
        tokens[i + 2].word == "where") {
      continue;
    }
    // The ")" must end a call: its "(" follows a function's name, not FROM or a keyword.
    size_t open = i - 1;
    for (int depth = 0; open > 0; open--) {
      if (tokens[open].word == ")") depth++;
      if (tokens[open].word == "(" && --depth == 0) break;
    }
    if (open == 0) continue;
    const std::string& name = tokens[open - 1].word;
    const bool word = !name.empty() && (std::isalnum(static_cast<unsigned char>(name[0])) ||
                                        name[0] == '_' || name == "\"");
    if (!word || IsOneOf(name, {"from",   "join",    "in",    "exists", "as",     "select", "where",
                                "on",     "and",     "or",    "not",    "any",    "all",    "some",
                                "values", "lateral", "using", "over",   "filter", "within"})) {
      continue;
    }
    edits.push_back({tokens[i + 2].start, tokens[i + 2].start, "WHERE "});
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewriteTrailingCommas(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i < tokens.size(); i++) {
    if (tokens[i].word != ",") continue;
    // Only words the grammar reserves: a comma before one of them cannot be followed by a
    // column of that name (which would have to be quoted).
    bool trailing = i + 1 == tokens.size() ||
                    IsOneOf(tokens[i + 1].word,
                            {")", "]", "}", "from", "where", "group", "having", "window", "order",
                             "limit", "offset", "union", "intersect", "except", "fetch", "into"});
    // MAP(INTEGER, UNION(a INTEGER, …)): a UNION type, not the set operation.
    if (trailing && i + 3 < tokens.size() && tokens[i + 1].word == "union" &&
        tokens[i + 2].word == "(" && !IsQueryStart(tokens[i + 3].word)) {
      trailing = false;
    }
    if (trailing) edits.push_back({tokens[i].start, tokens[i].end, ""});
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

namespace {

/// The items of the bracketed list opening at token `open`: [first, last) token ranges
/// split at its top-level commas. `end` gets the token after the closing bracket.
std::vector<std::pair<size_t, size_t>> ListItems(const std::vector<Token>& tokens, size_t open,
                                                 size_t& end) {
  end = AfterBracket(tokens, open);
  std::vector<std::pair<size_t, size_t>> items;
  size_t first = open + 1;
  int depth = 0;
  for (size_t i = open + 1; i + 1 < end; i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") depth++;
    if (w == ")" || w == "]" || w == "}") depth--;
    if (w == "," && depth == 0) {
      items.push_back({first, i});
      first = i + 1;
    }
  }
  if (end > first + 1) items.push_back({first, end - 1});
  return items;
}

}  // namespace

std::string RewriteStarModifiers(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  auto text_of = [&](size_t first, size_t last) {  // tokens [first, last)
    return std::string(sql.substr(tokens[first].start, tokens[last - 1].end - tokens[first].start));
  };
  for (size_t k = 1; k + 1 < tokens.size(); k++) {
    if (tokens[k].word != "*") continue;
    const std::string& modifier = tokens[k + 1].word;
    if (!IsOneOf(modifier, {"exclude", "replace", "rename"})) continue;
    // `*` of a select list (after SELECT, DISTINCT, ALL or a comma), or `t.*`: not a product.
    size_t begin = k;
    if (tokens[k - 1].word == "." && k >= 2) {
      begin = k - 2;  // the qualifier: name(.name)*
      while (begin >= 2 && tokens[begin - 1].word == ".") begin -= 2;
    } else if (!IsOneOf(tokens[k - 1].word, {"select", "distinct", "all", ",", "returning"}) &&
               !(k >= 2 && tokens[k - 1].word == "(" && tokens[k - 2].word == "columns")) {
      continue;  // neither a select list's `*` nor COLUMNS(* …)
    }
    std::string call =
        "\"" + std::string(kStarMarker) + "\"(" +
        (begin == k ? std::string("\"") + kUnqualifiedStar + "\".*" : text_of(begin, k + 1));
    size_t i = k + 1;
    while (i < tokens.size() && IsOneOf(tokens[i].word, {"exclude", "replace", "rename"})) {
      const std::string kind = tokens[i].word;
      std::vector<std::pair<size_t, size_t>> items;
      size_t end = i + 1;
      if (end < tokens.size() && tokens[end].word == "(") {
        items = ListItems(tokens, end, end);
      } else if (kind == "exclude") {
        // One name without parentheses: name(.name)*.
        size_t last = end;
        auto is_name = [&](size_t t) {
          if (t >= tokens.size()) return false;
          const unsigned char c = static_cast<unsigned char>(tokens[t].word[0]);
          return c == '"' || c == '_' || std::isalpha(c);
        };
        if (is_name(last)) {
          last++;
          while (tokens.size() > last + 1 && tokens[last].word == "." && is_name(last + 1)) {
            last += 2;
          }
        }
        if (last > end) items.push_back({end, last});
        end = last;
      }
      if (items.empty()) {
        throw ParserError(fmt::format("* {} needs a list of columns: {}",
                                      kind == "exclude"   ? "EXCLUDE"
                                      : kind == "replace" ? "REPLACE"
                                                          : "RENAME",
                                      Excerpt(std::string(sql), tokens[i].start)));
      }
      for (const auto& [first, last] : items) {
        if (kind == "exclude") {
          call += ", \"exclude\" := " + text_of(first, last);
          continue;
        }
        // `expression AS name` (REPLACE) or `name AS name` (RENAME): the last AS at depth 0.
        size_t as = last;
        int depth = 0;
        for (size_t t = first; t < last; t++) {
          const std::string& w = tokens[t].word;
          if (w == "(" || w == "[" || w == "{") depth++;
          if (w == ")" || w == "]" || w == "}") depth--;
          if (w == "as" && depth == 0) as = t;
        }
        if (as == last || as == first || as + 1 == last) {
          throw ParserError(fmt::format("* {} needs `{} AS name` items: {}",
                                        kind == "replace" ? "REPLACE" : "RENAME",
                                        kind == "replace" ? "expression" : "column",
                                        Excerpt(std::string(sql), tokens[first].start)));
        }
        call += ", \"" + kind + "\" := (" + text_of(first, as) +
                "), \"as\" := " + text_of(as + 1, last);
      }
      i = end;
    }
    call += ")";
    edits.push_back({tokens[begin].start, tokens[i - 1].end, call});
    k = i - 1;
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewriteTryCast(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if (tokens[i].word != "try_cast" || tokens[i + 1].word != "(") continue;
    if (i > 0 && tokens[i - 1].word == ".") continue;  // a column named try_cast
    size_t close = i + 1;
    for (int depth = 0; close < tokens.size(); close++) {
      if (tokens[close].word == "(") depth++;
      if (tokens[close].word == ")" && --depth == 0) break;
    }
    if (close == tokens.size()) continue;  // unbalanced: the grammar says so
    edits.push_back({tokens[i].start, tokens[i].end, fmt::format("\"{}\"(CAST", kTryCastMarker)});
    edits.push_back({tokens[close].end, tokens[close].end, ")"});
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteCreateOrReplaceTable(std::string_view sql, bool& or_replace) {
  std::vector<Token> tokens = Tokenize(sql);
  or_replace = false;
  const bool temporary =
      tokens.size() > 4 && (tokens[3].word == "temp" || tokens[3].word == "temporary");
  const size_t table = temporary ? 4 : 3;
  if (tokens.size() < table + 1 || tokens[0].word != "create" || tokens[1].word != "or" ||
      tokens[2].word != "replace" ||
      !IsOneOf(tokens[table].word, {"table", "sequence", "schema"})) {
    return std::string(sql);
  }
  or_replace = true;
  return ApplyEdits(sql, {{tokens[1].start, tokens[2].end, ""}});
}

std::string RewriteCreateViewIfNotExists(std::string_view sql, bool& if_not_exists) {
  std::vector<Token> tokens = Tokenize(sql);
  if_not_exists = false;
  const bool temporary =
      tokens.size() > 2 && (tokens[1].word == "temp" || tokens[1].word == "temporary");
  const size_t view = temporary ? 2 : 1;
  if (tokens.size() < view + 5 || tokens[0].word != "create" || tokens[view].word != "view" ||
      tokens[view + 1].word != "if" || tokens[view + 2].word != "not" ||
      tokens[view + 3].word != "exists") {
    return std::string(sql);
  }
  if_not_exists = true;
  return ApplyEdits(sql, {{tokens[view + 1].start, tokens[view + 3].end, ""}});
}

std::string RewriteCreateType(std::string_view sql, CreateTypeRewrite& out) {
  out = CreateTypeRewrite();
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 4 || tokens[0].word != "create") return std::string(sql);
  size_t i = 1;
  if (tokens[i].word == "or" && i + 1 < tokens.size() && tokens[i + 1].word == "replace") {
    out.or_replace = true;
    i += 2;
  }
  std::vector<Edit> edits;
  // CREATE TEMP[ORARY] TYPE name (DuckDB's): the type temp.name, of the temporary objects.
  if (i + 2 < tokens.size() && IsOneOf(tokens[i].word, {"temp", "temporary"}) &&
      tokens[i + 1].word == "type") {
    const size_t name = i + 2 < tokens.size() && tokens[i + 2].word == "if" ? i + 5 : i + 2;
    if (name + 1 < tokens.size() && tokens[name + 1].word != ".") {
      edits.push_back({tokens[i].start, tokens[i + 1].start, ""});
      edits.push_back({tokens[name].start, tokens[name].start, "temp."});
      i++;
    }
  }
  if (i >= tokens.size() || tokens[i].word != "type") {
    out.or_replace = false;
    return std::string(sql);
  }
  const size_t type = i++;
  if (i + 2 < tokens.size() && tokens[i].word == "if" && tokens[i + 1].word == "not" &&
      tokens[i + 2].word == "exists") {
    out.if_not_exists = true;
    edits.push_back({tokens[i].start, tokens[i + 2].end, ""});
    i += 3;
  }
  // [schema .] name AS
  size_t as = i + 1;
  while (as + 1 < tokens.size() && tokens[as].word == ".") as += 2;
  if (as + 1 >= tokens.size() || tokens[as].word != "as") {
    if (out.or_replace) edits.push_back({tokens[1].start, tokens[2].end, ""});
    return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
  }
  const std::string& what = tokens[as + 1].word;
  if (what == "enum") {
    const size_t open = as + 2;
    if (open + 1 < tokens.size() && tokens[open].word == "(" &&
        (tokens[open + 1].word == "select" || tokens[open + 1].word == "from" ||
         tokens[open + 1].word == "with" || tokens[open + 1].word == "(" ||
         tokens[open + 1].word == "values")) {
      const size_t after = AfterBracket(tokens, open);
      if (after <= tokens.size() && after - 1 > open + 1 && tokens[after - 1].word == ")") {
        const size_t end = tokens[after - 1].start;
        out.enum_query =
            std::string(sql.substr(tokens[open + 1].start, end - tokens[open + 1].start));
        edits.push_back({tokens[open + 1].start, end, ""});
      }
    }
  } else if (what != "range" && what != "(") {
    // CREATE [OR REPLACE] TYPE -> CREATE DOMAIN
    edits.push_back({tokens[1].start, tokens[type].end, "DOMAIN"});
    return ApplyEdits(sql, std::move(edits));
  }
  if (out.or_replace) edits.push_back({tokens[1].start, tokens[2].end, ""});
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

std::string RewriteCommentOnMacro(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 4 || tokens[0].word != "comment" || tokens[1].word != "on" ||
      tokens[2].word != "macro") {
    return std::string(sql);
  }
  const size_t last = tokens.size() > 4 && tokens[3].word == "table" && tokens[4].word != "is" &&
                              tokens[4].word != "."
                          ? 3
                          : 2;
  return ApplyEdits(sql, {{tokens[2].start, tokens[last].end, "FUNCTION"}});
}

std::string RewriteUnnamedSubqueries(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  // Per parenthesis depth: whether the tokens there are in a FROM clause, and whether they
  // belong to a query (a FROM inside extract(… FROM …) or IS DISTINCT FROM starts none).
  std::vector<bool> in_from(1, false), in_query(1, true);
  // Words that end a FROM clause, or follow a FROM item that has no alias.
  static const char* kNoAlias[] = {
      "where",     "group", "having",  "order",     "limit", "offset", "union", "except",
      "intersect", "join",  "inner",   "left",      "right", "full",   "cross", "natural",
      "on",        "using", "window",  "qualify",   "fetch", "semi",   "anti",  "positional",
      "asof",      "pivot", "unpivot", "returning", "select"};
  static const char* kEndsFrom[] = {"where",   "group",     "having", "order",     "limit",
                                    "offset",  "union",     "except", "intersect", "window",
                                    "qualify", "returning", "set",    "select",    "fetch"};
  auto is = [](const std::string& w, const auto& list) {
    return std::find(std::begin(list), std::end(list), w) != std::end(list);
  };
  // Per parenthesis depth: the unnamed subqueries of its FROM clause so far (DuckDB numbers
  // them per query: unnamed_subquery, unnamed_subquery2, …).
  std::vector<idx_t> unnamed(1, 0);
  for (size_t i = 0; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if ((w == "from" || w == "join") && in_query.back() &&
        !(i > 0 && tokens[i - 1].word == "distinct")) {
      in_from.back() = true;
    } else if (is(w, kEndsFrom) || w == ";") {
      in_from.back() = false;
      if (w == "select") in_query.back() = true;
    } else if (w == ")") {
      if (in_from.size() > 1) {
        in_from.pop_back();
        in_query.pop_back();
        unnamed.pop_back();
      }
    } else if (w == "(") {
      const bool item = in_from.back() && i > 0 &&
                        (tokens[i - 1].word == "from" || tokens[i - 1].word == "join" ||
                         tokens[i - 1].word == "," || tokens[i - 1].word == "lateral");
      const bool query = i + 1 < tokens.size() &&
                         (tokens[i + 1].word == "select" || tokens[i + 1].word == "values" ||
                          tokens[i + 1].word == "with" || tokens[i + 1].word == "from");
      in_from.push_back(false);
      in_query.push_back(query);  // a FROM-first query starts with FROM
      unnamed.push_back(0);
      if (!item || !query) continue;
      size_t close = i;
      for (int depth = 0; close < tokens.size(); close++) {
        if (tokens[close].word == "(") depth++;
        if (tokens[close].word == ")" && --depth == 0) break;
      }
      if (close == tokens.size()) continue;
      auto starts_identifier = [](const std::string& word) {
        const auto c = static_cast<unsigned char>(word[0]);
        return std::isalpha(c) || c == '_' || c >= 0x80;  // 0x80 and up: UTF-8 letters
      };
      const bool aliased =
          close + 1 < tokens.size() &&
          (tokens[close + 1].word == "as" || tokens[close + 1].word == "\"" ||
           (starts_identifier(tokens[close + 1].word) && !is(tokens[close + 1].word, kNoAlias)));
      if (aliased) continue;
      const idx_t n = ++unnamed[unnamed.size() - 2];  // the FROM clause this item is in
      edits.push_back({tokens[close].end, tokens[close].end,
                       n == 1 ? std::string(" AS unnamed_subquery")
                              : fmt::format(" AS unnamed_subquery{}", n)});
    }
  }
  return ApplyEdits(sql, std::move(edits));
}

namespace {
/// Whether tokens [begin, end) are parameter names separated by commas.
bool IsParameterList(const std::vector<Token>& tokens, size_t begin, size_t end) {
  if (begin >= end) return false;
  for (size_t i = begin; i < end; i++) {
    const bool name_slot = (i - begin) % 2 == 0;
    const std::string& w = tokens[i].word;
    const bool name = w == "\"" || std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_';
    if (name_slot ? !name : w != ",") return false;
  }
  return (end - begin) % 2 == 1;
}

/// The token that ends a lambda body starting at `begin`: the first `,` or closing bracket
/// of its level, or `;`, or the end.
size_t LambdaBodyEnd(const std::vector<Token>& tokens, size_t begin) {
  int depth = 0;
  for (size_t i = begin; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") depth++;
    if (w == ")" || w == "]" || w == "}") {
      if (depth == 0) return i;
      depth--;
    }
    if (depth == 0 && (w == "," || w == ";")) return i;
  }
  return tokens.size();
}
}  // namespace

std::string RewriteLambdas(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i < tokens.size(); i++) {
    size_t params_begin = 0, params_end = 0, body = 0, start = 0;
    const std::string& w = tokens[i].word;
    auto adjacent = [&](size_t k) { return tokens[k].end == tokens[k + 1].start; };
    if (w == "-" && i > 0 && i + 2 < tokens.size() && tokens[i + 1].word == ">" && adjacent(i) &&
        !(tokens[i + 2].word == ">" && adjacent(i + 1))) {
      // x -> body, or (x, i) -> body (not f(x) -> …: a call's parentheses).
      if (tokens[i - 1].word == ")") {
        size_t open = i - 1;
        for (int depth = 0; open > 0; open--) {
          if (tokens[open].word == ")") depth++;
          if (tokens[open].word == "(" && --depth == 0) break;
        }
        const bool call =
            open > 0 && (std::isalnum(static_cast<unsigned char>(tokens[open - 1].word[0])) ||
                         tokens[open - 1].word == "\"");
        if (call || !IsParameterList(tokens, open + 1, i - 1)) continue;
        params_begin = open + 1, params_end = i - 1, start = tokens[open].start;
      } else {
        if (!IsParameterList(tokens, i - 1, i)) continue;
        params_begin = i - 1, params_end = i, start = tokens[i - 1].start;
      }
      body = i + 2;
    } else if (w == "lambda") {
      // lambda x, i: body
      size_t colon = i + 1;
      while (colon < tokens.size() && tokens[colon].word != ":") colon++;
      if (colon + 1 >= tokens.size() || tokens[colon + 1].word == ":" ||
          !IsParameterList(tokens, i + 1, colon)) {
        continue;
      }
      params_begin = i + 1, params_end = colon, start = tokens[i].start, body = colon + 1;
    } else {
      continue;
    }
    if (body >= tokens.size()) continue;
    const size_t end = LambdaBodyEnd(tokens, body);
    const size_t body_end = end < tokens.size() ? tokens[end].start : sql.size();
    std::string params;
    for (size_t k = params_begin; k < params_end; k += 2) {
      params += std::string(sql.substr(tokens[k].start, tokens[k].end - tokens[k].start)) + ", ";
    }
    // The body may hold lambdas of its own.
    const std::string inner =
        RewriteLambdas(sql.substr(tokens[body].start, body_end - tokens[body].start));
    edits.push_back(
        {start, body_end, std::string(kLambdaFunction) + "(" + params + "(" + inner + "))"});
    // Past the body: an edit may not overlap another.
    while (i + 1 < tokens.size() && tokens[i + 1].start < body_end) i++;
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteListComprehensions(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  auto text = [&](size_t from, size_t to) {  // tokens [from, to) as written
    return std::string(sql.substr(tokens[from].start, tokens[to - 1].end - tokens[from].start));
  };
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if (tokens[i].word != "array" || tokens[i + 1].word != "[") continue;
    const size_t close = AfterBracket(tokens, i + 1) - 1;
    if (close >= tokens.size() || tokens[close].word != "]") continue;
    // FOR, IN and IF at the bracket's own level.
    size_t for_at = 0, in_at = 0, if_at = 0;
    int depth = 0;
    for (size_t k = i + 2; k < close; k++) {
      const std::string& w = tokens[k].word;
      if (w == "(" || w == "[" || w == "{") depth++;
      if (w == ")" || w == "]" || w == "}") depth--;
      if (depth != 0) continue;
      if (w == "for" && !for_at) for_at = k;
      if (w == "in" && for_at && !in_at) in_at = k;
      if (w == "if" && in_at && !if_at) if_at = k;
    }
    if (!for_at || !in_at || for_at == i + 2 || !IsParameterList(tokens, for_at + 1, in_at) ||
        in_at + 1 >= (if_at ? if_at : close) || (if_at && in_at - for_at > 2) ||
        (if_at && if_at + 1 >= close)) {
      continue;
    }
    const std::string params =
        in_at - for_at > 2 ? "(" + text(for_at + 1, in_at) + ")" : text(for_at + 1, in_at);
    const std::string expr = RewriteListComprehensions(text(i + 2, for_at));
    std::string list = RewriteListComprehensions(text(in_at + 1, if_at ? if_at : close));
    if (if_at) {
      list = "list_filter(" + list + ", " + params + " -> " +
             RewriteListComprehensions(text(if_at + 1, close)) + ")";
    }
    edits.push_back({tokens[i].start, tokens[close].end,
                     "list_transform(" + list + ", " + params + " -> " + expr + ")"});
    i = close;
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteNullTreatment(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  std::vector<size_t> open;  // the '(' tokens not closed yet
  auto treatment = [&](size_t i) {
    return i + 1 < tokens.size() && tokens[i + 1].word == "nulls" &&
           (tokens[i].word == "ignore" || tokens[i].word == "respect");
  };
  for (size_t i = 0; i < tokens.size(); i++) {
    if (tokens[i].word == "(") {
      open.push_back(i);
      continue;
    }
    if (tokens[i].word != ")" || open.empty()) continue;
    const size_t paren = open.back();
    open.pop_back();
    size_t words = kInvalidIndex;  // the first of the two words
    if (i >= 2 && i - 2 > paren && treatment(i - 2)) {
      words = i - 2;
    } else if (treatment(i + 1) && i + 3 < tokens.size() && tokens[i + 3].word == "over") {
      words = i + 1;
    }
    if (words == kInvalidIndex || paren == 0) continue;
    // The word before the parenthesis must name a function, not be a keyword.
    static const char* kNotFunctions[] = {"select", "in",    "exists", "from",   "where", "and",
                                          "or",     "not",   "as",     "values", "on",    "by",
                                          "when",   "then",  "else",   "over",   "any",   "all",
                                          "some",   "using", "join",   "filter", "array", "within"};
    const Token& name = tokens[paren - 1];
    if (name.word.empty() ||
        !(std::isalpha(static_cast<unsigned char>(name.word[0])) || name.word[0] == '_') ||
        std::find(std::begin(kNotFunctions), std::end(kNotFunctions), name.word) !=
            std::end(kNotFunctions)) {
      continue;
    }
    edits.push_back({tokens[words].start, tokens[words + 1].end, ""});
    if (tokens[words].word == "ignore") {
      edits.push_back(
          {name.start, name.end, fmt::format("\"{}{}\"", name.word, kIgnoreNullsSuffix)});
    }
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteQualify(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  WindowClauseTracker window;
  static const char* kEnds[] = {"order",  "limit",     "offset", "fetch", "union",
                                "except", "intersect", ";",      "window"};
  for (size_t i = 0; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (window.See(w)) continue;
    if (w == "qualify" && i > 0 && tokens[i - 1].word != "," && tokens[i - 1].word != "." &&
        tokens[i - 1].word != "select" && tokens[i - 1].word != "as" && tokens[i - 1].word != "(") {
      // The condition runs to the end of the clause at this depth.
      size_t end = i + 1;
      for (int depth = 0; end < tokens.size(); end++) {
        const std::string& e = tokens[end].word;
        if (e == "(") depth++;
        if (e == ")" && depth-- == 0) break;
        if (depth == 0 && std::find(std::begin(kEnds), std::end(kEnds), e) != std::end(kEnds)) {
          break;
        }
        if (depth == 0 && e == "using" && end + 1 < tokens.size() &&
            tokens[end + 1].word == "sample") {
          break;  // USING SAMPLE (RewriteSamples)
        }
      }
      if (end == i + 1) throw ParserError("QUALIFY needs a condition");
      edits.push_back(
          {tokens[i].start, tokens[i].end,
           fmt::format("{} \"{}\" AS (PARTITION BY (", window.AddEntry(), kQualifyMarker)});
      edits.push_back({tokens[end - 1].end, tokens[end - 1].end, "))"});
    }
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteInsertOr(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::string out;
  size_t copied = 0;
  for (size_t i = 0; i + 3 < tokens.size(); i++) {
    bool at_start = i == 0 || tokens[i - 1].word == ";" || tokens[i - 1].word == "explain" ||
                    tokens[i - 1].word == "analyze";
    const std::string& how = tokens[i + 2].word;
    if (!at_start || tokens[i].word != "insert" || tokens[i + 1].word != "or" ||
        (how != "replace" && how != "ignore") || tokens[i + 3].word != "into") {
      continue;
    }
    // The clause goes before a top-level RETURNING, else after the statement's last token.
    size_t at = tokens[i + 3].end;
    int depth = 0;
    for (size_t j = i + 4; j < tokens.size(); j++) {
      const std::string& w = tokens[j].word;
      if (depth == 0 && (w == ";" || w == "returning")) break;
      if (depth == 0 && w == "on" && j + 1 < tokens.size() && tokens[j + 1].word == "conflict") {
        throw ParserError(
            fmt::format("You can not provide both OR {0} and ON CONFLICT: INSERT OR {0} "
                        "cannot have an ON CONFLICT clause",
                        how == "replace" ? "REPLACE" : "IGNORE"));
      }
      depth += w == "(" ? 1 : w == ")" ? -1 : 0;
      at = tokens[j].end;
    }
    out.append(sql, copied, tokens[i + 1].start - copied);  // "INSERT "
    out.append(sql, tokens[i + 3].start, at - tokens[i + 3].start);
    out += how == "replace"
               ? fmt::format(" ON CONFLICT DO UPDATE SET \"{}\" = NULL", kOrReplaceMarker)
               : std::string(" ON CONFLICT DO NOTHING");
    if (at < sql.size() && !std::isspace(static_cast<unsigned char>(sql[at])) && sql[at] != ';') {
      out += ' ';
    }
    copied = at;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

namespace {

/// Words after which `(` opens an expression or a subquery rather than the arguments of
/// a function call (`trim(FROM s)` is PostgreSQL's, not a FROM-first query).
bool OpensSubqueryBefore(const std::string& word) {
  return IsOneOf(
      word, {"select", "from",   "join",  "lateral", "in",      "exists",    "any",    "all",
             "some",   "as",     "where", "and",     "or",      "not",       "then",   "else",
             "when",   "case",   "on",    "having",  "union",   "intersect", "except", "distinct",
             "values", "is",     "by",    "with",    "between", "like",      "ilike",  "limit",
             "offset", "return", "into",  "table",   "explain", "analyze",   "copy"});
}

/// Whether the `(` at tokens[paren] can open a subquery: not when it follows a name (a
/// function call, or a quoted name), unless that name is a keyword from the list above.
bool ParenOpensQuery(const std::vector<Token>& tokens, size_t paren) {
  if (paren == 0) return true;
  const std::string& before = tokens[paren - 1].word;
  if (before == "\"") return false;
  if (std::isalnum(static_cast<unsigned char>(before[0])) || before[0] == '_') {
    return OpensSubqueryBefore(before);
  }
  return true;
}

/// Where the clause that starts after token `from` ends: the first token at the same
/// parenthesis depth that is one of `stops` or a `)` closing that depth (or the end).
size_t ClauseEnd(const std::vector<Token>& tokens, size_t from,
                 std::initializer_list<std::string_view> stops) {
  int depth = 0;
  for (size_t j = from; j < tokens.size(); j++) {
    const std::string& w = tokens[j].word;
    if (w == "(") {
      depth++;
    } else if (w == ")") {
      if (depth-- == 0) return j;
    } else if (depth == 0 && (w == ";" || IsOneOf(w, stops))) {
      return j;
    }
  }
  return tokens.size();
}

/// The index of the first FROM token that starts a query (FROM-first syntax), or npos.
size_t FindFromFirst(const std::vector<Token>& tokens) {
  // Per parenthesis level: its first word, and whether a SELECT / VALUES has begun the
  // query at that level (after which FROM is an ordinary FROM clause).
  struct Level {
    std::string first_word;
    bool has_select = false;
  };
  std::vector<Level> levels(1);
  for (size_t i = 0; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    const std::string previous = i ? tokens[i - 1].word : "";
    Level& level = levels.back();
    if (w == "from") {
      bool starts = i == 0 || previous == ";";
      if (previous == "(") starts = ParenOpensQuery(tokens, i - 1);
      if (IsOneOf(previous, {"union", "intersect", "except", "as", "explain", "analyze"})) {
        starts = true;
      }
      if (IsOneOf(previous, {"all", "distinct"}) && i >= 2 &&
          IsOneOf(tokens[i - 2].word, {"union", "intersect", "except"})) {
        starts = true;
      }
      // WITH c AS (…) FROM c, and INSERT INTO t [(columns)] FROM s.
      if (!level.has_select && IsOneOf(level.first_word, {"with", "insert"}) && previous != "(" &&
          !IsOneOf(previous, {"insert", "into"})) {
        starts = true;
      }
      if (starts) return i;
    }
    if (w == "(") {
      levels.emplace_back();
      continue;
    }
    if (w == ")") {
      if (levels.size() > 1) levels.pop_back();
      continue;
    }
    if (w == ";") {
      levels.assign(1, Level{});
      continue;
    }
    if (level.first_word.empty() && w != "\"") level.first_word = w;
    // UPDATE … FROM and DELETE FROM (after a WITH, too) are ordinary FROM clauses.
    if (IsOneOf(w, {"select", "values", "update", "delete"})) level.has_select = true;
    if (IsOneOf(w, {"union", "intersect", "except"})) level.has_select = false;
  }
  return std::string::npos;
}

}  // namespace

std::string RewriteFromFirst(std::string_view sql) {
  std::string text(sql);
  // One query at a time, outermost first; a rewritten FROM follows its select list and
  // is not found again. The bound only guards against a rule that would not settle.
  for (int round = 0; round < 10000; round++) {
    std::vector<Token> tokens = Tokenize(text);
    size_t from = FindFromFirst(tokens);
    if (from == std::string::npos) return text;
    size_t from_start = tokens[from].start;
    size_t end = ClauseEnd(tokens, from + 1,
                           {"select", "where", "group", "having", "order", "limit", "offset",
                            "window", "qualify", "union", "intersect", "except", "fetch"});
    if (end < tokens.size() && tokens[end].word == "select") {
      // FROM items SELECT list …  ->  SELECT list FROM items …
      auto list_end_from = [&](size_t at) {
        return ClauseEnd(tokens, at,
                         {"from", "where", "group", "having", "order", "limit", "offset", "window",
                          "qualify", "union", "intersect", "except", "fetch"});
      };
      size_t list_end = list_end_from(end + 1);
      // a IS [NOT] DISTINCT FROM b is an operator, not the list's end.
      while (list_end < tokens.size() && tokens[list_end].word == "from" &&
             tokens[list_end - 1].word == "distinct") {
        list_end = list_end_from(list_end + 1);
      }
      size_t select_start = tokens[end].start;
      size_t select_end = list_end < tokens.size() ? tokens[list_end].start : text.size();
      std::string select_list =
          Trim(std::string_view(text).substr(select_start, select_end - select_start));
      std::string items =
          Trim(std::string_view(text).substr(from_start, select_start - from_start));
      std::string rest = text.substr(select_end);
      text = text.substr(0, from_start) + select_list + " " + items +
             (rest.empty() || rest[0] == ')' ? "" : " ") + rest;
    } else {
      text.insert(from_start, "SELECT * ");
    }
  }
  throw ParserError("FROM-first query could not be rewritten: " + std::string(sql));
}

std::string RewriteValuesInFrom(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  // The token after the ")" that closes the "(" at `open`, or tokens.size().
  auto after_group = [&](size_t open) {
    int depth = 0;
    for (size_t i = open; i < tokens.size(); i++) {
      if (tokens[i].word == "(") depth++;
      if (tokens[i].word == ")" && --depth == 0) return i + 1;
    }
    return tokens.size();
  };
  std::string text(sql);
  // Last first, so that the places of the earlier ones stay where they were.
  for (size_t k = tokens.size(); k-- > 1;) {
    if (tokens[k].word != "values" || !IsOneOf(tokens[k - 1].word, {"from", "join", ","}) ||
        k + 1 >= tokens.size() || tokens[k + 1].word != "(") {
      continue;
    }
    size_t end = after_group(k + 1);
    while (end + 1 < tokens.size() && tokens[end].word == "," && tokens[end + 1].word == "(") {
      end = after_group(end + 1);
    }
    // Only with an alias after it, as DuckDB's grammar has it (and as a sign that this is
    // a FROM item, not INSERT's VALUES).
    if (end >= tokens.size()) continue;
    const std::string& alias = tokens[end].word;
    const bool word =
        std::isalpha(static_cast<unsigned char>(alias[0])) || alias[0] == '_' || alias == "\"";
    if (!word || IsOneOf(alias, {"where",  "group",   "having",    "order",     "limit",  "offset",
                                 "window", "qualify", "union",     "intersect", "except", "join",
                                 "inner",  "left",    "right",     "full",      "cross",  "natural",
                                 "on",     "using",   "returning", "fetch",     "select"})) {
      continue;
    }
    const size_t close = tokens[end - 1].end;
    text.insert(close, ")");
    text.insert(tokens[k].start, "(");
  }
  return text;
}

std::string RewriteFileScans(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  // For each token, the position of the "(" it is directly inside (tokens.size(): none).
  std::vector<size_t> open(tokens.size(), tokens.size());
  std::vector<size_t> stack;
  for (size_t i = 0; i < tokens.size(); i++) {
    if (tokens[i].word == ")" && !stack.empty()) stack.pop_back();
    open[i] = stack.empty() ? tokens.size() : stack.back();
    if (tokens[i].word == "(") stack.push_back(i);
  }
  auto is_string = [&](size_t i) { return tokens[i].word == "\"" && sql[tokens[i].start] == '\''; };
  // Whether the FROM / JOIN at `i` starts a FROM item: not inside a function's arguments
  // (trim(BOTH 'x' FROM s)), not COPY's.
  auto from_item = [&](size_t i) {
    const size_t paren = open[i];
    if (paren == tokens.size()) return tokens[0].word != "copy";
    if (paren == 0) return true;
    const std::string& before = tokens[paren - 1].word;
    const bool name = std::isalpha(static_cast<unsigned char>(before[0])) || before[0] == '_';
    return !name || OpensSubqueryBefore(before);
  };
  std::string text(sql);
  for (size_t k = tokens.size(); k-- > 1;) {
    if (!is_string(k)) continue;
    size_t keyword = k - 1;
    if (tokens[keyword].word == ",") {
      // A FROM list's comma: the clause this comma is in, at its depth, is FROM.
      size_t j = keyword;
      while (j-- > 0) {
        if (open[j] != open[keyword]) continue;
        if (IsOneOf(tokens[j].word, {"from", "join", "select", "where", "group", "having", "order",
                                     "limit", "set", "values", "on", "using", "returning", "by"})) {
          break;
        }
      }
      if (j == static_cast<size_t>(-1) || !IsOneOf(tokens[j].word, {"from", "join"})) continue;
      keyword = j;
    } else if (!IsOneOf(tokens[keyword].word, {"from", "join"})) {
      continue;
    }
    // x IS [NOT] DISTINCT FROM 'a' compares with a string.
    if (!from_item(keyword) || (keyword > 0 && tokens[keyword - 1].word == "distinct")) continue;
    // Not a call's argument or an operand: 'x' followed by "(" or an operator is no item.
    if (k + 1 < tokens.size() &&
        IsOneOf(tokens[k + 1].word, {"(", "::", "||", "+", "-", "*", "/", "[", "."})) {
      continue;
    }
    text.insert(tokens[k].end, ")");
    text.insert(tokens[k].start, "read_csv_auto(");
  }
  return text;
}

std::string RewritePositionalReferences(std::string_view sql) {
  if (sql.find('#') == std::string_view::npos) return std::string(sql);
  std::string out;
  SqlTextScanner scanner(sql);
  size_t copied = 0;
  while (!scanner.Done()) {
    if (scanner.SkipQuotedOrComment()) continue;
    const size_t at = scanner.Position();
    if (sql[at] == '#' && at + 1 < sql.size() &&
        std::isdigit(static_cast<unsigned char>(sql[at + 1]))) {
      size_t end = at + 1;
      while (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end]))) end++;
      out.append(sql, copied, at - copied);
      out += " (";
      out.append(sql, at, end - at);
      out += ") ";
      copied = end;
      while (scanner.Position() < end) scanner.Advance();
      continue;
    }
    scanner.Advance();
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

std::string RewriteInsertByName(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i < tokens.size(); i++) {
    if (tokens[i].word != "insert") continue;
    size_t at = i + 1;
    while (at < tokens.size() && tokens[at].word != "into" && at < i + 4) at++;
    if (at >= tokens.size() || tokens[at].word != "into") continue;
    at++;  // the table's name: name, "name", schema.name, …
    while (at < tokens.size()) {
      at++;
      if (at < tokens.size() && tokens[at].word == ".") {
        at++;
      } else {
        break;
      }
    }
    if (at + 1 < tokens.size() && tokens[at].word == "as") at += 2;
    if (at + 1 >= tokens.size() || tokens[at].word != "by") continue;
    const std::string& how = tokens[at + 1].word;
    if (how != "name" && how != "position") continue;
    if (how == "name") {
      // BY NAME (columns) …, but BY NAME (SELECT …) is the query in parentheses.
      size_t next = at + 2;
      while (next < tokens.size() && tokens[next].word == "(") next++;
      if (next > at + 2 && next < tokens.size() && tokens[next].word != "select" &&
          tokens[next].word != "with" && tokens[next].word != "from" &&
          tokens[next].word != "values") {
        throw BinderError("INSERT BY NAME cannot be combined with an explicit column list");
      }
    }
    edits.push_back({tokens[at].start, tokens[at + 1].end,
                     how == "name" ? fmt::format("(\"{}\")", kInsertByNameMarker) : ""});
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteUsingKey(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 1; i + 2 < tokens.size(); i++) {
    if (tokens[i].word != "using" || tokens[i + 1].word != "key" || tokens[i + 2].word != "(") {
      continue;
    }
    const size_t after = AfterBracket(tokens, i + 2);
    if (after >= tokens.size() || tokens[after].word != "as") continue;
    // The query's name, before its column list when it has one.
    size_t name = i - 1;
    if (tokens[name].word == ")") {
      size_t depth = 0;
      for (; name > 0; name--) {
        if (tokens[name].word == ")") depth++;
        if (tokens[name].word == "(" && --depth == 0) break;
      }
      if (name == 0) continue;
      name--;
    }
    const std::string_view items =
        sql.substr(tokens[i + 3].start, tokens[after - 1].start - tokens[i + 3].start);
    edits.push_back({tokens[name].start, tokens[name].start,
                     fmt::format("\"{}\" AS (SELECT {}), ", kUsingKeyMarker, items)});
    edits.push_back({tokens[i].start, tokens[after].start, ""});
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteFieldPaths(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 5 || tokens[0].word != "alter" || tokens[1].word != "table") {
    return std::string(sql);
  }
  auto word = [&](size_t i) -> const std::string& {
    static const std::string kNone;
    return i < tokens.size() ? tokens[i].word : kNone;
  };
  // The name a token stands for: a quoted one as written, others lower-cased.
  auto name = [&](size_t i) {
    if (tokens[i].word != "\"") return tokens[i].word;
    std::string out;
    std::string_view text = sql.substr(tokens[i].start + 1, tokens[i].end - tokens[i].start - 2);
    for (size_t c = 0; c < text.size(); c++) {
      out += text[c];
      if (text[c] == '"') c++;  // "" stands for "
    }
    return out;
  };
  std::vector<Edit> edits;
  for (size_t i = 2; i < tokens.size(); i++) {
    size_t at = i + 1;
    if (word(i) == "add" || word(i) == "drop" || word(i) == "rename") {
      if (word(at) == "column") at++;
      if (word(i) == "add" && word(at) == "if" && word(at + 1) == "not" &&
          word(at + 2) == "exists") {
        at += 3;
      }
      if (word(i) == "drop" && word(at) == "if" && word(at + 1) == "exists") at += 2;
    } else {
      continue;
    }
    if (word(at + 1) != ".") continue;
    std::string path = kFieldPathMarker;
    size_t end = at;
    for (;; end += 2) {
      if (end > at) path += '\x1f';
      path += name(end);
      if (word(end + 1) != ".") break;
    }
    if (path.size() > 63) {
      throw NotImplementedError(
          fmt::format("a field path of more than 60 bytes in ALTER TABLE ({})",
                      sql.substr(tokens[at].start, tokens[end].end - tokens[at].start)));
    }
    edits.push_back({tokens[at].start, tokens[end].end, "\"" + path + "\""});
    i = end;
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteAlterSetType(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 4 || tokens[0].word != "alter" || tokens[1].word != "table") {
    return std::string(sql);
  }
  std::vector<Edit> edits;
  for (size_t i = 2; i + 1 < tokens.size(); i++) {
    if (tokens[i].word == "set" && tokens[i + 1].word == "type") {
      edits.push_back({tokens[i + 1].start, tokens[i + 1].start, "DATA "});
    }
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteGlob(std::string_view sql) {
  auto glob =
      std::search(sql.begin(), sql.end(), std::begin("glob"), std::end("glob") - 1,
                  [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  if (glob == sql.end()) return std::string(sql);
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 1; i + 1 < tokens.size(); i++) {
    // An operator has operands on both sides; elsewhere glob is a name (SELECT glob FROM
    // t, t.glob, x AS glob) or the table function glob(…).
    static const char* kNoOperand[] = {"select", ",",        "(",    ".",    "by",
                                       "as",     "where",    "and",  "or",   "on",
                                       "from",   "distinct", "when", "then", "else"};
    static const char* kNoRightOperand[] = {"(", ")", ",", "from", "as", ";", "where"};
    auto in = [](const std::string& w, const auto& list) {
      return std::find(std::begin(list), std::end(list), w) != std::end(list);
    };
    if (tokens[i].word != "glob" || in(tokens[i - 1].word, kNoOperand) ||
        in(tokens[i + 1].word, kNoRightOperand)) {
      continue;
    }
    if (tokens[i - 1].word == "not") {
      edits.push_back({tokens[i - 1].start, tokens[i].end, "!~~~"});
    } else {
      edits.push_back({tokens[i].start, tokens[i].end, "~~~"});
    }
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteByName(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i + 2 < tokens.size(); i++) {
    const std::string& op = tokens[i].word;
    if (op != "union" && op != "except" && op != "intersect") continue;
    size_t by = i + 1;
    if (tokens[by].word == "all" || tokens[by].word == "distinct") by++;
    if (by + 1 >= tokens.size() || tokens[by].word != "by" || tokens[by + 1].word != "name") {
      continue;
    }
    const bool tighter = op == "intersect";
    size_t end = by + 2;
    int depth = 0;
    for (; end < tokens.size(); end++) {
      const std::string& w = tokens[end].word;
      if (w == "(" || w == "[" || w == "{") depth++;
      if (w == ")" || w == "]" || w == "}") {
        if (depth == 0) break;
        depth--;
      }
      if (depth > 0) continue;
      if (w == ";" || w == "order" || w == "limit" || w == "offset" || w == "fetch") break;
      if (w == "union" || w == "except" || (tighter && w == "intersect")) break;
    }
    if (end == by + 2) throw ParserError(fmt::format("{} BY NAME needs a query after it", op));
    edits.push_back({tokens[by].start, tokens[by + 2].start, "SELECT * FROM ("});
    const size_t at = end < tokens.size() ? tokens[end].start : sql.size();
    edits.push_back({at, at, fmt::format(") AS \"{}\" ", kByNameMarker)});
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteSemiAntiJoins(std::string_view sql) {
  std::string text(sql);
  // One join at a time; a rewritten one has lost its SEMI/ANTI and is not found again.
  for (;;) {
    std::vector<Token> tokens = Tokenize(text);
    size_t kind = tokens.size();
    bool natural = false;
    for (size_t i = 0; i + 1 < tokens.size(); i++) {
      if (IsOneOf(tokens[i].word, {"semi", "anti"}) && tokens[i + 1].word == "join" &&
          (i == 0 || tokens[i - 1].word != "as")) {
        kind = i;
        natural = i > 0 && tokens[i - 1].word == "natural";
        break;
      }
    }
    if (kind == tokens.size()) {
      // "positional" before another join keyword would become an alias and change the
      // meaning (POSITIONAL JOIN itself is RewritePositionalJoins').
      for (size_t i = 0; i + 1 < tokens.size(); i++) {
        if (tokens[i].word == "positional" &&
            IsOneOf(tokens[i + 1].word, {"left", "right", "full", "inner"}) &&
            (i == 0 || tokens[i - 1].word != "as")) {
          throw ParserError("POSITIONAL JOIN cannot be LEFT, RIGHT, FULL, NATURAL or the like");
        }
      }
      return text;
    }
    const bool semi = tokens[kind].word == "semi";
    const char* name = semi ? "SEMI" : "ANTI";
    const char* marker = semi ? kSemiJoinMarker : kAntiJoinMarker;
    // The end of the right item, where an ON would begin.
    const std::initializer_list<std::string_view> item_end = {
        "on",     "using",   "join",      "inner",  "left",    "right", "full",
        "cross",  "natural", "semi",      "anti",   "where",   "group", "having",
        "order",  "limit",   "offset",    "window", "qualify", "union", "intersect",
        "except", "fetch",   "returning", ","};
    if (natural) {
      // a NATURAL SEMI JOIN b: a JOIN b ON marker(natural marker), which the transformer
      // reads back as NATURAL.
      const size_t end = ClauseEnd(tokens, kind + 2, item_end);
      if (end < tokens.size() && IsOneOf(tokens[end].word, {"on", "using"})) {
        throw ParserError(fmt::format("NATURAL {} JOIN cannot have ON or USING", name));
      }
      const size_t end_at = end < tokens.size() ? tokens[end].start : text.size();
      text = text.substr(0, tokens[kind - 1].start) +
             text.substr(tokens[kind].end, end_at - tokens[kind].end) +
             fmt::format(" ON {}({}) ", marker, kNaturalJoinMarker) + text.substr(end_at);
      continue;
    }
    // The ON of this join: the first ON or USING at the join's depth after it.
    size_t on = ClauseEnd(tokens, kind + 2,
                          {"on", "using", "join", "where", "group", "having", "order", "limit",
                           "offset", "window", "qualify", "union", "intersect", "except", ","});
    if (on < tokens.size() && tokens[on].word == "using") {
      // USING (a, b) keeps its columns; the marker is one more, taken off by the transformer.
      if (on + 1 >= tokens.size() || tokens[on + 1].word != "(") {
        throw ParserError(
            fmt::format("{} JOIN … USING needs a list of columns in parentheses", name));
      }
      const size_t close = ClauseEnd(tokens, on + 2, {});
      if (close >= tokens.size())
        throw ParserError(fmt::format("{} JOIN … USING (… has no ')'", name));
      text = text.substr(0, tokens[kind].start) +
             text.substr(tokens[kind].end, tokens[close].start - tokens[kind].end) +
             fmt::format(", \"{}\"", marker) + text.substr(tokens[close].start);
      continue;
    }
    if (on >= tokens.size() || tokens[on].word != "on") {
      throw ParserError(fmt::format("{} JOIN needs an ON condition", name));
    }
    size_t end = ClauseEnd(
        tokens, on + 1,
        {"join",    "inner", "left",      "right",  "full",  "cross",     "natural", "semi",
         "anti",    "where", "group",     "having", "order", "limit",     "offset",  "window",
         "qualify", "union", "intersect", "except", "fetch", "returning", ","});
    size_t end_at = end < tokens.size() ? tokens[end].start : text.size();
    size_t on_end = tokens[on].end;
    std::string condition = text.substr(on_end, end_at - on_end);
    // Keep a trailing comment or spaces outside the call.
    text = text.substr(0, tokens[kind].start) +
           text.substr(tokens[kind].end, on_end - tokens[kind].end) + " " + marker + "(" +
           condition + ") " + text.substr(end_at);
  }
}

std::string RewriteAsOfJoins(std::string_view sql) {
  std::string text(sql);
  // One join at a time; a rewritten one has lost its ASOF and is not found again.
  for (;;) {
    std::vector<Token> tokens = Tokenize(text);
    size_t asof = tokens.size();
    for (size_t i = 0; i + 1 < tokens.size(); i++) {
      if (tokens[i].word == "asof" &&
          IsOneOf(tokens[i + 1].word, {"join", "left", "right", "full", "inner"}) &&
          (i == 0 || tokens[i - 1].word != "as")) {
        asof = i;
        break;
      }
    }
    if (asof == tokens.size()) return text;
    size_t join = asof + 1;
    while (join < tokens.size() && tokens[join].word != "join") join++;
    // The ON or USING of this join: the first at the join's depth after it.
    const size_t on =
        ClauseEnd(tokens, join + 1,
                  {"on", "using", "join", "where", "group", "having", "order", "limit", "offset",
                   "window", "qualify", "union", "intersect", "except", ","});
    if (on >= tokens.size() || !IsOneOf(tokens[on].word, {"on", "using"})) {
      throw ParserError("ASOF JOIN needs an ON condition or USING columns");
    }
    std::string out = text.substr(0, tokens[asof].start);
    if (tokens[on].word == "using") {
      if (on + 1 >= tokens.size() || tokens[on + 1].word != "(") {
        throw ParserError("ASOF JOIN … USING needs a list of columns in parentheses");
      }
      const size_t close = ClauseEnd(tokens, on + 2, {});
      if (close >= tokens.size()) throw ParserError("ASOF JOIN … USING (… has no ')'");
      out += text.substr(tokens[asof].end, tokens[close].start - tokens[asof].end);
      out += fmt::format(", \"{}\"", kAsOfJoinMarker);
      out += text.substr(tokens[close].start);
    } else {
      const size_t end =
          ClauseEnd(tokens, on + 1,
                    {"join",   "inner", "left",      "right",      "full",    "cross", "natural",
                     "semi",   "anti",  "asof",      "positional", "where",   "group", "having",
                     "order",  "limit", "offset",    "window",     "qualify", "union", "intersect",
                     "except", "fetch", "returning", ","});
      const size_t end_at = end < tokens.size() ? tokens[end].start : text.size();
      const size_t on_end = tokens[on].end;
      out += text.substr(tokens[asof].end, on_end - tokens[asof].end);
      out += fmt::format(" {}({}) ", kAsOfJoinMarker, text.substr(on_end, end_at - on_end));
      out += text.substr(end_at);
    }
    text = std::move(out);
  }
}

namespace {
/// Whether `text` holds `word` (lower-case), in any case: a cheap test before tokenizing.
bool HasTextIgnoringCase(std::string_view text, std::string_view word) {
  for (size_t at = 0; at + word.size() <= text.size(); at++) {
    if (strncasecmp(text.data() + at, word.data(), word.size()) == 0) return true;
  }
  return false;
}
}  // namespace

std::string RewriteUsingCompression(std::string_view sql) {
  if (!HasTextIgnoringCase(sql, "compression")) return std::string(sql);
  const std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 1; i + 1 < tokens.size(); i++) {
    if (tokens[i].word != "compression" || tokens[i - 1].word != "using") continue;
    const Token& method = tokens[i + 1];
    if (IsOneOf(method.word, {")", ",", ";"})) {
      throw ParserError(fmt::format(
          "syntax error at or near \"{}\": USING COMPRESSION needs the name of a method",
          method.word));
    }
    // A name ("rle") or, as DuckDB takes it too, a string ('rle').
    std::string name(sql.substr(method.start, method.end - method.start));
    if (name.size() >= 2 && (name[0] == '\'' || name[0] == '"'))
      name = name.substr(1, name.size() - 2);
    if (name.find('\'') != std::string::npos) continue;
    edits.push_back({tokens[i - 1].start, method.end,
                     fmt::format("CHECK ({}('{}'))", kCompressionMarker, name)});
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteLimitPercent(std::string_view sql) {
  if (sql.find('%') == std::string_view::npos && !HasTextIgnoringCase(sql, "percent")) {
    return std::string(sql);  // most statements: no tokenizing
  }
  const std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if (tokens[i].word != "limit") continue;
    const size_t end = ClauseEnd(
        tokens, i + 1,
        {"offset", "union", "intersect", "except", "fetch", "order", "returning", "for", "with"});
    if (end <= i + 2) continue;
    const Token& last = tokens[end - 1];
    if (last.word != "%" && last.word != "percent") continue;
    edits.push_back(
        {tokens[i + 1].start, tokens[i + 1].start, fmt::format("{}(", kLimitPercentMarker)});
    edits.push_back({last.start, last.end, ")"});
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewritePositionalJoins(std::string_view sql) {
  std::string text(sql);
  // One join at a time; a rewritten one has lost its POSITIONAL and is not found again.
  for (;;) {
    std::vector<Token> tokens = Tokenize(text);
    size_t positional = tokens.size();
    for (size_t i = 0; i + 1 < tokens.size(); i++) {
      if (tokens[i].word == "positional" && tokens[i + 1].word == "join" &&
          (i == 0 || tokens[i - 1].word != "as")) {
        positional = i;
        break;
      }
    }
    if (positional == tokens.size()) return text;
    // The joined item ends where the next join or clause begins.
    const size_t end =
        ClauseEnd(tokens, positional + 2,
                  {"join",   "inner", "left",      "right",      "full",    "cross", "natural",
                   "semi",   "anti",  "asof",      "positional", "where",   "group", "having",
                   "order",  "limit", "offset",    "window",     "qualify", "union", "intersect",
                   "except", "fetch", "returning", "on",         "using",   ","});
    if (end < tokens.size() && IsOneOf(tokens[end].word, {"on", "using"})) {
      throw ParserError("POSITIONAL JOIN takes no ON or USING: it pairs rows by position");
    }
    const size_t end_at = end < tokens.size() ? tokens[end].start : text.size();
    text = text.substr(0, tokens[positional].start) +
           text.substr(tokens[positional].end, end_at - tokens[positional].end) +
           fmt::format(" ON {}() ", kPositionalJoinMarker) + text.substr(end_at);
  }
}

std::string RewritePowerOperator(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if (tokens[i].word == "*" && tokens[i + 1].word == "*" &&
        tokens[i].end == tokens[i + 1].start) {
      edits.push_back({tokens[i].start, tokens[i + 1].end, "^ "});  // 2**-1: not one "^-"
      i++;
    }
  }
  if (edits.empty()) return std::string(sql);
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteIntegerDivision(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::string text;
  size_t copied = 0;
  for (size_t i = 0; i + 1 < tokens.size(); i++) {
    if (tokens[i].word != "/" || tokens[i + 1].word != "/" ||
        tokens[i].end != tokens[i + 1].start) {
      continue;
    }
    text.append(sql.substr(copied, tokens[i].start - copied));
    text.append(kIntegerDivisionMarker);
    copied = tokens[i + 1].end;
    i++;
  }
  if (copied == 0) return std::string(sql);
  text.append(sql.substr(copied));
  return text;
}

std::string RewriteSetVariable(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 3 || (tokens[0].word != "set" && tokens[0].word != "reset") ||
      tokens[1].word != "variable") {
    return std::string(sql);
  }
  std::string name(sql.substr(tokens[2].start, tokens[2].end - tokens[2].start));
  if (tokens[2].word == "\"") {
    name = name.substr(1, name.size() - 2);
    for (size_t at = name.find("\"\""); at != std::string::npos; at = name.find("\"\"", at + 1)) {
      name.erase(at, 1);
    }
  } else {
    name = tokens[2].word;
  }
  const std::string alias =
      QuoteIdentifier((tokens[0].word == "set" ? kSetVariableMarker : kResetVariableMarker) + name);
  if (tokens[0].word == "reset") {
    if (tokens.size() > 3 && !(tokens.size() == 4 && tokens[3].word == ";")) {
      throw ParserError(fmt::format("RESET VARIABLE takes a name only: {}", sql));
    }
    return "SELECT NULL AS " + alias;
  }
  if (tokens.size() < 5 || (tokens[3].word != "=" && tokens[3].word != "to")) {
    throw ParserError(fmt::format("SET VARIABLE {} needs = and a value", name));
  }
  std::string_view value = sql.substr(tokens[4].start);
  while (!value.empty() &&
         (value.back() == ';' || std::isspace(static_cast<unsigned char>(value.back())))) {
    value.remove_suffix(1);
  }
  return fmt::format("SELECT ({}\n) AS {}", value, alias);
}

std::string RewriteExecuteNamedValues(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 4 || tokens[0].word != "execute" || tokens[2].word != "(") {
    return std::string(sql);
  }
  const size_t close = AfterBracket(tokens, 2) - 1;
  if (close >= tokens.size()) return std::string(sql);
  std::vector<Edit> edits;
  for (const auto& [first, last] : TopLevelItems(tokens, 2, close)) {
    // name := value or name => value, the two characters of the operator adjacent.
    if (last - first < 4 || tokens[first + 1].end != tokens[first + 2].start) continue;
    const std::string op = tokens[first + 1].word + tokens[first + 2].word;
    if (op != ":=" && op != "=>") continue;
    const Token& name = tokens[first];
    if (name.word == "\"" && sql[name.start] != '"') continue;  // a string, not a name
    std::string text = name.word;
    if (name.word == "\"") {
      text.clear();
      for (size_t i = name.start + 1; i + 1 < name.end; i++) {
        text += sql[i];
        if (sql[i] == '"') i++;  // "" is one quote
      }
    }
    edits.push_back({name.start, tokens[first + 3].start,
                     fmt::format("{}({}, ", kExecuteNamedValueMarker, Quoted(text))});
    edits.push_back({tokens[last - 1].end, tokens[last - 1].end, ")"});
  }
  return ApplyEdits(sql, std::move(edits));
}

std::string RewriteSetGlobal(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  if (tokens.size() < 3 || tokens[0].word != "set" || tokens[1].word != "global") {
    return std::string(sql);
  }
  // Teal's settings are database-wide, which is what GLOBAL asks for.
  return std::string(sql.substr(0, tokens[1].start)) + std::string(sql.substr(tokens[1].end));
}

namespace {
/// Keywords after which an expression starts (so `[` there is a list, not a subscript).
/// Only reserved words: an unreserved one may be a column name (`x[1]`).
bool KeywordBeforeExpression(const std::string& word) {
  static const char* kKeywords[] = {
      "select", "distinct", "all",     "in",    "and",    "or",  "not",     "then",      "else",
      "when",   "case",     "where",   "on",    "having", "by",  "between", "like",      "ilike",
      "is",     "return",   "default", "limit", "offset", "any", "some",    "returning", "from"};
  for (const char* keyword : kKeywords) {
    if (word == keyword) return true;
  }
  return false;
}
}  // namespace

namespace {
/// Words that a '(' follows without making a function call whose result could be
/// subscripted: type names with a width (DECIMAL(10, 2)[] is an array type) and clauses.
bool NotAFunctionName(const std::string& word) {
  static const char* kWords[] = {
      "decimal",   "numeric",  "varchar", "char",   "character", "varying", "bit",    "time",
      "timestamp", "interval", "over",    "exists", "values",    "as",      "filter", "enum"};
  for (const char* w : kWords) {
    if (word == w) return true;
  }
  // RewriteStructTypes' STRUCT(…), MAP(…) and UNION(…) types: STRUCT(a INTEGER)[3] is an
  // array type, not a subscript of a call.
  return word == kStructTypeMarker || word == kMapTypeMarker || word == kUnionTypeMarker;
}
}  // namespace

namespace {

bool OnlySpace(std::string_view text, size_t from, size_t to) {
  for (size_t i = from; i < to; i++) {
    if (!std::isspace(static_cast<unsigned char>(text[i]))) return false;
  }
  return true;
}

bool IsNameWord(const std::string& word) {
  return !word.empty() && (std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '_');
}

/// The bracket opening the one that token `close` (a ')' or ']') closes, or npos.
size_t OpeningBracket(const std::vector<Token>& tokens, size_t close) {
  int depth = 0;
  for (size_t i = close + 1; i-- > 0;) {
    const std::string& w = tokens[i].word;
    if (w == ")" || w == "]" || w == "}") depth++;
    if ((w == "(" || w == "[" || w == "{") && --depth == 0) return i;
  }
  return std::string::npos;
}

/// The first token of the expression that ends with token `close` (a ')' or ']'): a call
/// (f(…), s.f(…)), a subscripted one (x[1], f(x)[1]), a list literal or a parenthesised
/// expression; npos when not found.
size_t PrimaryStart(const std::vector<Token>& tokens, std::string_view text, size_t close) {
  const size_t open = OpeningBracket(tokens, close);
  if (open == std::string::npos || open == 0) return open;
  const Token& before = tokens[open - 1];
  const bool adjacent = OnlySpace(text, before.end, tokens[open].start);
  if (!adjacent) return open;
  if (tokens[open].word == "[" && (before.word == ")" || before.word == "]")) {
    return PrimaryStart(tokens, text, open - 1);  // x[…] of a call or a subscript
  }
  if (!IsNameWord(before.word) || KeywordBeforeExpression(before.word)) return open;
  size_t start = open - 1;  // the name, with its qualifiers: s.f(…), ARRAY[…], col[…]
  while (start >= 2 && tokens[start - 1].word == "." && IsNameWord(tokens[start - 2].word) &&
         OnlySpace(text, tokens[start - 2].end, tokens[start - 1].start) &&
         OnlySpace(text, tokens[start - 1].end, tokens[start].start)) {
    start -= 2;
  }
  return start;
}

}  // namespace

std::string RewriteCallChains(std::string_view sql) {
  std::string text(sql);
  // One at a time: each rewrite moves the text of the ones after it.
  for (;;) {
    const std::vector<Token> tokens = Tokenize(text);
    bool rewritten = false;
    for (size_t i = 1; i + 1 < tokens.size() && !rewritten; i++) {
      const Token& before = tokens[i - 1];
      const Token& name = tokens[i + 1];
      if (tokens[i].word != "." || !IsNameWord(name.word) ||
          !OnlySpace(text, tokens[i].end, name.start)) {
        continue;
      }
      // The receiver: a string literal right before the dot ('a b'.upper()), or an
      // expression ending in ')' or ']'.
      if (!OnlySpace(text, before.end, tokens[i].start)) continue;
      size_t primary_start = std::string::npos;
      const size_t primary_end = before.end;
      bool parenthesised = false;
      size_t digits = before.end;  // $12.f(…): a parameter as the receiver
      while (digits > 0 && std::isdigit(static_cast<unsigned char>(text[digits - 1]))) digits--;
      if (digits < before.end && digits > 0 && text[digits - 1] == '$') {
        primary_start = digits - 1;
      } else if (before.word == "\"" && text[before.start] == '\'') {
        primary_start = before.start;
        // with its prefix: E'…', X'…', a typed literal (DATE '…')
        if (i >= 2 && IsNameWord(tokens[i - 2].word) &&
            !KeywordBeforeExpression(tokens[i - 2].word)) {
          primary_start = tokens[i - 2].start;
        }
      } else if (IsNameWord(before.word) && i + 2 < tokens.size() && tokens[i + 2].word == "(") {
        // x[1].a.f(…): a call on a field path that a subscript or call begins (a path of
        // names alone, s.f(…), is the grammar's qualified call)
        size_t k = i - 1;
        while (k >= 2 && tokens[k - 1].word == "." && IsNameWord(tokens[k - 2].word) &&
               OnlySpace(text, tokens[k - 1].end, tokens[k].start)) {
          k -= 2;
        }
        if (k < 2 || tokens[k - 1].word != "." ||
            (tokens[k - 2].word != "]" && tokens[k - 2].word != ")")) {
          continue;
        }
        const size_t first = PrimaryStart(tokens, text, k - 2);
        if (first == std::string::npos) continue;
        primary_start = tokens[first].start;
      } else if (before.word == ")" || before.word == "]") {
        const size_t first = PrimaryStart(tokens, text, i - 1);
        if (first == std::string::npos) continue;
        primary_start = tokens[first].start;
        // A parenthesised expression's field, and a subscripted name's (x[2].a, t.x[1].a),
        // the grammar reads itself.
        size_t bracket = first;
        while (bracket < i && (IsNameWord(tokens[bracket].word) || tokens[bracket].word == ".")) {
          bracket++;
        }
        parenthesised = tokens[first].word == "(" || tokens[bracket].word == "[";
      }
      if (primary_start == std::string::npos) continue;
      const std::string primary = text.substr(primary_start, primary_end - primary_start);
      const bool call = i + 2 < tokens.size() && tokens[i + 2].word == "(" &&
                        OnlySpace(text, name.end, tokens[i + 2].start);
      if (call) {
        // x.f(args) is f(x, args)
        const size_t after = AfterBracket(tokens, i + 2);
        if (after > tokens.size() || tokens[after - 1].word != ")") continue;
        const std::string arguments =
            text.substr(tokens[i + 2].end, tokens[after - 1].start - tokens[i + 2].end);
        const bool none = OnlySpace(arguments, 0, arguments.size());
        text = text.substr(0, primary_start) + text.substr(name.start, name.end - name.start) +
               "(" + primary + (none ? "" : ", " + arguments) + ")" +
               text.substr(tokens[after - 1].end);
      } else {
        // f(x).field is (f(x)).field; a parenthesised expression's field the grammar reads
        if (parenthesised) continue;
        text = text.substr(0, primary_start) + "(" + primary + ")" + text.substr(primary_end);
      }
      rewritten = true;
    }
    if (!rewritten) return text;
  }
}

std::string RewriteSliceSteps(std::string_view sql) {
  std::string text(sql);
  // One slice at a time: one inside another's bounds is found again in the rewritten text.
  for (;;) {
    const std::vector<Token> tokens = Tokenize(text);
    bool rewritten = false;
    for (size_t open = 0; open < tokens.size() && !rewritten; open++) {
      if (tokens[open].word != "[") continue;
      std::vector<size_t> colons;  // at the bracket's own depth; "::" is a cast
      int depth = 0;
      size_t close = tokens.size();
      for (size_t j = open + 1; j < tokens.size(); j++) {
        const std::string& w = tokens[j].word;
        if (w == "(" || w == "[" || w == "{") {
          depth++;
        } else if (w == ")" || w == "]" || w == "}") {
          if (depth-- == 0) {
            close = j;
            break;
          }
        } else if (depth == 0 && w == ":") {
          const bool cast = (j + 1 < tokens.size() && tokens[j + 1].word == ":" &&
                             tokens[j + 1].start == tokens[j].end) ||
                            (tokens[j - 1].word == ":" && tokens[j - 1].end == tokens[j].start);
          if (!cast) colons.push_back(j);
        }
      }
      if (close == tokens.size() || colons.size() != 2) continue;
      const size_t first = colons[0], second = colons[1];
      if (second + 1 == close) throw ParserError("a slice x[begin:end:step] needs its step");
      const bool no_end =
          second == first + 1 || (second == first + 2 && tokens[first + 1].word == "-");
      std::string end_text =
          no_end ? ""
                 : text.substr(tokens[first].end, tokens[second].start - tokens[first].end) + ", ";
      const std::string step_text =
          text.substr(tokens[second].end, tokens[close].start - tokens[second].end);
      text = text.substr(0, tokens[first].end) +
             fmt::format("{}({}{})", kSliceStepMarker, end_text, step_text) +
             text.substr(tokens[close].start);
      rewritten = true;
    }
    if (!rewritten) return text;
  }
}

std::string RewriteListLiterals(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  SqlTextScanner scanner(sql);
  // The last significant character before '[' decides: after a name, ')' or ']' it is a
  // subscript or an array type; after an operator, '(' or ',' it opens a list literal.
  // The grammar takes a subscript only after a name or a parenthesised expression, so a
  // list literal or a function call that a subscript follows is put in parentheses:
  // [1, 2][1] -> (ARRAY[1, 2])[1], f(x)[1] -> (f(x))[1].
  char previous = '\0';
  std::string previous_word;
  size_t previous_word_start = 0, word_start = 0;
  size_t copied = 0;
  std::string word;
  struct Open {
    bool primary;      // opens a list literal or a function call's arguments
    size_t out_start;  // where that literal or call starts in `out`
  };
  std::vector<Open> open;
  size_t closed_primary = std::string::npos;  // `out` start of what the last ] or ) closed
  auto out_position = [&](size_t sql_position) { return out.size() + (sql_position - copied); };
  while (!scanner.Done()) {
    size_t at = scanner.Position();
    if (scanner.SkipQuotedOrComment()) {
      char c = sql[at];
      if (c == '\'' || c == '"' || c == '$') {
        // A string subscripted ('abc'[1:2]) is put in parentheses like a list literal,
        // unless it is a typed literal (DATE '…') or has a prefix (E'…', X'…').
        const bool prefixed =
            at > 0 && (std::isalnum(static_cast<unsigned char>(sql[at - 1])) || sql[at - 1] == '&');
        const bool typed = previous == 'a' && !KeywordBeforeExpression(previous_word);
        closed_primary = c != '"' && !prefixed && !typed ? out_position(at) : std::string::npos;
        previous = c == '"' ? 'a' : '\'';
        previous_word.clear();
      }
      continue;
    }
    char c = scanner.Current();
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      if (word.empty()) word_start = at;
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      previous = 'a';
      closed_primary = std::string::npos;
    } else {
      if (!word.empty()) {
        previous_word = word;
        previous_word_start = word_start;
        word.clear();
      }
      if (!std::isspace(static_cast<unsigned char>(c))) {
        bool opens_list =
            c == '[' && (previous != 'a' && previous != ')' && previous != ']' && previous != '\'');
        // After a keyword that an expression can follow, `[` opens a list literal: SELECT
        // [1], CASE [1] WHEN …, WHERE [1] = …; after any other word it is a subscript.
        if (c == '[' && previous == 'a' && KeywordBeforeExpression(previous_word)) {
          opens_list = true;
        }
        if (opens_list) {
          out.append(sql.substr(copied, at - copied));
          open.push_back({true, out.size()});
          out += "ARRAY";
          copied = at;
        } else if (c == '[') {
          size_t next = at + 1;
          while (next < sql.size() && std::isspace(static_cast<unsigned char>(sql[next]))) next++;
          const bool empty = next < sql.size() && sql[next] == ']';  // an array type
          if (previous == 'a' && previous_word == "array") {
            open.push_back({true, out_position(previous_word_start)});
          } else {
            if (closed_primary != std::string::npos && !empty) {
              out.append(sql.substr(copied, at - copied));
              copied = at;
              out.insert(closed_primary, "(");
              out += ')';
            }
            open.push_back({false, 0});
          }
        } else if (c == '(') {
          const bool call = previous == 'a' && !previous_word.empty() &&
                            !KeywordBeforeExpression(previous_word) &&
                            !NotAFunctionName(previous_word);
          // A qualified call (s.f(…), v.lower(…)) starts at its first name.
          size_t call_start = previous_word_start;
          auto word_char = [](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
          };
          while (call_start >= copied + 2 && sql[call_start - 1] == '.' &&
                 word_char(sql[call_start - 2])) {
            size_t k = call_start - 2;
            while (k > copied && word_char(sql[k - 1])) k--;
            call_start = k;
          }
          open.push_back({call, call ? out_position(call_start) : 0});
        }
        closed_primary = std::string::npos;
        if ((c == ']' || c == ')') && !open.empty()) {
          if (open.back().primary) closed_primary = open.back().out_start;
          open.pop_back();
        }
        previous = c;
        previous_word.clear();
      }
    }
    scanner.Advance();
  }
  out.append(sql.substr(copied));
  return out;
}

idx_t RewriteParameters(std::string& sql, std::vector<std::string>& names) {
  std::string out;
  SqlTextScanner scanner(sql);
  size_t copied = 0;
  idx_t highest = 0, question_marks = 0;
  bool numbered = false;
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (!scanner.Done()) {
    size_t at = scanner.Position();
    if (scanner.SkipQuotedOrComment()) continue;
    char c = scanner.Current();
    if (c == '?') {
      out.append(sql, copied, at - copied);
      if (question_marks == kMaxParameters) {
        throw ParserError(fmt::format("more than {} parameters", kMaxParameters));
      }
      out += "$" + std::to_string(++question_marks);
      copied = at + 1;
      highest = std::max(highest, question_marks);
      if (names.size() < highest) names.resize(highest);
    } else if (c == '$' && at + 1 < sql.size()) {
      size_t end = at + 1;
      while (end < sql.size() && is_word(sql[end])) end++;
      std::string word = sql.substr(at + 1, end - at - 1);
      bool previous_is_word = at > 0 && is_word(sql[at - 1]);
      if (!word.empty() && !previous_is_word) {
        idx_t number = 0;
        if (std::isdigit(static_cast<unsigned char>(word[0]))) {
          number = std::stoull(word.substr(0, std::min<size_t>(word.size(), 18)));
          if (number == 0 || word.find_first_not_of("0123456789") != std::string::npos) {
            throw ParserError(fmt::format("invalid parameter \"${}\"", word));
          }
          // PostgreSQL's limit too; the names list is sized by the highest number.
          if (number > kMaxParameters) {
            throw ParserError(fmt::format("parameter \"${}\" is out of range: at most ${}", word,
                                          kMaxParameters));
          }
          if (names.size() < number) names.resize(number);
        } else {
          auto it = std::find(names.begin(), names.end(), word);
          if (it == names.end()) {
            names.push_back(word);
            number = names.size();
          } else {
            number = static_cast<idx_t>(it - names.begin()) + 1;
          }
          out.append(sql, copied, at - copied);
          out += "$" + std::to_string(number);
          copied = end;
        }
        numbered = true;
        highest = std::max(highest, number);
        for (size_t i = at; i < end; i++) scanner.Advance();
        continue;
      }
    }
    scanner.Advance();
  }
  if (question_marks > 0 && numbered) {
    throw ParserError("a statement cannot mix ? parameters with $n or $name parameters");
  }
  out.append(sql, copied, std::string::npos);
  sql = std::move(out);
  return highest;
}

}  // namespace teal
