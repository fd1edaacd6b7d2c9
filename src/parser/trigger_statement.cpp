// CREATE TRIGGER and DROP TRIGGER (DuckDB's forms; PostgreSQL's grammar knows only
// EXECUTE FUNCTION bodies), read by hand:
//
//   CREATE [OR REPLACE] TRIGGER [IF NOT EXISTS] name {BEFORE | AFTER | INSTEAD OF}
//       {INSERT | DELETE | UPDATE [OF col, …]} ON [schema.]table
//       [REFERENCING {NEW | OLD} TABLE [AS] alias …] [FOR EACH {ROW | STATEMENT}] body
//   DROP TRIGGER [IF EXISTS] name ON [schema.]table [CASCADE | RESTRICT]
//
// The body (an INSERT, UPDATE or DELETE statement) is parsed here once, for its errors,
// and kept as text (catalog/trigger.hpp).
#include <fmt/format.h>

#include <cctype>

#include "parser/parser.hpp"
#include "parser/sql_scanner.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

class TriggerReader {
 public:
  TriggerReader(const std::string& text, std::vector<Token> tokens)
      : text_(text), tokens_(std::move(tokens)) {}

  bool At(std::string_view word, size_t ahead = 0) const {
    return i_ + ahead < tokens_.size() && tokens_[i_ + ahead].word == word;
  }
  bool Take(std::string_view word) {
    if (!At(word)) return false;
    i_++;
    return true;
  }
  void Expect(std::string_view word) {
    if (!Take(word)) Fail();
  }
  [[noreturn]] void Fail() const {
    if (i_ >= tokens_.size()) throw ParserError("syntax error at end of input");
    const Token& t = tokens_[i_];
    throw ParserError(
        fmt::format("syntax error at or near \"{}\"", text_.substr(t.start, t.end - t.start)));
  }
  /// A name that is not a keyword of the statement (`reserved`).
  std::string Name(std::initializer_list<std::string_view> reserved = {}) {
    if (i_ >= tokens_.size()) Fail();
    for (std::string_view word : reserved) {
      if (tokens_[i_].word == word) Fail();
    }
    if (tokens_[i_].word.size() == 1 &&
        !std::isalnum(static_cast<unsigned char>(text_[tokens_[i_].start])) &&
        tokens_[i_].word != "\"") {
      Fail();
    }
    return NameOf(text_, tokens_[i_++]);
  }
  /// [[database.]schema.]table; `schema` gets "database.schema" for three parts.
  void TableName(std::string& schema, std::string& table) {
    table = Name();
    while (Take(".")) {
      schema += (schema.empty() ? "" : ".") + table;
      table = Name();
    }
  }
  bool Done() const { return i_ >= tokens_.size() || (At(";") && i_ + 1 == tokens_.size()); }
  size_t Offset() const { return i_ < tokens_.size() ? tokens_[i_].start : text_.size(); }

 private:
  const std::string& text_;
  std::vector<Token> tokens_;
  size_t i_ = 2;  // after CREATE TRIGGER / DROP TRIGGER
};

std::unique_ptr<SQLStatement> ParseDropTrigger(const std::string& text, std::vector<Token> tokens) {
  TriggerReader r(text, std::move(tokens));
  auto drop = std::make_unique<DropTriggerStatement>();
  if (r.At("if") && r.At("exists", 1)) {
    r.Take("if");
    r.Take("exists");
    drop->if_exists = true;
  }
  drop->name = r.Name({"on"});
  if (r.At(".")) r.Fail();  // a trigger's name is its table's business, not a schema's
  r.Expect("on");
  r.TableName(drop->table_schema, drop->table);
  if (!r.Take("cascade")) r.Take("restrict");
  if (!r.Done()) r.Fail();
  return drop;
}

}  // namespace

std::unique_ptr<SQLStatement> ParseTriggerStatement(const std::string& text, idx_t max_depth) {
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() < 2) return nullptr;
  if (tokens[0].word == "drop" && tokens[1].word == "trigger") {
    return ParseDropTrigger(text, std::move(tokens));
  }
  // CREATE [OR REPLACE] TRIGGER
  const bool or_replace = tokens.size() > 3 && tokens[1].word == "or" &&
                          tokens[2].word == "replace" && tokens[3].word == "trigger";
  if (tokens[0].word != "create" || (tokens[1].word != "trigger" && !or_replace)) return nullptr;
  if (or_replace) tokens.erase(tokens.begin() + 1, tokens.begin() + 3);
  TriggerReader r(text, std::move(tokens));
  auto create = std::make_unique<CreateTriggerStatement>();
  create->or_replace = or_replace;
  TriggerEntry& trigger = create->trigger;
  if (r.At("if") && r.At("not", 1) && r.At("exists", 2)) {
    r.Take("if");
    r.Take("not");
    r.Take("exists");
    create->if_not_exists = true;
  }
  trigger.name = r.Name({"before", "after", "instead"});
  if (r.At(".")) r.Fail();
  if (r.Take("before")) {
    trigger.timing = TriggerTiming::kBefore;
  } else if (r.Take("after")) {
    trigger.timing = TriggerTiming::kAfter;
  } else if (r.Take("instead")) {
    r.Expect("of");
    create->instead_of = true;
  } else {
    r.Fail();
  }
  if (r.Take("insert")) {
    trigger.event = TriggerEvent::kInsert;
  } else if (r.Take("delete")) {
    trigger.event = TriggerEvent::kDelete;
  } else if (r.Take("update")) {
    trigger.event = TriggerEvent::kUpdate;
    if (r.Take("of")) {
      do {
        trigger.update_columns.push_back(r.Name({"on"}));
      } while (r.Take(","));
    }
  } else {
    r.Fail();
  }
  r.Expect("on");
  r.TableName(create->table_schema, create->table);
  if (r.Take("referencing")) {
    bool any = false;
    while (r.At("new") || r.At("old")) {
      const bool is_new = r.At("new");
      r.Take(is_new ? "new" : "old");
      r.Expect("table");
      r.Take("as");
      std::string& alias = is_new ? trigger.new_table : trigger.old_table;
      if (!alias.empty()) {
        throw ParserError(
            fmt::format("{} TABLE cannot be specified multiple times in REFERENCING "
                        "clause",
                        is_new ? "NEW" : "OLD"));
      }
      alias = r.Name({"for", "new", "old"});
      any = true;
    }
    if (!any) r.Fail();
    auto folded = [](std::string s) {
      for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    if (!trigger.new_table.empty() && folded(trigger.new_table) == folded(trigger.old_table)) {
      throw ParserError("REFERENCING aliases must be distinct");
    }
  }
  if (r.Take("for")) {
    r.Expect("each");
    if (r.Take("row")) {
      trigger.for_each_row = true;
    } else {
      r.Expect("statement");
    }
  }
  std::string body = Trim(std::string_view(text).substr(r.Offset()));
  while (!body.empty() && body.back() == ';') body = Trim(body.substr(0, body.size() - 1));
  if (body.empty()) r.Fail();
  auto statements = ParseSql(body, max_depth);
  if (statements.size() != 1 || (statements[0]->type != StatementType::kInsert &&
                                 statements[0]->type != StatementType::kUpdate &&
                                 statements[0]->type != StatementType::kDelete)) {
    throw ParserError("Trigger body must be an INSERT, UPDATE, or DELETE statement");
  }
  trigger.body = std::move(body);
  return create;
}

}  // namespace teal
