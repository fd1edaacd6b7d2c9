// ATTACH, DETACH, USE and EXPORT / IMPORT DATABASE — DuckDB's statements for more than one
// database and for whole databases, which the PostgreSQL grammar does not have — read by
// hand:
//
//   ATTACH [DATABASE] [OR REPLACE] [IF NOT EXISTS] 'path' [AS name] [(option [value], …)]
//   DETACH [DATABASE] [IF EXISTS] name
//   USE database[.schema]
//   EXPORT DATABASE [name TO] 'directory' [(option [value], …)]
//   IMPORT DATABASE 'directory'
//   CREATE SCHEMA [IF NOT EXISTS] database.schema
//   DROP SCHEMA [IF EXISTS] database.schema [CASCADE | RESTRICT]
//
// (The grammar reads CREATE and DROP SCHEMA of an undotted name.)
// (SQLite's ATTACH 'path' AS name is the same statement.) What the options mean is the
// engine's business (main/attach.cpp); here they are names with a value's text.
#include <fmt/format.h>

#include "parser/parser.hpp"
#include "parser/sql_scanner.hpp"
#include "parser/statements.hpp"
#include "parser/token_reader.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// A string literal's contents ('' stands for ').
std::string StringLiteral(const std::string& raw) {
  std::string out;
  for (size_t i = 1; i + 1 < raw.size(); i++) {
    out += raw[i];
    if (raw[i] == '\'') i++;
  }
  return out;
}

std::unique_ptr<SQLStatement> ParseAttach(TokenReader& in) {
  auto attach = std::make_unique<AttachStatement>();
  in.Take({"database"});
  attach->or_replace = in.Take({"or", "replace"});
  in.Take({"database"});
  attach->if_not_exists = in.Take({"if", "not", "exists"});
  if (in.Done()) in.Unexpected();
  const std::string path = in.Raw();
  if (path.size() < 2 || path[0] != '\'') {
    throw NotImplementedError(fmt::format(
        "ATTACH of anything but a string literal ({}): write the path in quotes", path));
  }
  attach->path = StringLiteral(path);
  if (in.Take({"as"})) attach->name = in.Name("a name after AS");
  if (in.Take({"("})) {
    while (!in.Take({")"})) {
      std::string option = in.Name("an option name");
      for (auto& c : option) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string value;
      value = in.RawValue();
      if (value.size() >= 2 && value[0] == '\'' && value.back() == '\'') {
        value = StringLiteral(value);
      }
      attach->options.emplace_back(std::move(option), std::move(value));
      if (!in.Take({","}) && in.Peek() != ")") in.Unexpected();
    }
  }
  in.ExpectEnd();
  return attach;
}

/// The directory of EXPORT or IMPORT DATABASE: a string literal.
std::string Directory(TokenReader& in, const char* statement) {
  if (in.Done()) in.Unexpected();
  const std::string path = in.Raw();
  if (path.size() < 2 || path[0] != '\'') {
    throw ParserError(
        fmt::format("{} needs the directory as a string literal, not {}", statement, path));
  }
  return StringLiteral(path);
}

std::unique_ptr<SQLStatement> ParseExport(TokenReader& in) {
  auto statement = std::make_unique<ExportDatabaseStatement>();
  if (in.Peek(1) == "to") {  // EXPORT DATABASE name TO 'directory'
    statement->database = in.Name("the name of a database");
    in.Take({"to"});
  }
  statement->directory = Directory(in, "EXPORT DATABASE");
  if (in.Take({"("})) {
    while (!in.Take({")"})) {
      std::string option = in.Name("an option name");
      for (auto& c : option) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      statement->options.emplace_back(std::move(option), in.RawValue());
      if (!in.Take({","}) && in.Peek() != ")") in.Unexpected();
    }
  }
  in.ExpectEnd();
  return statement;
}

}  // namespace

std::unique_ptr<SQLStatement> ParseAttachStatement(const std::string& text) {
  // Cheap for every other statement: only these three begin so.
  const size_t begin = text.find_first_not_of(" \t\r\n(");
  if (begin == std::string::npos) return nullptr;
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[begin])));
  if (c != 'a' && c != 'd' && c != 'u' && c != 'c' && c != 'e' && c != 'i') return nullptr;
  // COPY FROM DATABASE: c, and cheap to rule out for a COPY of a table.
  if (c == 'c' && text.size() > begin + 4 && (text[begin + 1] == 'o' || text[begin + 1] == 'O')) {
    std::vector<Token> words = Tokenize(text);
    if (words.size() < 3 || words[0].word != "copy" || words[1].word != "from" ||
        words[2].word != "database") {
      return nullptr;
    }
    TokenReader in(text, std::move(words), "COPY FROM DATABASE");
    in.Take({"copy", "from", "database"});
    auto copy = std::make_unique<CopyDatabaseStatement>();
    copy->from = in.Name("the name of a database");
    if (!in.Take({"to"})) in.Unexpected();
    copy->to = in.Name("the name of a database");
    if (in.Take({"("})) {
      if (in.Take({"schema"})) {
        copy->data = false;
      } else if (in.Take({"data"})) {
        copy->schema = false;
      } else {
        in.Unexpected();
      }
      if (!in.Take({")"})) in.Unexpected();
    }
    in.ExpectEnd();
    return copy;
  }
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.empty()) return nullptr;
  const std::string first = tokens[0].word;
  if (first == "attach") {
    TokenReader in(text, std::move(tokens), "ATTACH");
    in.Take({"attach"});
    return ParseAttach(in);
  }
  if (first == "detach") {
    TokenReader in(text, std::move(tokens), "DETACH");
    in.Take({"detach"});
    auto detach = std::make_unique<DetachStatement>();
    in.Take({"database"});
    detach->if_exists = in.Take({"if", "exists"});
    detach->name = in.Name("the name of a database");
    in.ExpectEnd();
    return detach;
  }
  if ((first == "create" || first == "drop") && tokens.size() > 4 && tokens[1].word == "schema") {
    const bool create = first == "create";
    TokenReader in(text, std::move(tokens), create ? "CREATE SCHEMA" : "DROP SCHEMA");
    in.Take({first});
    in.Take({"schema"});
    const bool if_exists = create ? in.Take({"if", "not", "exists"}) : in.Take({"if", "exists"});
    if (in.Peek(1) != ".") return nullptr;  // schema alone: the grammar's
    std::string catalog = in.Name("the name of a database");
    in.Take({"."});
    std::string schema = in.Name("the name of a schema");
    if (create) {
      in.ExpectEnd();
      auto statement = std::make_unique<CreateSchemaStatement>();
      statement->catalog = std::move(catalog);
      statement->name = std::move(schema);
      statement->if_not_exists = if_exists;
      return statement;
    }
    auto drop = std::make_unique<DropStatement>();
    drop->kind = DropKind::kSchema;
    drop->if_exists = if_exists;
    drop->catalog = std::move(catalog);
    drop->names.push_back(std::move(schema));
    drop->cascade = in.Take({"cascade"});
    if (!drop->cascade) in.Take({"restrict"});
    in.ExpectEnd();
    return drop;
  }
  if ((first == "export" || first == "import") && tokens.size() > 1 &&
      tokens[1].word == "database") {
    const bool is_export = first == "export";
    TokenReader in(text, std::move(tokens), is_export ? "EXPORT DATABASE" : "IMPORT DATABASE");
    in.Take({first, "database"});
    if (is_export) return ParseExport(in);
    auto statement = std::make_unique<ImportDatabaseStatement>();
    statement->directory = Directory(in, "IMPORT DATABASE");
    in.ExpectEnd();
    return statement;
  }
  if (first == "use") {
    TokenReader in(text, std::move(tokens), "USE");
    in.Take({"use"});
    auto use = std::make_unique<UseStatement>();
    use->database = in.Name("the name of a database");
    if (in.Take({"."})) use->schema = in.Name("the name of a schema");
    in.ExpectEnd();
    return use;
  }
  return nullptr;
}

}  // namespace teal
