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
#include "parser/token_reader.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// A name that is not one of the statement's keywords `reserved` (nor punctuation).
std::string NameNot(TokenReader& in, std::initializer_list<std::string_view> reserved = {}) {
  if (in.Done()) in.Unexpected();
  const std::string& next = in.Peek();
  for (std::string_view word : reserved) {
    if (next == word) in.Unexpected();
  }
  const unsigned char first = static_cast<unsigned char>(next[0]);
  if (next.size() == 1 && !std::isalnum(first) && next != "\"") in.Unexpected();
  return in.Name("a name");
}

/// [[database.]schema.]table; `schema` gets "database.schema" for three parts.
void TableName(TokenReader& in, std::string& schema, std::string& table) {
  table = NameNot(in);
  while (in.Take({"."})) {
    schema += (schema.empty() ? "" : ".") + table;
    table = NameNot(in);
  }
}

std::unique_ptr<SQLStatement> ParseDropTrigger(TokenReader& in) {
  auto drop = std::make_unique<DropTriggerStatement>();
  drop->if_exists = in.Take({"if", "exists"});
  drop->name = NameNot(in, {"on"});
  if (in.Peek() == ".") in.Unexpected();  // a trigger's name is its table's, not a schema's
  if (!in.Take({"on"})) in.Unexpected();
  TableName(in, drop->table_schema, drop->table);
  if (!in.Take({"cascade"})) in.Take({"restrict"});
  in.ExpectEnd();
  return drop;
}

}  // namespace

std::unique_ptr<SQLStatement> ParseTriggerStatement(const std::string& text, idx_t max_depth) {
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() < 2) return nullptr;
  if (tokens[0].word == "drop" && tokens[1].word == "trigger") {
    TokenReader in(text, std::move(tokens), "DROP TRIGGER");
    in.Take({"drop", "trigger"});
    return ParseDropTrigger(in);
  }
  if (tokens[0].word != "create") return nullptr;
  TokenReader in(text, std::move(tokens), "CREATE TRIGGER");
  in.Take({"create"});
  const bool or_replace = in.Take({"or", "replace"});
  if (!in.Take({"trigger"})) return nullptr;
  auto create = std::make_unique<CreateTriggerStatement>();
  create->or_replace = or_replace;
  TriggerEntry& trigger = create->trigger;
  create->if_not_exists = in.Take({"if", "not", "exists"});
  trigger.name = NameNot(in, {"before", "after", "instead"});
  if (in.Peek() == ".") in.Unexpected();
  if (in.Take({"before"})) {
    trigger.timing = TriggerTiming::kBefore;
  } else if (in.Take({"after"})) {
    trigger.timing = TriggerTiming::kAfter;
  } else if (in.Take({"instead", "of"})) {
    create->instead_of = true;
  } else {
    in.Unexpected();
  }
  if (in.Take({"insert"})) {
    trigger.event = TriggerEvent::kInsert;
  } else if (in.Take({"delete"})) {
    trigger.event = TriggerEvent::kDelete;
  } else if (in.Take({"update"})) {
    trigger.event = TriggerEvent::kUpdate;
    if (in.Take({"of"})) {
      do {
        trigger.update_columns.push_back(NameNot(in, {"on"}));
      } while (in.Take({","}));
    }
  } else {
    in.Unexpected();
  }
  if (!in.Take({"on"})) in.Unexpected();
  TableName(in, create->table_schema, create->table);
  if (in.Take({"referencing"})) {
    bool any = false;
    while (in.Peek() == "new" || in.Peek() == "old") {
      const bool is_new = in.Take({"new"});
      if (!is_new) in.Take({"old"});
      if (!in.Take({"table"})) in.Unexpected();
      in.Take({"as"});
      std::string& alias = is_new ? trigger.new_table : trigger.old_table;
      if (!alias.empty()) {
        throw ParserError(
            fmt::format("{} TABLE cannot be specified multiple times in REFERENCING "
                        "clause",
                        is_new ? "NEW" : "OLD"));
      }
      alias = NameNot(in, {"for", "new", "old"});
      any = true;
    }
    if (!any) in.Unexpected();
    auto folded = [](std::string s) {
      for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    if (!trigger.new_table.empty() && folded(trigger.new_table) == folded(trigger.old_table)) {
      throw ParserError("REFERENCING aliases must be distinct");
    }
  }
  if (in.Take({"for"})) {
    if (!in.Take({"each"})) in.Unexpected();
    trigger.for_each_row = in.Take({"row"});
    if (!trigger.for_each_row && !in.Take({"statement"})) in.Unexpected();
  }
  std::string body = Trim(std::string_view(text).substr(in.Offset()));
  while (!body.empty() && body.back() == ';') body = Trim(body.substr(0, body.size() - 1));
  if (body.empty()) in.Unexpected();
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
