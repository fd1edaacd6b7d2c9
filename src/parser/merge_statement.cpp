// MERGE, read by hand: the PostgreSQL 15 grammar Teal parses with has MERGE, but not
// DuckDB's forms of it (USING (columns), WHEN NOT MATCHED BY SOURCE, UPDATE SET *, INSERT
// BY NAME, THEN ERROR, RETURNING), so the statement's frame is read here:
//
//   [WITH …] MERGE INTO target [[AS] alias] USING source {ON condition | USING (columns)}
//   WHEN [NOT] MATCHED [BY SOURCE | BY TARGET] [AND condition] THEN action … [RETURNING …]
//
//   action:  UPDATE [SET column = value, … | SET * | BY NAME | BY POSITION] | DELETE
//          | INSERT [[(columns)] VALUES (value, …) | * | BY NAME | BY POSITION | DEFAULT VALUES]
//          | DO NOTHING | ERROR [message]
//
// The pieces that are SQL of their own — the WITH list, the target and the source, and
// every expression — go to the grammar together as one query,
// `WITH … FROM target, source SELECT NULL, expression, …, returning items`, so that they
// are parsed as anywhere else and `?` parameters are numbered in the order written.
#include <fmt/format.h>

#include <algorithm>

#include "parser/parser.hpp"
#include "parser/sql_scanner.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// Where a parsed expression of the combined query goes.
struct Piece {
  std::string text;
  enum class Slot { kOn, kCondition, kValue, kMessage } slot;
  size_t clause = 0;
  size_t value = 0;
};

class MergeReader {
 public:
  MergeReader(const std::string& text, std::vector<Token> tokens)
      : text_(text), tokens_(std::move(tokens)) {}

  /// Reads the statement whose MERGE keyword is token `merge_at`.
  std::unique_ptr<MergeStatement> Read(size_t merge_at, idx_t max_depth);

 private:
  const std::string& Word(size_t i) const {
    static const std::string kNone;
    return i < tokens_.size() ? tokens_[i].word : kNone;
  }
  std::string Text(size_t first, size_t end) const {
    if (first >= end) return "";
    return text_.substr(tokens_[first].start, tokens_[end - 1].end - tokens_[first].start);
  }
  /// The first token in [from, to) outside brackets and CASE … END that is one of
  /// `words`, or `to`.
  size_t FindTopLevel(size_t from, size_t to, std::initializer_list<std::string_view> words) const;
  void Expect(size_t& i, std::string_view word) const {
    if (Word(i) != word) Unexpected(i, fmt::format("{} expected", word));
    i++;
  }
  [[noreturn]] void Unexpected(size_t i, std::string_view what) const {
    if (i >= tokens_.size()) {
      throw ParserError(fmt::format("syntax error at the end of MERGE ({}): {}", what, text_));
    }
    throw ParserError(
        fmt::format("syntax error at or near \"{}\" in MERGE ({})", Text(i, i + 1), what));
  }
  /// Reads the action in [i, end) into `clause`, its expressions into pieces_.
  void ReadAction(size_t i, size_t end, size_t index, MergeClause& clause);
  /// `[first, end)` as the value `value` of clause `index`: DEFAULT stays null.
  void AddValue(size_t first, size_t end, size_t index, MergeClause& clause);
  /// The names of the bracketed list opening at `open`; `i` goes past it.
  std::vector<std::string> NameList(size_t& i) const;

  const std::string& text_;
  std::vector<Token> tokens_;
  std::vector<Piece> pieces_;
};

size_t MergeReader::FindTopLevel(size_t from, size_t to,
                                 std::initializer_list<std::string_view> words) const {
  int depth = 0;
  for (size_t i = from; i < to; i++) {
    const std::string& w = tokens_[i].word;
    if (w == "(" || w == "[" || w == "{" || w == "case") {
      depth++;
    } else if (w == ")" || w == "]" || w == "}" || w == "end") {
      depth--;
    } else if (depth == 0) {
      for (std::string_view word : words) {
        if (w == word) return i;
      }
    }
  }
  return to;
}

std::vector<std::string> MergeReader::NameList(size_t& i) const {
  const size_t close = AfterBracket(tokens_, i) - 1;
  std::vector<std::string> names;
  for (auto [first, end] : TopLevelItems(tokens_, i, close)) {
    if (end != first + 1) Unexpected(first, "a column name expected");
    names.push_back(NameOf(text_, tokens_[first]));
  }
  if (names.empty()) Unexpected(i + 1, "a column name expected");
  i = close + 1;
  return names;
}

void MergeReader::AddValue(size_t first, size_t end, size_t index, MergeClause& clause) {
  if (first >= end) Unexpected(first, "a value expected");
  clause.values.emplace_back();
  if (end == first + 1 && Word(first) == "default") return;
  pieces_.push_back({Text(first, end), Piece::Slot::kValue, index, clause.values.size() - 1});
}

void MergeReader::ReadAction(size_t i, size_t end, size_t index, MergeClause& clause) {
  using Action = MergeClause::Action;
  using Values = MergeClause::Values;
  const std::string& verb = Word(i);
  const bool by_target = clause.match == MergeClause::Match::kNotMatchedByTarget;
  if (verb == "do") {
    i++;
    Expect(i, "nothing");
    clause.action = Action::kDoNothing;
  } else if (verb == "delete") {
    i++;
    clause.action = Action::kDelete;
  } else if (verb == "error") {
    i++;
    clause.action = Action::kError;
    if (i < end) {
      pieces_.push_back({Text(i, end), Piece::Slot::kMessage, index, 0});
      i = end;
    }
  } else if (verb == "update") {
    i++;
    clause.action = Action::kUpdate;
    clause.values_from = Values::kByPosition;
    if (Word(i) == "by" && (Word(i + 1) == "name" || Word(i + 1) == "position")) {
      clause.values_from = Word(i + 1) == "name" ? Values::kByName : Values::kByPosition;
      i += 2;
    } else if (Word(i) == "set" && Word(i + 1) == "*") {
      i += 2;
    } else if (Word(i) == "set") {
      clause.values_from = Values::kListed;
      for (auto [first, last] : TopLevelItems(tokens_, i, end)) {
        if (Word(first) == "(") {
          throw NotImplementedError("MERGE … UPDATE SET (a, b) = …: assign each column on its own");
        }
        if (Word(first + 1) != "=") Unexpected(first + 1, "= expected after the column name");
        clause.columns.push_back(NameOf(text_, tokens_[first]));
        AddValue(first + 2, last, index, clause);
      }
      if (clause.columns.empty()) Unexpected(i + 1, "a column to SET expected");
      i = end;
    }
  } else if (verb == "insert") {
    i++;
    clause.action = Action::kInsert;
    clause.values_from = Values::kByPosition;
    if (Word(i) == "by" && (Word(i + 1) == "name" || Word(i + 1) == "position")) {
      clause.values_from = Word(i + 1) == "name" ? Values::kByName : Values::kByPosition;
      i += 2;
    } else if (Word(i) == "*") {
      i++;
    } else if (Word(i) == "default" && Word(i + 1) == "values") {
      clause.values_from = Values::kDefaultValues;
      i += 2;
    } else if (i < end) {
      if (Word(i) == "(") clause.columns = NameList(i);
      Expect(i, "values");
      if (Word(i) != "(") Unexpected(i, "( expected after VALUES");
      const size_t close = AfterBracket(tokens_, i) - 1;
      clause.values_from = Values::kListed;
      for (auto [first, last] : TopLevelItems(tokens_, i, close)) {
        AddValue(first, last, index, clause);
      }
      i = close + 1;
    }
  } else {
    Unexpected(i, "UPDATE, DELETE, INSERT, DO NOTHING or ERROR expected after THEN");
  }
  if (i != end) Unexpected(i, "the end of the action expected");
  // Only a target row can be updated or deleted, and only a source row inserted.
  if (by_target && (clause.action == Action::kUpdate || clause.action == Action::kDelete)) {
    throw ParserError(fmt::format(
        "{} cannot be combined with UPDATE or DELETE actions: there is no target row to "
        "change",
        clause.MatchText()));
  }
  if (!by_target && clause.action == Action::kInsert) {
    throw ParserError(fmt::format(
        "{} cannot be combined with an INSERT action: the target row exists already; INSERT "
        "is for WHEN NOT MATCHED [BY TARGET]",
        clause.MatchText()));
  }
}

std::unique_ptr<MergeStatement> MergeReader::Read(size_t merge_at, idx_t max_depth) {
  const size_t n = tokens_.size();
  size_t i = merge_at + 1;
  Expect(i, "into");
  const size_t target_begin = i;
  i = FindTopLevel(i, n, {"using"});
  if (i == target_begin) Unexpected(i, "the target table expected");
  const size_t target_end = i;
  Expect(i, "using");
  const size_t source_begin = i;
  i = FindTopLevel(i, n, {"on", "using"});
  if (i == source_begin) Unexpected(i, "the source expected after USING");
  if (i == n) Unexpected(i, "ON condition or USING (columns) expected after the source");
  const size_t source_end = i;

  auto merge = std::make_unique<MergeStatement>();
  if (Word(i) == "on") {
    const size_t first = i + 1;
    i = FindTopLevel(first, n, {"when"});
    if (i == first) Unexpected(i, "a condition expected after ON");
    pieces_.push_back({Text(first, i), Piece::Slot::kOn});
  } else {
    i++;
    if (Word(i) != "(") Unexpected(i, "( expected after USING");
    merge->using_columns = NameList(i);
  }

  const size_t returning_at = FindTopLevel(i, n, {"returning"});
  while (i < returning_at) {
    Expect(i, "when");
    MergeClause clause;
    if (Word(i) == "matched") {
      i++;
    } else {
      Expect(i, "not");
      Expect(i, "matched");
      clause.match = MergeClause::Match::kNotMatchedByTarget;
      if (Word(i) == "by" && Word(i + 1) == "source") {
        clause.match = MergeClause::Match::kNotMatchedBySource;
        i += 2;
      } else if (Word(i) == "by" && Word(i + 1) == "target") {
        i += 2;
      }
    }
    const size_t index = merge->clauses.size();
    if (Word(i) == "and") {
      const size_t first = i + 1;
      i = FindTopLevel(first, returning_at, {"then"});
      if (i == first) Unexpected(i, "a condition expected after AND");
      pieces_.push_back({Text(first, i), Piece::Slot::kCondition, index});
    }
    Expect(i, "then");
    const size_t action_end = FindTopLevel(i, returning_at, {"when"});
    ReadAction(i, action_end, index, clause);
    i = action_end;
    // A clause after an unconditional one for the same rows could never apply.
    for (size_t k = 0; k < index; k++) {
      const MergeClause& earlier = merge->clauses[k];
      const bool unconditional = std::none_of(pieces_.begin(), pieces_.end(), [&](const Piece& p) {
        return p.slot == Piece::Slot::kCondition && p.clause == k;
      });
      if (earlier.match == clause.match && unconditional) {
        // BY TARGET is the default, and DuckDB's words leave it out.
        const std::string what = clause.match == MergeClause::Match::kNotMatchedByTarget
                                     ? std::string("WHEN NOT MATCHED")
                                     : clause.MatchText();
        throw ParserError(fmt::format(
            "Unconditional {} clause was already defined: a {} clause after it never applies", what,
            clause.MatchText()));
      }
    }
    merge->clauses.push_back(std::move(clause));
  }
  if (merge->clauses.empty()) {
    throw ParserError(
        "MERGE needs at least one WHEN [NOT] MATCHED … THEN … clause after its join condition");
  }

  // The combined query (see the top of the file).
  std::string query = Text(0, merge_at) + " FROM " + Text(target_begin, target_end) + ", " +
                      Text(source_begin, source_end) + " SELECT NULL";
  for (const Piece& piece : pieces_) query += ", " + piece.text;
  const bool returning = returning_at < n;
  if (returning) {
    if (returning_at + 1 == n) Unexpected(n, "RETURNING needs an item");
    query += ", " + Text(returning_at + 1, n);
  }
  auto parsed = ParseSql(query, max_depth);
  auto* select = parsed.size() == 1 && parsed[0]->type == StatementType::kSelect
                     ? static_cast<SelectStatement*>(parsed[0].get())
                     : nullptr;
  if (!select || !select->from || select->from->kind != TableRefKind::kJoin ||
      select->select_list.size() < 1 + pieces_.size() + (returning ? 1 : 0)) {
    throw ParserError("syntax error in MERGE: " + text_);
  }
  TableRef& target = *select->from->left;
  if (target.kind != TableRefKind::kBase || !target.column_aliases.empty()) {
    throw ParserError(
        fmt::format("MERGE INTO needs a table, not \"{}\"", Text(target_begin, target_end)));
  }
  merge->target.schema = target.schema;
  merge->target.name = target.name;
  merge->target.alias = target.alias;
  merge->source = std::move(select->from->right);
  merge->ctes = std::move(select->ctes);
  auto& items = select->select_list;
  for (size_t k = 0; k < pieces_.size(); k++) {
    ParsedExpressionPtr& e = items[k + 1];
    const Piece& piece = pieces_[k];
    switch (piece.slot) {
      case Piece::Slot::kOn:
        merge->condition = std::move(e);
        break;
      case Piece::Slot::kCondition:
        merge->clauses[piece.clause].condition = std::move(e);
        break;
      case Piece::Slot::kValue:
        merge->clauses[piece.clause].values[piece.value] = std::move(e);
        break;
      case Piece::Slot::kMessage:
        merge->clauses[piece.clause].message = std::move(e);
        break;
    }
  }
  for (size_t k = 1 + pieces_.size(); k < items.size(); k++) {
    merge->returning.push_back(std::move(items[k]));
  }
  merge->parameter_count = select->parameter_count;
  merge->parameter_names = select->parameter_names;
  return merge;
}

}  // namespace

std::unique_ptr<SQLStatement> ParseMergeStatement(const std::string& text, idx_t max_depth) {
  // Cheap for every other statement: only MERGE and WITH … MERGE begin so.
  const size_t begin = text.find_first_not_of(" \t\r\n(");
  if (begin == std::string::npos) return nullptr;
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[begin])));
  if (c != 'm' && c != 'w' && c != 'e' && c != 'p') return nullptr;
  std::vector<Token> tokens = Tokenize(text);
  if (!tokens.empty() && tokens.back().word == ";") tokens.pop_back();
  if (tokens.empty()) return nullptr;
  // EXPLAIN [ANALYZE] MERGE …: the grammar cannot read the MERGE either.
  // PREPARE name AS MERGE …: the statement is kept as text, and read when prepared.
  size_t first = 0;
  bool analyze = false, prepare = false;
  if (tokens[0].word == "prepare" && tokens.size() > 3 && tokens[2].word == "as" &&
      (tokens[3].word == "merge" || tokens[3].word == "with")) {
    prepare = true;
    first = 3;
  } else if (tokens[0].word == "explain") {
    first = 1;
    if (first < tokens.size() && tokens[first].word == "analyze") {
      analyze = true;
      first++;
    }
    if (first == tokens.size() || (tokens[first].word != "merge" && tokens[first].word != "with")) {
      return nullptr;
    }
  }
  size_t merge_at = first;
  if (tokens[first].word == "with") {
    // The statement after the WITH list: name [(columns)] [USING KEY (…)] AS [NOT]
    // [MATERIALIZED] (query), … — whatever its words are called.
    auto word = [&](size_t i) -> const std::string& {
      static const std::string kNone;
      return i < tokens.size() ? tokens[i].word : kNone;
    };
    size_t i = first + 1;
    if (word(i) == "recursive") i++;
    while (i < tokens.size()) {
      i++;  // the name
      if (word(i) == "(") i = AfterBracket(tokens, i);
      if (word(i) == "using" && word(i + 1) == "key" && word(i + 2) == "(") {
        i = AfterBracket(tokens, i + 2);
      }
      if (word(i) != "as") return nullptr;
      i++;
      if (word(i) == "not") i++;
      if (word(i) == "materialized") i++;
      if (word(i) != "(") return nullptr;
      i = AfterBracket(tokens, i);
      if (word(i) != ",") break;
      i++;
    }
    merge_at = i;
    if (word(merge_at) != "merge") return nullptr;
  } else if (tokens[first].word != "merge") {
    return nullptr;
  }
  // PREPARE's name as the grammar has it: folded to lower case unless quoted.
  const std::string prepared_name = !prepare                 ? ""
                                    : tokens[1].word == "\"" ? NameOf(text, tokens[1])
                                                             : tokens[1].word;
  // The reader sees the statement from its WITH or MERGE on.
  const size_t shift = tokens[first].start;
  const std::string statement = text.substr(shift);
  for (Token& token : tokens) {
    token.start -= std::min(token.start, shift);
    token.end -= std::min(token.end, shift);
  }
  tokens.erase(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(first));
  MergeReader reader(statement, std::move(tokens));
  auto merge = reader.Read(merge_at - first, max_depth);
  if (first == 0) return merge;
  if (prepare) {
    auto prepared = std::make_unique<PrepareStatement>();
    prepared->name = prepared_name;
    prepared->query = statement;
    return prepared;
  }
  merge->text = statement;
  auto explain = std::make_unique<ExplainStatement>();
  explain->analyze = analyze;
  explain->parameter_count = merge->parameter_count;
  explain->parameter_names = merge->parameter_names;
  explain->statement = std::move(merge);
  return explain;
}

}  // namespace teal
