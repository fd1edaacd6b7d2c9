// RewriteSamples: DuckDB's USING SAMPLE clause and TABLESAMPLE on any FROM item (the
// grammar takes PostgreSQL's TABLESAMPLE method(args) after a table name only) into names
// the grammar accepts, which carry the sample as text (EncodeSample):
//
//   … [WINDOW …] USING SAMPLE spec     → … WINDOW "__teal_sample__|…|" AS ()
//                                         (or , "__teal_sample__|…|" AS () after a WINDOW)
//   item [[AS] alias[(cols)]] TABLESAMPLE spec
//                                      → item AS "__teal_sample__|…|alias"[(cols)]
//
// spec is `size [ROWS | PERCENT | %] [(method [, seed])] [REPEATABLE (seed)]`,
// `method(size [ROWS | PERCENT | %]) [REPEATABLE (seed)]` or `(size [unit])` followed by
// the same. The transformer decodes the names again (DecodeSample).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "parser/identifier.hpp"
#include "parser/rewrites.hpp"
#include "parser/sql_scanner.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

bool IsSampleMethod(const std::string& word) {
  return word == "reservoir" || word == "bernoulli" || word == "system";
}

struct SpecReader {
  std::string_view sql;
  const std::vector<Token>& tokens;
  size_t at;  // the next token

  bool Is(std::string_view word) const { return at < tokens.size() && tokens[at].word == word; }
  void Expect(std::string_view word) {
    if (!Is(word)) {
      throw ParserError(fmt::format("syntax error in a sample: \"{}\" expected at \"{}\"", word,
                                    at < tokens.size() ? tokens[at].word : "the end"));
    }
    at++;
  }

  /// A number as written (an optional sign, digits, a decimal point): the tokens from `at`
  /// that touch each other.
  std::string Number(std::string_view what) {
    const size_t first = at;
    if (Is("-") || Is("+")) at++;
    while (
        at < tokens.size() && (at == first || tokens[at].start == tokens[at - 1].end) &&
        !tokens[at].word.empty() &&
        (std::isdigit(static_cast<unsigned char>(tokens[at].word[0])) || tokens[at].word == ".")) {
      at++;
    }
    const bool digits = std::any_of(
        tokens.begin() + first, tokens.begin() + at,
        [](const Token& t) { return std::isdigit(static_cast<unsigned char>(t.word[0])); });
    if (!digits) {
      throw ParserError(fmt::format(
          "the {} of a sample must be a number, not \"{}\"", what,
          first < tokens.size() ? std::string(sql.substr(tokens[first].start,
                                                         tokens[first].end - tokens[first].start))
                                : std::string("nothing")));
    }
    return std::string(sql.substr(tokens[first].start, tokens[at - 1].end - tokens[first].start));
  }

  /// ROWS, PERCENT or %, if written: "rows", "percent" or "".
  std::string Unit() {
    if (Is("rows")) {
      at++;
      return "rows";
    }
    if (Is("percent") || Is("%")) {
      at++;
      return "percent";
    }
    return "";
  }

  /// The sample at `at` as "size|unit|method|seed" (empty fields where not written).
  std::string Spec() {
    std::string size, unit, method, seed;
    if (at + 1 < tokens.size() && IsSampleMethod(tokens[at].word) && tokens[at + 1].word == "(") {
      method = tokens[at].word;
      at += 2;
      size = Number("size");
      unit = Unit();
      Expect(")");
    } else {
      const bool parenthesized = Is("(");
      if (parenthesized) at++;
      size = Number("size");
      unit = Unit();
      if (parenthesized) Expect(")");
      if (Is("(") && at + 1 < tokens.size() && IsSampleMethod(tokens[at + 1].word)) {
        method = tokens[at + 1].word;
        at += 2;
        if (Is(",")) {
          at++;
          seed = Number("seed");
        }
        Expect(")");
      }
    }
    if (Is("repeatable")) {
      at++;
      Expect("(");
      seed = Number("seed");
      Expect(")");
    }
    return fmt::format("{}|{}|{}|{}", size, unit, method, seed);
  }
};

/// Whether `t` can be a table or alias name: a word that is no keyword ending a FROM item,
/// or a quoted identifier.
bool IsName(const Token& t) {
  static const char* kNotNames[] = {"from", "join", "lateral", "on", "using", "as", "only"};
  if (t.word == "\"") return true;
  if (t.word.empty() ||
      !(std::isalpha(static_cast<unsigned char>(t.word[0])) || t.word[0] == '_')) {
    return false;
  }
  return std::find(std::begin(kNotNames), std::end(kNotNames), t.word) == std::end(kNotNames);
}

/// The alias token of the FROM item that ends just before token `end`, or `end` when the
/// item has none: `x alias`, `x AS alias`, `x alias(cols)`; a name right after FROM, a
/// comma or a JOIN, or after a dot, is the item's own name.
size_t AliasBefore(const std::vector<Token>& tokens, size_t end) {
  if (end == 0) return end;
  size_t name = end - 1;
  if (tokens[name].word == ")") {
    // The column list of an alias, or a call's arguments, or a subquery.
    int depth = 0;
    size_t open = name;
    for (;; open--) {
      if (tokens[open].word == ")") depth++;
      if (tokens[open].word == "(" && --depth == 0) break;
      if (open == 0) return end;
    }
    if (open == 0) return end;
    name = open - 1;
    if (!IsName(tokens[name]) || name == 0) return end;
    const Token& before = tokens[name - 1];
    // alias(cols) follows an item (a name, a closing bracket) or AS; a call follows FROM,
    // a comma, a JOIN or a dot.
    if (before.word == "as" || before.word == ")" || IsName(before)) return name;
    return end;
  }
  if (!IsName(tokens[name]) || name == 0) return end;
  const Token& before = tokens[name - 1];
  if (before.word == "as" || before.word == ")" || IsName(before)) return name;
  return end;
}

}  // namespace

std::string RewriteSamples(std::string_view sql) {
  std::vector<Token> tokens = Tokenize(sql);
  std::vector<Edit> edits;
  WindowClauseTracker window;
  for (size_t i = 0; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (window.See(w)) continue;
    if (w == "using" && i + 2 < tokens.size() && tokens[i + 1].word == "sample" &&
        (tokens[i + 2].word == "(" || tokens[i + 2].word == "-" ||
         std::isdigit(static_cast<unsigned char>(tokens[i + 2].word[0])) ||
         IsSampleMethod(tokens[i + 2].word) || tokens[i + 2].word == "\"" ||
         tokens[i + 2].word == "date")) {
      // (`DELETE … USING sample WHERE` names a table "sample": a number or a method follows
      // the keywords of a sample.)
      SpecReader reader{sql, tokens, i + 2};
      const std::string spec = reader.Spec();
      edits.push_back({tokens[i].start, tokens[reader.at - 1].end,
                       fmt::format("{} {} AS ()", window.AddEntry(),
                                   QuoteIdentifier(fmt::format("{}|{}|", kSampleMarker, spec)))});
      i = reader.at - 1;
    } else if (w == "tablesample") {
      SpecReader reader{sql, tokens, i + 1};
      const std::string spec = reader.Spec();
      const size_t alias = AliasBefore(tokens, i);
      if (alias == i) {
        edits.push_back(
            {tokens[i].start, tokens[reader.at - 1].end,
             fmt::format("AS {}", QuoteIdentifier(fmt::format("{}|{}|", kSampleMarker, spec)))});
      } else {
        edits.push_back(
            {tokens[alias].start, tokens[alias].end,
             QuoteIdentifier(fmt::format(
                 "{}|{}|{}", kSampleMarker, spec,
                 tokens[alias].word == "\"" ? NameOf(sql, tokens[alias]) : tokens[alias].word))});
        edits.push_back({tokens[i].start, tokens[reader.at - 1].end, ""});
      }
      i = reader.at - 1;
    }
  }
  return edits.empty() ? std::string(sql) : ApplyEdits(sql, std::move(edits));
}

}  // namespace teal
