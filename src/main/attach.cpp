// ATTACH, DETACH and USE, and how a connection's statements reach the databases attached
// to its own (main/database_manager.hpp, Transaction::Attached).
#include <fmt/format.h>

#include <filesystem>

#include "catalog/catalog.hpp"
#include "common/external_access.hpp"
#include "main/client_context.hpp"
#include "main/count_result.hpp"
#include "os/file_system.hpp"
#include "storage/database_file.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
/// The name DuckDB gives a database attached without AS: the file's name without its
/// directory and extension.
std::string FileStem(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
  if (const size_t dot = name.find('.'); dot != std::string::npos && dot > 0) name.resize(dot);
  return name;
}

bool IsInMemory(const std::string& path) { return path.empty() || path == ":memory:"; }

/// An option's value as a boolean: a bare option is true.
bool OptionFlag(const std::string& option, const std::string& value) {
  const std::string key = Catalog::Key(value);
  if (value.empty() || key == "true" || key == "1") return true;
  if (key == "false" || key == "0") return false;
  throw InvalidInputError(
      fmt::format("ATTACH option {}: \"{}\" is not a boolean (true or false)", option, value));
}
}  // namespace

std::shared_ptr<DatabaseInstance> ClientContext::FindDatabase(std::string_view name) const {
  if (replaying_ || Catalog::Key(name) == Catalog::Key(database_->Name())) return database_;
  return database_->Databases().Find(name);
}

std::shared_ptr<Transaction> ClientContext::TransactionIn(
    const std::shared_ptr<DatabaseInstance>& database) const {
  const std::shared_ptr<Transaction>& own = own_ ? own_ : current_;
  if (database == database_) return own;
  for (const auto& attached : own->AttachedTransactions()) {
    if (attached.database == database) return attached.transaction;
  }
  std::shared_ptr<Transaction> transaction = database->Transactions().Begin();
  own->AddAttached({database, transaction});
  return transaction;
}

std::shared_ptr<DatabaseInstance> ClientContext::DefaultDatabase() const {
  if (default_database_.empty()) return database_;
  auto database = database_->Databases().Find(default_database_);
  if (!database) {
    throw CatalogError(fmt::format(
        // DuckDB's words first, which its tests match on.
        "the default database {} does not exist: it is no longer attached (USE another one)",
        default_database_));
  }
  return database;
}

std::shared_ptr<DatabaseInstance> ClientContext::ChangedDatabase(SQLStatement& statement) {
  std::string* schema = nullptr;
  const std::string default_schema =
      search_path_.empty() ? std::string()
                           : DefaultSchema(TransactionIn(DefaultDatabase())->GetCatalog());
  if (auto* macro = dynamic_cast<CreateMacroStatement*>(&statement); macro && !macro->temporary) {
    schema = &macro->schema;
  }
  if (auto* type = dynamic_cast<CreateTypeStatement*>(&statement)) schema = &type->schema;
  if (auto* create = dynamic_cast<CreateTableStatement*>(&statement)) schema = &create->schema;
  if (auto* as = dynamic_cast<CreateTableAsStatement*>(&statement)) schema = &as->schema;
  if (auto* view = dynamic_cast<CreateViewStatement*>(&statement)) schema = &view->schema;
  if (auto* sequence = dynamic_cast<CreateSequenceStatement*>(&statement)) {
    schema = &sequence->schema;
  }
  // The statements above create an object of their own; those below name an existing one.
  const bool creates = schema != nullptr;
  if (auto* index = dynamic_cast<CreateIndexStatement*>(&statement)) schema = &index->schema;
  if (auto* alter = dynamic_cast<AlterTableStatement*>(&statement)) schema = &alter->schema;
  if (auto* alter = dynamic_cast<AlterSequenceStatement*>(&statement)) schema = &alter->schema;
  if (auto* trigger = dynamic_cast<CreateTriggerStatement*>(&statement)) {
    schema = &trigger->table_schema;
  }
  if (auto* trigger = dynamic_cast<DropTriggerStatement*>(&statement)) {
    schema = &trigger->table_schema;
  }
  if (auto* comment = dynamic_cast<CommentStatement*>(&statement)) schema = &comment->schema;
  if (auto* create = dynamic_cast<CreateSchemaStatement*>(&statement)) {
    if (create->catalog.empty()) return DefaultDatabase();
    auto database = FindDatabase(create->catalog);
    if (!database) {
      throw CatalogError(fmt::format("database \"{}\" does not exist", create->catalog));
    }
    return database;
  }
  std::string drop_schema;
  auto* drop = dynamic_cast<DropStatement*>(&statement);
  if (drop && !drop->catalog.empty()) {
    auto database = FindDatabase(drop->catalog);
    if (!database) {
      throw CatalogError(fmt::format("database \"{}\" does not exist", drop->catalog));
    }
    return database;
  }
  if (drop && drop->kind != DropKind::kSchema && !drop->names.empty()) {
    // "x.name": x is a schema of the default database, or a database.
    const std::string& first = drop->names[0];
    const size_t dot = first.find('.');
    if (dot != std::string::npos) {
      drop_schema = first.substr(0, dot);
      schema = &drop_schema;
    }
  }
  std::shared_ptr<DatabaseInstance> database = DefaultDatabase();
  if (!schema) return database;
  auto [catalog, in_schema] = CatalogSearch::SplitCatalog(*schema);
  if (!catalog.empty()) {
    if (CatalogSearch::IsTempSchema(catalog)) return database_;
    auto named = FindDatabase(catalog);
    if (!named) throw CatalogError(fmt::format("database \"{}\" does not exist", catalog));
    *schema = std::string(in_schema);
    return named;
  }
  if (schema->empty()) {
    // A CREATE that names no schema creates in the default one (USE s, SET schema).
    if (creates) *schema = default_schema;
    return database;
  }
  if (CatalogSearch::IsTempSchema(*schema)) return database_;
  if (TransactionIn(database)->GetCatalog().SchemaExists(*schema)) return database;
  auto named = FindDatabase(*schema);
  if (!named) return database;  // the catalog says there is no such schema
  if (schema == &drop_schema) {
    // Every name of the statement loses the database's prefix.
    for (auto& name : drop->names) {
      const size_t dot = name.find('.');
      if (dot != std::string::npos && Catalog::Key(name.substr(0, dot)) == Catalog::Key(*schema)) {
        name = name.substr(dot + 1);
      }
    }
  }
  schema->clear();
  return named;
}

Result ClientContext::ExecuteAttach(const AttachStatement& attach) {
  if (!IsInMemory(attach.path) && !database_->GetSettings().ExternalAccess()) {
    RefuseExternalAccess(fmt::format("ATTACH '{}'", attach.path));
  }
  DatabaseOptions options;
  bool mode_given = false;  // READ_ONLY, READ_WRITE or ACCESS_MODE said (not automatic)
  for (const auto& [option, value] : attach.options) {
    if (option == "read_only" || option == "readonly" || option == "read_write") {
      mode_given = true;
    }
    if (option == "read_only" || option == "readonly") {
      options.read_only = OptionFlag(option, value);
    } else if (option == "read_write") {
      options.read_only = !OptionFlag(option, value);
    } else if (option == "access_mode") {
      const std::string mode = Catalog::Key(value);
      if (mode != "read_only" && mode != "read_write" && mode != "automatic") {
        throw InvalidInputError(fmt::format(
            "ATTACH option ACCESS_MODE: \"{}\" is not one of read_only, read_write, automatic",
            value));
      }
      options.read_only = mode == "read_only";
      mode_given = mode != "automatic";
    } else if (option == "row_group_size") {
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos ||
          value.size() > 18 || std::stoull(value) == 0) {
        throw InvalidInputError(fmt::format(
            "Invalid row group size: {} - row group size must be bigger than 0", value));
      }
      options.row_group_size = std::stoull(value);
    } else if (option == "type") {
      const std::string type = Catalog::Key(value);
      if (type == "null") {
        throw BinderError("ATTACH … (TYPE NULL): NULL is not supported as a database type");
      }
      if (type != "duckdb" && type != "teal") {
        throw NotImplementedError(fmt::format(
            "ATTACH … (TYPE {}): Teal attaches databases of its own format only", value));
      }
    } else if (option == "storage_version") {
      // DuckDB's file format versions: a Teal file has its own, which this does not choose.
    } else if (option == "block_size") {
      // DuckDB's block sizes are accepted, as it checks them; a Teal file's blocks keep their
      // one size (kBlockSize): only the file's layout would differ, never a result.
      if (value.empty() || value.size() > 12 ||
          value.find_first_not_of("0123456789") != std::string::npos) {
        throw InvalidInputError(
            fmt::format("ATTACH option BLOCK_SIZE: \"{}\" is not a size in bytes", value));
      }
      const uint64_t size = std::stoull(value);
      if ((size & (size - 1)) != 0) {
        throw InvalidInputError(fmt::format(
            "ATTACH option BLOCK_SIZE {}: the block size must be a power of two", value));
      }
      if (size < 16384) {
        throw InvalidInputError(
            fmt::format("ATTACH option BLOCK_SIZE {}: the block size must be greater or equal "
                        "than the minimum block size of 16384",
                        value));
      }
      if (size > kBlockSize) {
        throw InvalidInputError(
            fmt::format("ATTACH option BLOCK_SIZE {}: the block size must be lesser or equal "
                        "than the maximum block size of {}",
                        value, kBlockSize));
      }
    } else if (option == "encryption_key" || option == "encryption_cipher" ||
               option == "recovery_mode" || option == "compress" || option == "default_table") {
      throw NotImplementedError(fmt::format("ATTACH option {}", option));
    } else {
      throw BinderError(fmt::format("Unrecognized option for attach \"{}\"", option));
    }
  }
  const bool in_memory = IsInMemory(attach.path);
  std::string name =
      attach.name.empty() ? (in_memory ? "memory" : FileStem(attach.path)) : attach.name;
  if (name.empty()) throw BinderError("ATTACH needs a name for the database: add AS name");
  DatabaseManager& databases = database_->Databases();
  const std::vector<DatabaseManager::Entry> attached = databases.Describe();
  if (databases.Find(name)) {
    if (attach.if_not_exists) {
      // Attached already, but not as asked: saying nothing would leave a database writable
      // that the statement wanted read-only (or the other way round).
      for (const auto& entry : attached) {
        if (Catalog::Key(entry.name) != Catalog::Key(name) || !mode_given ||
            entry.read_only == options.read_only) {
          continue;
        }
        throw BinderError(fmt::format(
            "Database \"{}\" is already attached in {} mode, cannot re-attach in {} mode",
            entry.name, entry.read_only ? "READ_ONLY" : "READ_WRITE",
            options.read_only ? "READ_ONLY" : "READ_WRITE"));
      }
      return EmptyResult(StatementType::kAttach);
    }
    if (attach.or_replace) {
      if (Catalog::Key(name) == Catalog::Key(default_database_)) default_database_.clear();
      databases.Detach(name);
    }
  }
  if (!in_memory) {
    // One file, one attachment: say which database has it.
    std::error_code error;
    const auto file = std::filesystem::weakly_canonical(attach.path, error);
    for (const auto& entry : attached) {
      if (entry.path.empty() ||
          (attach.or_replace && Catalog::Key(entry.name) == Catalog::Key(name))) {
        continue;
      }
      std::error_code other_error;
      if (std::filesystem::weakly_canonical(entry.path, other_error) == file && !error &&
          !other_error) {
        throw BinderError(
            fmt::format("Unique file handle conflict: database file \"{}\" is already attached "
                        "by database \"{}\"",
                        attach.path, entry.name));
      }
    }
  }
  if (in_memory && options.read_only) {
    throw InvalidInputError(
        "Cannot launch in-memory database in read-only mode: an in-memory database starts empty");
  }
  auto database = std::make_shared<DatabaseInstance>();
  database->Transactions().SetRowGroupSize(options.row_group_size);
  if (!in_memory) DatabaseInstance::Open(database, PosixFileSystem(), attach.path, options);
  database->GetSettings().SetDatabaseName(name);
  databases.Attach({name, in_memory ? std::string() : attach.path, options.read_only, database},
                   database_->Name());
  if (transaction_) attached_in_transaction_.push_back(name);
  database_->ApplySettings();  // the attached database follows the first one's settings
  return EmptyResult(StatementType::kAttach);
}

Result ClientContext::ExecuteDetach(const DetachStatement& detach) {
  const std::string key = Catalog::Key(detach.name);
  if (key == Catalog::Key(database_->Name())) {
    throw BinderError(fmt::format(
        "Cannot detach database \"{}\": it is the database the connection was opened on",
        detach.name));
  }
  if (!default_database_.empty() && key == Catalog::Key(default_database_)) {
    throw BinderError(fmt::format(
        "Cannot detach database \"{}\" because it is the default database (USE another one "
        "first)",
        detach.name));
  }
  if (!database_->Databases().Detach(detach.name) && !detach.if_exists) {
    throw BinderError(
        fmt::format("Cannot detach database \"{}\": no database of that name is "
                    "attached (it does not exist)",
                    detach.name));
  }
  return EmptyResult(StatementType::kDetach);
}

Result ClientContext::ExecuteUse(const UseStatement& use) {
  auto database = FindDatabase(use.database);
  if (!database && use.schema.empty()) {
    // USE s: a schema of the default database becomes the default schema.
    const Catalog& catalog = TransactionIn(DefaultDatabase())->GetCatalog();
    if (catalog.SchemaExists(use.database)) {
      search_path_ = {catalog.SchemaName(use.database)};
      search_path_text_ = DefaultDatabase()->Name() + "." + search_path_[0];
      return EmptyResult(StatementType::kUse);
    }
    throw CatalogError(fmt::format(
        "No catalog + schema named \"{0}\" found: database \"{0}\" does not exist (ATTACH it "
        "first), nor does a schema of that name",
        use.database));
  }
  if (!database) {
    throw CatalogError(
        fmt::format("database \"{}\" does not exist (ATTACH it first)", use.database));
  }
  std::vector<std::string> path;
  if (!use.schema.empty()) {
    const Catalog& catalog = TransactionIn(database)->GetCatalog();
    if (!catalog.SchemaExists(use.schema)) {
      throw CatalogError(fmt::format("Schema with name {} does not exist! (USE {}.{})", use.schema,
                                     use.database, use.schema));
    }
    if (!catalog.SchemaName(use.schema).empty()) path = {catalog.SchemaName(use.schema)};
  }
  default_database_ = database == database_ ? std::string() : database->Name();
  search_path_text_ = path.empty() ? std::string() : database->Name() + "." + path[0];
  search_path_ = std::move(path);
  return EmptyResult(StatementType::kUse);
}

}  // namespace teal
