// EXPORT DATABASE and IMPORT DATABASE (DuckDB's statements): a database as a directory of
// plain files, and back; and COPY FROM DATABASE, from one attached database to another.
//
// EXPORT writes, from one snapshot (the statement's transaction):
//   schema.sql  the CREATE statements of the schemas, types, sequences, tables, views and
//               macros, in the order they were created (so each finds what it uses);
//   load.sql    a COPY … FROM per table, then the CREATE INDEX statements (building an
//               index once over the loaded rows is cheaper than row by row), then a
//               setval() per sequence that has handed out values, so that it goes on
//               where it was;
//   one CSV file per table, with a header line, written by COPY … TO.
// COPY FROM DATABASE a TO b makes a's objects and rows again in b the same way, with the
// rows read straight from a.
// IMPORT runs schema.sql and load.sql in one transaction: all of it or, on an error,
// nothing. Its COPY statements read the files of the directory IMPORT names, wherever
// EXPORT wrote them. Temporary objects are not exported (DuckDB's rule: they are the
// connection's, not the database's).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "catalog/catalog.hpp"
#include "common/external_access.hpp"
#include "main/client_context.hpp"
#include "main/count_result.hpp"
#include "main/text_file.hpp"
#include "parser/identifier.hpp"
#include "parser/parser.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

constexpr const char* kSchemaFile = "schema.sql";

/// The columns of `table` that hold values (a generated one is computed again from them),
/// quoted and joined by commas.
std::string StoredColumns(const TableEntry& table) {
  std::string columns;
  for (const auto& column : table.columns) {
    if (column.generated) continue;
    columns += (columns.empty() ? "" : ", ") + QuoteIdentifier(column.name);
  }
  return columns;
}
constexpr const char* kLoadFile = "load.sql";

/// COPY options that only writing takes (COPY … TO): left out of load.sql's COPY … FROM.
bool WriteOnlyOption(const std::string& name) {
  return name == "force_quote" || name == "compression";
}

/// COPY options that only reading takes: an error here, in DuckDB's words.
bool ReadOnlyOption(const std::string& name) {
  return name == "force_not_null" || name == "auto_detect" || name == "allow_quoted_nulls";
}

/// The FORMAT option's value: csv (the default) is the one Teal writes. DuckDB's words for
/// a malformed one.
void CheckFormat(const std::string& value) {
  if (value.empty()) {
    throw InvalidInputError("FORMAT requires a parameter, e.g. FORMAT 'csv' or FORMAT 'parquet'");
  }
  std::string name = value;
  if (name.size() >= 2 && name.front() == '\'' && name.back() == '\'') {
    name = name.substr(1, name.size() - 2);
  }
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!plain || name.empty()) {
    throw InvalidInputError(
        "Unsupported parameter type for FORMAT: expected e.g. FORMAT 'csv', 'parquet'");
  }
  const std::string key = Catalog::Key(name);
  if (key == "csv") return;
  if (key == "parquet" || key == "json") {
    throw NotImplementedError(
        fmt::format("EXPORT DATABASE in FORMAT {}: Teal writes CSV (FORMAT csv)", key));
  }
  throw CatalogError(fmt::format("Copy Function with name {} does not exist!", key));
}

/// A file name for a table's rows: its schema and name with anything but letters, digits,
/// '_' and '-' as '_', numbered when two would be the same (names differ in case or in
/// such characters; file systems may not tell case apart).
std::string DataFileName(const TableEntry& table, std::set<std::string>& taken) {
  std::string stem = (table.schema.empty() ? "" : table.schema + "_") + table.name;
  for (auto& c : stem) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  }
  std::string name = stem;
  for (int n = 2; !taken.insert(Catalog::Key(name)).second; n++) {
    name = stem + "_" + std::to_string(n);
  }
  return name + ".csv";
}

/// The text of `path`, or IOError naming it.
std::string ReadTextFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw IOError(
        fmt::format("IMPORT DATABASE: cannot read \"{}\" (was the directory written "
                    "by EXPORT DATABASE?)",
                    path.string()));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// COPY FROM DATABASE's statements, as EXPORT writes them but with the rows read straight
/// from `source` (the database `statement.from`): the CREATE statements, the rows, then
/// the indexes and triggers (made over the rows) and the sequences' positions.
std::vector<std::string> CopyDatabaseSql(const CopyDatabaseStatement& statement,
                                         const Catalog& source) {
  std::vector<std::string> sql;
  std::vector<std::string> after_rows;
  std::vector<std::string> creates = source.SchemaStatements(&after_rows);
  if (statement.schema) sql = std::move(creates);
  if (statement.data) {
    for (const auto& table : source.TablesInCreationOrder()) {
      const std::string columns = StoredColumns(*table);
      sql.push_back(
          fmt::format("INSERT INTO {} ({}) SELECT {} FROM {}.{}.{}",
                      QuoteQualifiedName(table->schema, table->name), columns, columns,
                      QuoteIdentifier(statement.from),
                      QuoteIdentifier(table->schema.empty() ? Catalog::kMainSchema : table->schema),
                      QuoteIdentifier(table->name)));
    }
  }
  if (!statement.schema) return sql;
  sql.insert(sql.end(), after_rows.begin(), after_rows.end());
  for (const auto& sequence : source.Sequences()) {
    if (std::optional<int64_t> last = sequence->Last()) {
      sql.push_back(fmt::format("SELECT setval({}, {})", QuoteLiteral(sequence->Name()), *last));
    }
  }
  return sql;
}

}  // namespace

Result ClientContext::ExecuteExport(const ExportDatabaseStatement& statement) {
  if (!database_->GetSettings().ExternalAccess()) RefuseExternalAccess("EXPORT DATABASE");
  // The options, as COPY takes them: FORMAT csv and a header line unless the statement
  // says otherwise.
  std::string write_options = "FORMAT csv", read_options = "FORMAT csv";
  bool header = false;
  for (const auto& [name, value] : statement.options) {
    if (name == "format") {
      CheckFormat(value);
      continue;
    }
    if (ReadOnlyOption(name)) {
      throw InvalidInputError(
          fmt::format("\"{}\" is not supported for writing - only for reading", name));
    }
    header = header || name == "header";
    const std::string option = name + (value.empty() ? "" : " " + value);
    write_options += ", " + option;
    if (!WriteOnlyOption(name)) read_options += ", " + option;
  }
  if (!header) {
    write_options += ", HEADER";
    read_options += ", HEADER";
  }

  const CatalogSearch catalogs = Catalogs();
  Catalog& catalog =
      statement.database.empty() ? *catalogs.main : catalogs.Database(statement.database);
  const std::string qualifier =
      statement.database.empty() ? "" : QuoteIdentifier(statement.database) + ".";

  const std::filesystem::path directory = statement.directory;
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory)) {
    throw IOError(fmt::format("EXPORT DATABASE: cannot make the directory \"{}\": {}",
                              statement.directory,
                              error ? error.message() : "a file of that name is there"));
  }

  std::vector<std::string> indexes;
  std::string schema_sql;
  for (const std::string& create : catalog.SchemaStatements(&indexes)) schema_sql += create + "\n";

  std::string load_sql;
  std::set<std::string> taken;
  // In creation order, so that a FOREIGN KEY's rows load after those they name.
  for (const auto& table : catalog.TablesInCreationOrder()) {
    const std::string columns = StoredColumns(*table);
    const std::string name =
        qualifier + QuoteIdentifier(table->schema.empty() ? Catalog::kMainSchema : table->schema) +
        "." + QuoteIdentifier(table->name);
    const std::string file = (directory / DataFileName(*table, taken)).string();
    const std::string copy_to = fmt::format("COPY (SELECT {} FROM {}) TO {} ({})", columns, name,
                                            QuoteLiteral(file), write_options);
    // The options are the statement's text: they must make one COPY, nothing more.
    auto parsed = ParseSql(copy_to, database_->GetSettings().MaxExpressionDepth());
    if (parsed.size() != 1 || parsed[0]->type != StatementType::kCopy) {
      throw ParserError(
          fmt::format("EXPORT DATABASE: the options ({}) are not COPY's options", write_options));
    }
    ExecuteStatement(*parsed[0]);
    load_sql +=
        fmt::format("COPY {} ({}) FROM {} ({});\n", QuoteQualifiedName(table->schema, table->name),
                    columns, QuoteLiteral(file), read_options);
  }
  for (const std::string& index : indexes) load_sql += index + "\n";
  for (const auto& sequence : catalog.Sequences()) {
    if (std::optional<int64_t> last = sequence->Last()) {
      load_sql += fmt::format("SELECT setval({}, {});\n", QuoteLiteral(sequence->Name()), *last);
    }
  }
  WriteTextFile(directory / kSchemaFile, schema_sql, "EXPORT DATABASE");
  WriteTextFile(directory / kLoadFile, load_sql, "EXPORT DATABASE");
  return EmptyResult(StatementType::kExport);
}

Result ClientContext::ExecuteImport(const ImportDatabaseStatement& statement) {
  if (!database_->GetSettings().ExternalAccess()) RefuseExternalAccess("IMPORT DATABASE");
  const std::filesystem::path directory = statement.directory;
  const std::string schema_sql = ReadTextFile(directory / kSchemaFile);
  const std::string load_sql = ReadTextFile(directory / kLoadFile);
  const idx_t depth = database_->GetSettings().MaxExpressionDepth();
  std::vector<std::unique_ptr<SQLStatement>> statements = ParseSql(schema_sql, depth);
  for (auto& load : ParseSql(load_sql, depth)) {
    // The rows are read from this directory, wherever EXPORT wrote them.
    if (auto* copy = dynamic_cast<CopyStatement*>(load.get()); copy && copy->is_from) {
      copy->path = (directory / std::filesystem::path(copy->path).filename()).string();
    }
    statements.push_back(std::move(load));
  }
  // One transaction: the connection's, or one of its own that commits at the end.
  const bool own = !transaction_;
  if (own) Query("BEGIN TRANSACTION");
  try {
    for (auto& one : statements) Execute(*one).Materialize();
  } catch (...) {
    if (own && transaction_) Query("ROLLBACK");
    throw;
  }
  if (own) Query("COMMIT");
  return EmptyResult(StatementType::kImport);
}

Result ClientContext::ExecuteCopyDatabase(const CopyDatabaseStatement& statement) {
  auto from = FindDatabase(statement.from);
  if (!from) throw CatalogError(fmt::format("database \"{}\" does not exist", statement.from));
  auto to = FindDatabase(statement.to);
  if (!to) throw CatalogError(fmt::format("database \"{}\" does not exist", statement.to));
  if (from == to) {
    throw BinderError(fmt::format("COPY FROM DATABASE {} TO {}: FROM and TO databases are the same",
                                  statement.from, statement.to));
  }
  if (to->ReadOnly()) {
    throw InvalidInputError(fmt::format(
        "COPY FROM DATABASE: database \"{}\" is attached in read-only mode", statement.to));
  }
  // One transaction: the connection's, or one of its own that commits at the end.
  const bool own = !transaction_;
  const std::string default_database = default_database_;
  if (own) Query("BEGIN TRANSACTION");
  try {
    std::vector<std::string> sql;
    // Read as a statement of the transaction, which sees the source as the transaction does.
    RunInTransaction(StatementType::kCopy, [&] {
      sql = CopyDatabaseSql(statement, TransactionIn(from)->GetCatalog());
      return EmptyResult(StatementType::kCopy);
    });
    for (const auto& one : sql) {
      // Run with the target as the default database: the source's objects are made there
      // under their own names.
      default_database_ = to == database_ ? std::string() : to->Name();
      for (auto& parsed : ParseSql(one, database_->GetSettings().MaxExpressionDepth())) {
        Execute(*parsed).Materialize();
      }
      default_database_ = default_database;
    }
  } catch (...) {
    default_database_ = default_database;
    if (own && transaction_) Query("ROLLBACK");
    throw;
  }
  if (own) Query("COMMIT");
  return EmptyResult(StatementType::kCopy);
}

}  // namespace teal
