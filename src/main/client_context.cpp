// ClientContext: statement dispatch, DDL, and running planned statements.
#include "main/client_context.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>

#include "catalog/table_append.hpp"
#include "common/stack.hpp"
#include "execution/cte_scan.hpp"
#include "execution/executor.hpp"
#include "execution/explain.hpp"
#include "execution/expression_executor.hpp"
#include "execution/physical_planner.hpp"
#include "function/duckdb_function_names.hpp"
#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "main/column_dependents.hpp"
#include "main/count_result.hpp"
#include "main/expression_dependents.hpp"
#include "main/prepared_data.hpp"
#include "main/query_profile.hpp"
#include "optimizer/optimizer.hpp"
#include "parser/identifier.hpp"
#include "parser/parser.hpp"
#include "parser/sql_scanner.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"
#include "storage/zone_map.hpp"
#include "teal/error.hpp"
#include "vector/data_chunk.hpp"
#include "vector/field_change.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

ClientContext::ClientContext(std::shared_ptr<DatabaseInstance> database)
    : database_(std::move(database)) {
  database_->ConnectionOpened();
}

BindOptions ClientContext::BinderOptions() const {
  BindOptions options = database_->GetSettings().ForBinder();
  options.sequences = sequences_;
  options.variables = variables_;
  options.read_only_transaction = transaction_read_only_;
  options.connection_count = database_->ConnectionCount();
  if (current_) {
    options.transaction_started_micros = Own().StartedMicros();
    // The catalog listings name the database whose catalog the binder reads as main.
    options.database_name = own_ ? changed_->Name() : DefaultDatabase()->Name();
    if (!search_path_.empty()) {
      const std::string schema = DefaultSchema(TransactionIn(DefaultDatabase())->GetCatalog());
      if (!schema.empty()) options.schema_name = schema;
    }
  }
  options.setting = [setting = std::move(options.setting), path = search_path_text_,
                     schema = options.schema_name](std::string_view name) {
    const std::string key = Catalog::Key(name);
    if (key == "search_path") return std::optional<std::string>(path);
    if (key == "schema") return std::optional<std::string>(schema);
    return setting(name);
  };
  options.databases = [database = database_] {
    auto describe = [](const std::shared_ptr<DatabaseInstance>& instance, std::string name,
                       bool read_only) {
      BindOptions::Database out;
      out.name = std::move(name);
      out.path = instance->File() ? instance->File()->Path() : std::string();
      out.read_only = read_only;
      // Weakly: the list must not keep a database open that another connection detaches.
      out.size_row = [weak = std::weak_ptr<DatabaseInstance>(instance), name = out.name] {
        if (auto held = weak.lock()) return held->SizeRow();
        // Detached since: its name and nothing known (pragma_database_size()'s columns).
        std::vector<Value> row{Value::Varchar(name), Value(LogicalType(TypeId::kVarchar))};
        for (int c = 0; c < 4; c++) row.push_back(Value(LogicalType(TypeId::kBigInt)));
        for (int c = 0; c < 3; c++) row.push_back(Value(LogicalType(TypeId::kVarchar)));
        return row;
      };
      return out;
    };
    std::vector<BindOptions::Database> list{
        describe(database, database->Name(), database->ReadOnly())};
    database->Databases().ForEach([&](const DatabaseManager::Entry& attached) {
      list.push_back(describe(attached.database, attached.name, attached.read_only));
    });
    return list;
  };
  return options;
}

ClientContext::~ClientContext() {
  // A transaction still open when its connection goes is rolled back, as PostgreSQL ends
  // a session: nothing it wrote may stay in the tables, reach a checkpoint or the log.
  if (transaction_) RollbackTransaction();
  database_->ConnectionClosed();
}

namespace {
/// The stack one level of nesting may take while a statement is parsed (libpg_query and
/// protobuf-c), transformed, bound, optimized, planned and evaluated, with room to spare.
/// A statement whose estimated depth needs more than the calling thread has left runs on
/// a large stack instead (common/stack.hpp), so deep SQL works on small worker stacks.
constexpr size_t kStackPerLevel = 4 * 1024;

bool NeedsLargeStack(std::string_view sql) {
  return EstimateNestingDepth(sql) * kStackPerLevel + kStackReserve > StackRemaining();
}

/// Sets a flag for as long as it lives.
class FlagScope {
 public:
  explicit FlagScope(bool& flag) : flag_(flag), before_(flag) { flag_ = true; }
  ~FlagScope() { flag_ = before_; }
  FlagScope(const FlagScope&) = delete;
  FlagScope& operator=(const FlagScope&) = delete;

 private:
  bool& flag_;
  bool before_;
};
}  // namespace

template <typename Fn>
auto ClientContext::OnLargeStack(Fn&& fn) -> decltype(fn()) {
  return RunOnLargeStack([&] {
    FlagScope scope(on_large_stack_);
    return fn();
  });
}

ExecutorOptions ClientContext::MakeExecutorOptions() {
  auto [threads, morsel_vectors] = database_->GetSettings().Parallelism();
  ExecutorOptions options;
  // A statement deep enough to need the large stack runs on it alone: the workers'
  // stacks are ordinary ones.
  options.threads = on_large_stack_ ? 1 : threads;
  if (options.threads > 1) options.scheduler = &database_->Scheduler(options.threads);
  options.morsel_vectors = morsel_vectors;
  std::tie(options.index_scan_max_count, options.index_scan_share) =
      database_->GetSettings().IndexScanLimits();
  options.control = control_;
  options.ctes = std::make_shared<MaterializedCtes>();
  // The connection's own database's transaction: it holds those of the attached ones.
  options.transaction = &Own();
  return options;
}

namespace {

/// Whether `sql` may hold a PIVOT statement (a cheap test before the real one).
bool MentionsPivot(std::string_view sql) {
  for (size_t i = 0; i + 5 <= sql.size(); i++) {
    if ((sql[i] | 0x20) == 'p' && (sql[i + 1] | 0x20) == 'i' && (sql[i + 2] | 0x20) == 'v' &&
        (sql[i + 3] | 0x20) == 'o' && (sql[i + 4] | 0x20) == 't') {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string ClientContext::WithPivotValues(std::string_view sql) {
  if (!MentionsPivot(sql)) return std::string(sql);
  const std::vector<PivotValueQuery> queries = PivotValueQueries(sql);
  if (queries.empty()) return std::string(sql);
  // A view or macro would keep the values of the day it was made: DuckDB refuses, too.
  // The columns an UNPIVOT selects are the source's of the day, as a view's `*`; a macro's
  // source may read its parameters, which have no value yet.
  const auto data_values = std::find_if(queries.begin(), queries.end(),
                                        [](const PivotValueQuery& q) { return !q.column_names; });
  const std::vector<Token> tokens = Tokenize(sql);
  for (size_t i = 0; i + 1 < tokens.size() && i < 6; i++) {
    if (tokens[0].word != "create") break;
    const std::string& w = tokens[i + 1].word;
    if ((w == "view" && data_values != queries.end()) || w == "macro" || w == "function") {
      if (data_values == queries.end()) {
        throw BinderError(fmt::format("UNPIVOT … ON {} cannot be used in macros: name the columns",
                                      queries[0].on));
      }
      throw BinderError(fmt::format(
          "PIVOT statements that take their values from the data (ON without IN (values)) "
          "cannot be used in {}s: list the values, as in PIVOT ... ON \"{}\" IN (val1, val2, ...)",
          w == "view" ? "view" : "macro", data_values->on));
    }
  }
  // pivot_limit: more columns than this is a mistake, not a table.
  const idx_t max_values = database_->GetSettings().PivotLimit();
  std::vector<std::string> lists;
  for (const PivotValueQuery& query : queries) {
    std::optional<Result> selected;
    if (query.column_names) {
      try {
        selected.emplace(Query(query.query));
      } catch (const BinderError& error) {
        // The binder's words for a selection of no column (* EXCLUDE, COLUMNS(…)).
        const std::string_view what = error.what();
        if (what.find("leaves no columns") == std::string_view::npos &&
            what.find("matches no column") == std::string_view::npos) {
          throw;
        }
        throw BinderError(fmt::format(
            "UNPIVOT clause must unpivot on at least one column: {} selects none", query.on));
      }
    }
    Result values = selected ? std::move(*selected) : Query(query.query);
    if (query.column_names) {
      std::string list;
      for (const std::string& name : values.ColumnNames()) {
        list += (list.empty() ? "" : ", ") + QuoteIdentifier(name);
      }
      lists.push_back(std::move(list));
      continue;
    }
    if (values.RowCount() > max_values) {
      throw InvalidInputError(fmt::format(
          "PIVOT: {} values to pivot on, more than pivot_limit, {} (list the ones wanted with IN "
          "(…))",
          values.RowCount(), max_values));
    }
    std::string list;
    std::set<std::string> seen;  // IN (SELECT …) may repeat a value
    for (idx_t row = 0; row < values.RowCount(); row++) {
      const Value value = values.GetValue(0, row);
      if (value.IsNull()) continue;
      const std::string text = value.ToString();
      if (!seen.insert(text).second) continue;
      list += fmt::format("{}CAST({} AS {}) AS {}", list.empty() ? "" : ", ", Quoted(text),
                          value.Type().ToString(), QuoteIdentifier(text));
    }
    lists.push_back(std::move(list));
  }
  return FillPivotValues(sql, lists);
}

Result ClientContext::Query(std::string_view sql) {
  if (!on_large_stack_ && NeedsLargeStack(sql)) {
    return OnLargeStack([&] { return Query(sql); });
  }
  control_->Reset(database_->GetSettings().MaxExecutionTimeMs());
  if (MentionsPivot(sql) && !PivotValueQueries(sql).empty()) {
    // A PIVOT takes its values from the data the statements before it leave: one
    // statement at a time.
    std::optional<Result> last;
    for (const std::string& text : SplitStatements(sql)) {
      if (last) last->Materialize();
      last.emplace(Query(WithPivotValues(text)));
    }
    if (!last) throw InvalidInputError("no statement to run: the SQL text is empty");
    return std::move(*last);
  }
  auto statements = ParseSql(sql, database_->GetSettings().MaxExpressionDepth(),
                             database_->GetSettings().PivotLimit());
  if (statements.empty()) throw InvalidInputError("no statement to run: the SQL text is empty");
  std::optional<Result> last;
  for (auto& statement : statements) {
    // Every result but the last is computed in full, so its errors surface here.
    if (last) last->Materialize();
    last.emplace(Execute(*statement));
  }
  return std::move(*last);
}

std::vector<std::string> ClientContext::TableNames() { return ReadCatalog()->TableNames(); }

std::string ClientContext::TableSchema(std::string_view table) {
  return ReadCatalog()->GetTable(table)->ToSql();
}

std::vector<std::string> ClientContext::AllSchemaStatements() {
  return ReadCatalog()->SchemaStatements();
}

namespace {

/// Whether statements of `type` are bound to a plan (and can take parameters).
bool IsPlanned(StatementType type) {
  return type == StatementType::kSelect || type == StatementType::kInsert ||
         type == StatementType::kDelete || type == StatementType::kUpdate ||
         type == StatementType::kMerge;
}

BoundStatement BindPlanned(Binder& binder, SQLStatement& statement) {
  switch (statement.type) {
    case StatementType::kSelect:
      return binder.BindSelect(static_cast<SelectStatement&>(statement));
    case StatementType::kInsert:
      return binder.BindInsert(static_cast<InsertStatement&>(statement));
    case StatementType::kDelete:
      return binder.BindDelete(static_cast<DeleteStatement&>(statement));
    case StatementType::kUpdate:
      return binder.BindUpdate(static_cast<UpdateStatement&>(statement));
    case StatementType::kMerge:
      return binder.BindMerge(static_cast<MergeStatement&>(statement));
    default:
      throw InternalError("statement without a plan");
  }
}

/// A column of CREATE TABLE or ALTER TABLE … ADD COLUMN: its type resolved and its
/// DEFAULT folded to a value of that type.
/// Sets the DEFAULT of `column` (its name and type set) to `expression`, or takes it away
/// when that is null.
void BindDefault(Binder& binder, const ParsedExpression* expression, ColumnDefinition& column) {
  column.default_value.reset();
  column.default_sequence = nullptr;
  column.default_expression = nullptr;
  column.default_text.clear();
  if (!expression) return;
  if ((column.default_sequence = binder.DefaultSequence(*expression))) {
    if (!column.type.IsNumeric()) {
      throw BinderError(fmt::format("DEFAULT nextval(…) needs a numeric column; \"{}\" is {}",
                                    column.name, column.type.ToString()));
    }
  } else {
    try {
      column.default_value = binder.BindDefaultValue(*expression, column.type);
      if (!column.default_value) column.default_expression = expression->Copy();
    } catch (const ConversionError& error) {
      throw ConversionError(fmt::format("DEFAULT of column \"{}\": {}", column.name, error.what()));
    }
  }
  column.default_text = expression->ToString();
}

/// Whether `catalog` has an object of `kind` filed under `name`: where DROP and COMMENT ON
/// look for a name the search path leaves open (CatalogSearch::Find). Types are the
/// database's alone: never a temporary object.
bool CatalogHolds(const Catalog& catalog, DropKind kind, std::string_view name) {
  switch (kind) {
    case DropKind::kTable:
      return catalog.FindTable(name) != nullptr;
    case DropKind::kView:
      return catalog.FindView(name) != nullptr;
    case DropKind::kIndex:
      return catalog.FindIndex(name) != nullptr;
    case DropKind::kSequence:
      return catalog.FindSequence(name) != nullptr;
    case DropKind::kMacro:
    case DropKind::kTableMacro:
      return catalog.FindMacro(name) != nullptr;
    default:
      return false;
  }
}

/// The method USING COMPRESSION `name` asks of `column` (empty for none, and for
/// PostgreSQL's TOAST methods, which have nothing to do in Teal). Throws for a name that is
/// no method, a method DuckDB no longer (or not yet) compresses with, and a dictionary for
/// a column that holds no strings.
std::string ColumnCompression(const std::string& name, const ColumnDefinition& column) {
  if (name.empty() || name == "pglz" || name == "lz4" || name == "default") return "";
  static const char* kMethods[] = {"auto",       "uncompressed", "constant",   "rle",
                                   "dictionary", "pfor",         "bitpacking", "fsst",
                                   "alp",        "alprd",        "roaring",    "zstd"};
  if (name == "chimp" || name == "patas") {
    throw BinderError(fmt::format(
        "Can't compress using user-provided compression type '{}', that type is deprecated and "
        "only has decompress support",
        name == "chimp" ? "Chimp" : "Patas"));
  }
  if (name == "dict_fsst") {
    throw BinderError(
        "Can't compress using user-provided compression type 'DICT_FSST', that type is not "
        "available yet");
  }
  if (std::none_of(std::begin(kMethods), std::end(kMethods),
                   [&](const char* m) { return name == m; })) {
    throw InvalidInputError(fmt::format(
        "unrecognized value \"{}\" for USING COMPRESSION of column \"{}\" (uncompressed, "
        "constant, rle, bitpacking, dictionary, roaring, auto, or one of DuckDB's other methods)",
        name, column.name));
  }
  const PhysicalType physical = column.type.Physical();
  if ((name == "dictionary" || name == "fsst") && physical != PhysicalType::kVarchar) {
    throw BinderError(fmt::format(
        "Can't compress column \"{}\" with type '{}' (physical: {}) using compression type "
        "'{}'",
        column.name, column.type.ToString(), PhysicalTypeName(physical),
        name == "fsst" ? "FSST" : "Dictionary"));
  }
  return name == "auto" ? "" : name;
}

ColumnDefinition BindColumnDefinition(Binder& binder, const ColumnDefinitionSyntax& syntax) {
  ColumnDefinition column;
  column.name = syntax.name;
  if (syntax.generated) {
    // Bound once every column is known (ExecuteCreateTable); the type may come from it.
    if (syntax.default_value) {
      throw BinderError(fmt::format("generated column \"{}\" cannot have a DEFAULT", syntax.name));
    }
    column.generated_text = syntax.generated->ToString();
    column.type = syntax.type.name == kInferredType ? LogicalType(TypeId::kSqlNull)
                                                    : binder.ResolveType(syntax.type);
    column.not_null = syntax.not_null;
    return column;
  }
  column.type = binder.ResolveType(syntax.type);
  column.not_null = syntax.not_null;
  BindDefault(binder, syntax.default_value.get(), column);
  column.compression = ColumnCompression(syntax.compression, column);
  return column;
}

/// Objects other than tables and views live in main only: a CatalogError for a schema
/// that does not exist, NotImplementedError for one that does.
}  // namespace

Result ClientContext::Execute(SQLStatement& statement) {
  statement_text_ = statement.text;
  if (statement.type == StatementType::kTransaction) {
    return ExecuteTransaction(static_cast<const TransactionStatement&>(statement));
  }
  // These run in the transaction of the statement they prepare or run, not one of their own.
  if (statement.type == StatementType::kPrepare) {
    return ExecuteSqlPrepare(static_cast<const PrepareStatement&>(statement));
  }
  if (statement.type == StatementType::kExecute) {
    return ExecuteSqlExecute(static_cast<const ExecutePreparedStatement&>(statement));
  }
  if (statement.type == StatementType::kExplain &&
      static_cast<ExplainStatement&>(statement).statement->type == StatementType::kExecute) {
    return ExecuteExplainExecute(static_cast<ExplainStatement&>(statement));
  }
  if (statement.type == StatementType::kDeallocate) {
    return ExecuteSqlDeallocate(static_cast<const DeallocateStatement&>(statement));
  }
  if (statement.type == StatementType::kAttach) {
    return ExecuteAttach(static_cast<const AttachStatement&>(statement));
  }
  if (statement.type == StatementType::kDetach) {
    return ExecuteDetach(static_cast<const DetachStatement&>(statement));
  }
  if (statement.type == StatementType::kUse) {
    // In a transaction: USE s reads the default database's catalog for the schema.
    return RunInTransaction(
        statement.type, [&] { return ExecuteUse(static_cast<const UseStatement&>(statement)); });
  }
  if (statement.type == StatementType::kImport) {
    return ExecuteImport(static_cast<const ImportDatabaseStatement&>(statement));
  }
  if (auto* copy = dynamic_cast<const CopyDatabaseStatement*>(&statement)) {
    return ExecuteCopyDatabase(*copy);
  }
  return RunInTransaction(statement.type, [&] { return ExecuteStatement(statement); });
}

std::shared_ptr<Catalog> ClientContext::ReadCatalog() const {
  return transaction_ ? transaction_->SharedCatalog()
                      : database_->Transactions().CommittedCatalog();
}

std::shared_ptr<Catalog> ClientContext::ReadTempCatalog() const {
  return transaction_ ? transaction_->SharedTempCatalog() : temp_catalog_;
}

std::shared_ptr<Transaction> ClientContext::BeginTransaction() {
  std::shared_ptr<Transaction> transaction = database_->Transactions().Begin();
  transaction->SetTempCatalog(temp_catalog_);
  return transaction;
}

void ClientContext::CommitTransaction(const std::shared_ptr<Transaction>& transaction) {
  // Commit ends the attached databases' transactions (and forgets them) first.
  const std::vector<Transaction::Attached> attached = transaction->AttachedTransactions();
  database_->Transactions().Commit(transaction);
  for (const auto& other : attached) {
    if (other.transaction->CommitId() != 0) other.database->AfterCommit();
  }
  // Only a transaction that changed them: the Appender's, kept open across statements,
  // must not bring back the temporary objects as they were when it began.
  if (transaction->ChangedTempCatalog()) temp_catalog_ = transaction->SharedTempCatalog();
  if (transaction->CommitId() != 0) database_->AfterCommit();
}

CatalogSearch ClientContext::Catalogs() const {
  // A catalog change looks names up in the database it changes; anything else in the
  // default one. Only the connection's own database sees its temporary objects.
  std::shared_ptr<DatabaseInstance> main_database = own_ ? changed_ : DefaultDatabase();
  std::shared_ptr<Transaction> main = own_ ? current_ : TransactionIn(main_database);
  CatalogSearch search(main->GetCatalog(),
                       main_database == database_ ? main->TempCatalog() : nullptr);
  // The search path is the default database's: a change of another one names its schemas.
  if (!own_ || main_database == DefaultDatabase()) search.path = search_path_;
  search.databases = [this, main_database](std::string_view name) -> Catalog* {
    std::shared_ptr<DatabaseInstance> database = FindDatabase(name);
    if (!database) return nullptr;
    if (database != main_database) used_other_database_ = true;
    return &TransactionIn(database)->GetCatalog();
  };
  return search;
}

/// current_ is the transaction of a database a catalog change goes to while it lives.
class ClientContext::ChangeScope {
 public:
  ChangeScope(ClientContext& context, std::shared_ptr<DatabaseInstance> database)
      : context_(context),
        current_(context.current_),
        own_(context.own_),
        changed_(context.changed_) {
    std::shared_ptr<Transaction> target = context.TransactionIn(database);
    context.Own().WriteTo(*target, fmt::format("database \"{}\"", database->Name()));
    context.own_ = own_ ? own_ : current_;
    context.current_ = std::move(target);
    context.changed_ = std::move(database);
  }
  ~ChangeScope() {
    context_.current_ = std::move(current_);
    context_.own_ = std::move(own_);
    context_.changed_ = std::move(changed_);
  }
  ChangeScope(const ChangeScope&) = delete;
  ChangeScope& operator=(const ChangeScope&) = delete;

 private:
  ClientContext& context_;
  std::shared_ptr<Transaction> current_, own_;
  std::shared_ptr<DatabaseInstance> changed_;
};

Catalog& ClientContext::WritableCatalog(bool temporary) {
  return temporary ? current_->WritableTempCatalog() : current_->WritableCatalog();
}

namespace {
bool ViewDependenciesOn(const Settings& settings) {
  return settings.Get("enable_view_dependencies") == "true";
}
}  // namespace

std::vector<std::pair<std::string, std::vector<std::string>>> ClientContext::ViewReads(
    Catalog& catalog, bool temporary) {
  // Each view bound now: one that no longer binds reads nothing that is there.
  std::vector<std::pair<std::string, std::vector<std::string>>> reads;
  const CatalogSearch search = Catalogs();
  // The catalog a binder finds the relations in: `catalog`, or the one it copies.
  const Catalog* home = temporary ? search.temp : search.main;
  for (const auto& view : catalog.Views()) {
    Binder binder(search);
    binder.SetOptions(BinderOptions());
    std::vector<std::pair<const Catalog*, std::string>> relations;
    try {
      relations = binder.RelationsReadBy(*view, &catalog);
    } catch (const Error&) {
      continue;
    }
    std::vector<std::string> read;
    for (const auto& [where, name] : relations) {
      if (where == &catalog || where == home) read.push_back(Catalog::Key(name));
    }
    reads.emplace_back(view->CatalogName(), std::move(read));
  }
  return reads;
}

void ClientContext::RefuseAlterOfViewSource(Catalog& catalog, const std::string& table,
                                            bool temporary) {
  if (!ViewDependenciesOn(database_->GetSettings())) return;
  for (const auto& [view, read] : ViewReads(catalog, temporary)) {
    if (std::find(read.begin(), read.end(), Catalog::Key(table)) == read.end()) continue;
    const std::string_view name = SplitFiledName(table).second;
    throw DependencyError(fmt::format(
        "Cannot alter entry \"{}\" because there are entries that depend on it.\nview \"{}\" "
        "depends on table \"{}\".",
        name, SplitFiledName(view).second, name));
  }
}

void ClientContext::DropDependentViews(Catalog& catalog, const std::vector<std::string>& names,
                                       bool tables, bool cascade, bool temporary) {
  const auto reads = ViewReads(catalog, temporary);
  std::vector<std::string> gone;  // what is dropped: the names, then the views reading them
  for (const auto& name : names) gone.push_back(Catalog::Key(name));
  std::vector<std::string> dependents;
  for (size_t i = 0; i < gone.size(); i++) {
    for (const auto& [view, read] : reads) {
      if (std::find(read.begin(), read.end(), gone[i]) == read.end()) continue;
      if (std::find(gone.begin(), gone.end(), Catalog::Key(view)) != gone.end()) continue;
      if (!cascade) {
        const std::string_view target = SplitFiledName(gone[i]).second;
        throw DependencyError(fmt::format(
            "Cannot drop entry \"{}\" because there are entries that depend on it.\nview \"{}\" "
            "depends on {} \"{}\".\nUse DROP...CASCADE to drop all dependents.",
            target, SplitFiledName(view).second, i < names.size() && tables ? "table" : "view",
            target));
      }
      gone.push_back(Catalog::Key(view));
      dependents.push_back(view);
    }
  }
  for (const auto& view : dependents) {
    catalog.DropView(view, /*if_exists=*/true);
    // Logged as its own DROP VIEW: the replay does not depend on this setting.
    if (!temporary) {
      const auto [schema, bare] = SplitFiledName(view);
      current_->LogCatalog(
          0, 0, "", LoggedSql(fmt::format("DROP VIEW {}", QuoteQualifiedName(schema, bare))));
    }
  }
}

void ClientContext::LogStatement(const SQLStatement& statement, bool temporary) {
  if (!temporary) current_->LogCatalog(0, 0, "", LoggedSql(statement.text));
}

CatalogSearch ClientContext::TriggerSearch(const TriggerEntry& trigger) const {
  // A trigger body's names are its table's schema's, then main's, as a view's are
  // (Binder::BindView): whichever connection's write fires it.
  return Catalogs().OwnSchemaFirst(trigger.schema);
}

std::string ClientContext::LoggedSql(std::string sql) const {
  // Names without a schema meant the search path's: the replay reads them with the same.
  if (search_path_.empty() || (own_ && changed_ != DefaultDatabase())) return sql;
  const Catalog& catalog = current_->GetCatalog();
  std::string path;
  for (const std::string& schema : search_path_) {
    if (!catalog.SchemaExists(schema)) continue;
    if (!path.empty()) path += ',';
    path += schema.empty() ? std::string(kMainSchemaName) : QuoteIdentifier(schema);
  }
  if (path.empty()) return sql;
  return "SET search_path = " + QuoteLiteral(path) + ";\n" + sql + "\n;\nRESET search_path";
}

bool ClientContext::SyntacticErrorsKeepTransactions() const {
  return database_->GetSettings().Get("default_transaction_invalidation_policy") ==
         "syntactic_errors_do_not_invalidate";
}

Result ClientContext::RunInTransaction(StatementType type, const std::function<Result()>& run) {
  TransactionManager& manager = database_->Transactions();
  if (transaction_) {
    if (transaction_failed_) {
      throw TransactionError(
          "Current transaction is aborted (please ROLLBACK): a statement in it failed, so "
          "nothing more runs in it until ROLLBACK");
    }
    DrainStreams();
    current_ = transaction_;
    const idx_t savepoint = transaction_->Undo().Size();
    try {
      return run();
    } catch (const Error& e) {
      transaction_->Undo().RollbackTo(savepoint);
      transaction_failed_ =
          !(SyntacticErrorsKeepTransactions() &&
            (e.Category() == ErrorCategory::kParser || e.Category() == ErrorCategory::kBinder ||
             e.Category() == ErrorCategory::kCatalog));
      throw;
    } catch (...) {
      transaction_->Undo().RollbackTo(savepoint);
      transaction_failed_ = true;
      throw;
    }
  }
  std::shared_ptr<Transaction> transaction = BeginTransaction();
  current_ = transaction;
  handed_to_stream_ = false;
  try {
    Result result = run();
    if (!handed_to_stream_) CommitTransaction(transaction);
    current_ = nullptr;
    return result;
  } catch (...) {
    // A streamed SELECT's result ended its transaction when unwinding dropped it.
    if (!handed_to_stream_) manager.Rollback(transaction);
    current_ = nullptr;
    throw;
  }
}

void ClientContext::RunWriteBatched(std::shared_ptr<Transaction>& own,
                                    const std::function<void(Transaction&)>& write) {
  if (transaction_) {
    CommitOwn(own);
    RunWrite(write);
    return;
  }
  if (!own) own = BeginTransaction();
  const idx_t savepoint = own->Undo().Size();
  current_ = own;
  try {
    write(*own);
  } catch (...) {
    own->Undo().RollbackTo(savepoint);
    current_ = nullptr;
    throw;
  }
  current_ = nullptr;
}

void ClientContext::CommitOwn(std::shared_ptr<Transaction>& own) {
  if (!own) return;
  std::shared_ptr<Transaction> transaction = std::move(own);
  try {
    CommitTransaction(transaction);
  } catch (...) {
    database_->Transactions().Rollback(transaction);
    throw;
  }
}

void ClientContext::RollbackOwn(std::shared_ptr<Transaction>& own) noexcept {
  if (!own) return;
  database_->Transactions().Rollback(own);
  own.reset();
}

void ClientContext::RunWrite(const std::function<void(Transaction&)>& write) {
  RefuseWriteWhenReadOnly(StatementType::kInsert);  // the appender's rows
  RunInTransaction(StatementType::kInsert, [&] {
    write(*current_);
    return EmptyResult(StatementType::kInsert);
  });
}

Result ClientContext::ExecuteTransaction(const TransactionStatement& statement) {
  // As PostgreSQL (which warns): BEGIN inside a transaction, and COMMIT or ROLLBACK
  // outside one, do nothing (DIALECT.md).
  switch (statement.kind) {
    case TransactionKind::kBegin:
      if (!transaction_) {
        transaction_ = BeginTransaction();
        transaction_failed_ = false;
        transaction_read_only_ = statement.read_only;
        streams_ = std::make_shared<OpenStreams>();
      }
      break;
    case TransactionKind::kCommit:
      if (!transaction_) break;
      DrainStreams();
      if (transaction_failed_) {
        // PostgreSQL's COMMIT of an aborted transaction: it rolls back.
        RollbackTransaction();
      } else {
        try {
          CommitTransaction(transaction_);
        } catch (...) {
          // A commit that fails (a conflict) changed nothing: the transaction rolls back.
          RollbackTransaction();
          EndTransaction();
          throw;
        }
      }
      EndTransaction();
      break;
    case TransactionKind::kRollback:
      if (!transaction_) break;
      DrainStreams();
      RollbackTransaction();
      EndTransaction();
      break;
    case TransactionKind::kSavepoint:
    case TransactionKind::kRelease:
    case TransactionKind::kRollbackTo:
      ExecuteSavepoint(statement);
      break;
  }
  return EmptyResult(StatementType::kTransaction);
}

void ClientContext::ExecuteSavepoint(const TransactionStatement& statement) {
  const char* verb = statement.kind == TransactionKind::kSavepoint ? "SAVEPOINT"
                     : statement.kind == TransactionKind::kRelease ? "RELEASE SAVEPOINT"
                                                                   : "ROLLBACK TO SAVEPOINT";
  if (!transaction_) {
    throw TransactionError(fmt::format("{} can only be used inside BEGIN … COMMIT", verb));
  }
  if (transaction_failed_ && statement.kind != TransactionKind::kRollbackTo) {
    throw TransactionError(
        "Current transaction is aborted (please ROLLBACK): a statement in it failed, so "
        "nothing more runs in it until ROLLBACK (or ROLLBACK TO a savepoint)");
  }
  const std::string name = Catalog::Key(statement.savepoint);
  if (statement.kind == TransactionKind::kSavepoint) {
    DrainStreams();
    savepoints_.emplace_back(name, transaction_->MarkNow());
    return;
  }
  auto it = std::find_if(savepoints_.rbegin(), savepoints_.rend(),
                         [&](const auto& savepoint) { return savepoint.first == name; });
  if (it == savepoints_.rend()) {
    // As any failing statement in a transaction (PostgreSQL).
    transaction_failed_ = true;
    throw TransactionError(
        fmt::format("{}: savepoint \"{}\" does not exist", verb, statement.savepoint));
  }
  const auto kept = savepoints_.size() - static_cast<size_t>(it - savepoints_.rbegin());
  if (statement.kind == TransactionKind::kRelease) {
    savepoints_.resize(kept - 1);  // it and every later one
    return;
  }
  DrainStreams();
  transaction_->RollbackTo(savepoints_[kept - 1].second);
  savepoints_.resize(kept);  // the later ones go, it stays
  transaction_failed_ = false;
}

void ClientContext::RollbackTransaction() noexcept {
  if (transaction_) database_->Transactions().Rollback(transaction_);
  for (const std::string& name : attached_in_transaction_) {
    try {
      database_->Databases().Detach(name);
    } catch (...) {
      // Detaching a database only closes it; nothing of it is to be kept.
    }
  }
  attached_in_transaction_.clear();
}

void ClientContext::EndTransaction() {
  attached_in_transaction_.clear();
  transaction_ = nullptr;
  savepoints_.clear();
  transaction_failed_ = false;
  transaction_read_only_ = false;
  streams_ = nullptr;
  current_ = nullptr;
}

void ClientContext::RefuseWriteWhenReadOnly(StatementType type) const {
  if (!transaction_read_only_) return;
  // PostgreSQL's words, then DuckDB's. Temporary tables are refused too (PostgreSQL
  // allows writing them): the statement's kind decides, before any table is looked up.
  throw TransactionError(fmt::format(
      "cannot execute {} in a read-only transaction: the transaction is launched in read-only "
      "mode (BEGIN TRANSACTION READ ONLY)",
      StatementTypeName(type)));
}

std::vector<Value> ClientContext::ParameterValuesByName(const SQLStatement& statement,
                                                        const std::map<std::string, Value>& named,
                                                        std::string& missing) const {
  std::vector<Value> values(statement.parameter_count);
  for (idx_t i = 0; i < statement.parameter_count; i++) {
    const std::string& name =
        i < statement.parameter_names.size() ? statement.parameter_names[i] : std::string();
    if (!name.empty()) {
      if (auto given = named.find(name); given != named.end()) {
        values[i] = given->second;
        continue;
      }
      if (const Value* variable = FindVariable(*variables_, name)) {
        values[i] = *variable;
        continue;
      }
    }
    missing += fmt::format("{}{}", missing.empty() ? "" : ", ",
                           name.empty() ? std::to_string(i + 1) : "$" + name);
  }
  return values;
}

Result ClientContext::ExecuteStatement(SQLStatement& statement) {
  if (statement.parameter_count > 0) {
    // $name takes the connection's variable of that name (DuckDB's); nothing else has a value.
    if (!IsPlanned(statement.type)) {
      throw NotImplementedError(fmt::format("parameters ($1, ?, $name) in {} statements",
                                            StatementTypeName(statement.type)));
    }
    std::string missing;
    std::vector<Value> values = ParameterValuesByName(statement, {}, missing);
    if (!missing.empty()) {
      throw InvalidInputError(fmt::format(
          "Values were not provided for the following parameters: {} (pass them to Query(sql, "
          "values…) or use Prepare)",
          missing));
    }
    Binder binder(Catalogs(), &values);
    binder.SetOptions(BinderOptions());
    return ExecutePlan(statement.type, BindPlanned(binder, statement));
  }
  if (IsPlanned(statement.type)) {
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    return ExecutePlan(statement.type, BindPlanned(binder, statement));
  }
  // A catalog change goes to one database: its transaction there is current_ meanwhile.
  std::optional<ChangeScope> change;
  if (statement.type == StatementType::kCreate || statement.type == StatementType::kDrop ||
      statement.type == StatementType::kAlter) {
    RefuseWriteWhenReadOnly(statement.type);
    change.emplace(*this, ChangedDatabase(statement));
  }
  switch (statement.type) {
    case StatementType::kExplain:
      return ExecuteExplain(*static_cast<ExplainStatement&>(statement).statement,
                            static_cast<ExplainStatement&>(statement).analyze);
    case StatementType::kCreate: {
      // CREATE TABLE [AS] and ALTER log themselves (with their tables' oids); the other
      // catalog changes are logged as their SQL (LogStatement).
      if (auto* create = dynamic_cast<CreateTableStatement*>(&statement))
        return ExecuteCreateTable(*create);
      if (auto* as = dynamic_cast<CreateTableAsStatement*>(&statement))
        return ExecuteCreateTableAs(*as);
      if (auto* view = dynamic_cast<CreateViewStatement*>(&statement))
        return ExecuteCreateView(*view);
      if (auto* index = dynamic_cast<CreateIndexStatement*>(&statement))
        return ExecuteCreateIndex(*index);
      if (auto* sequence = dynamic_cast<CreateSequenceStatement*>(&statement))
        return ExecuteCreateSequence(*sequence);
      if (auto* macro = dynamic_cast<CreateMacroStatement*>(&statement))
        return ExecuteCreateMacro(*macro);
      if (auto* trigger = dynamic_cast<CreateTriggerStatement*>(&statement))
        return ExecuteCreateTrigger(*trigger);
      if (auto* schema = dynamic_cast<CreateSchemaStatement*>(&statement)) {
        if (CatalogSearch::IsTempSchema(schema->name)) {
          throw CatalogError("schema \"temp\" already exists: it holds the temporary objects");
        }
        if (schema->or_replace) DropToReplace(DropKind::kSchema, schema->catalog, schema->name);
        current_->WritableCatalog().CreateSchema(schema->name, schema->if_not_exists);
        LogStatement(statement, false);
        return EmptyResult(StatementType::kCreate);
      }
      return ExecuteCreateType(static_cast<CreateTypeStatement&>(statement));
    }
    case StatementType::kDrop:
      if (auto* trigger = dynamic_cast<DropTriggerStatement*>(&statement))
        return ExecuteDropTrigger(*trigger);
      return ExecuteDrop(static_cast<DropStatement&>(statement));
    case StatementType::kAlter:
      if (auto* comment = dynamic_cast<CommentStatement*>(&statement)) {
        return ExecuteComment(*comment);
      }
      if (auto* sequence = dynamic_cast<AlterSequenceStatement*>(&statement)) {
        return ExecuteAlterSequence(*sequence);
      }
      return ExecuteAlter(static_cast<AlterTableStatement&>(statement));
    case StatementType::kPragma:
      return ExecutePragma(static_cast<PragmaStatement&>(statement));
    case StatementType::kSet:
      return ExecuteSet(static_cast<SetStatement&>(statement));
    case StatementType::kCopy:
      return ExecuteCopy(static_cast<CopyStatement&>(statement));
    case StatementType::kExport:
      return ExecuteExport(static_cast<const ExportDatabaseStatement&>(statement));
    case StatementType::kVacuum:
      return ExecuteVacuum(static_cast<const VacuumStatement&>(statement));
    default:
      throw NotImplementedError(fmt::format("{} statements", StatementTypeName(statement.type)));
  }
}

Result ClientContext::ExecuteVacuum(const VacuumStatement& vacuum) {
  std::vector<std::shared_ptr<TableEntry>> tables;
  if (vacuum.table.empty()) {
    tables = current_->GetCatalog().Tables();
  } else {
    const CatalogSearch::Place place = Catalogs().Relation(vacuum.schema, vacuum.table);
    auto table = place.catalog->FindTable(place.name);
    if (!table) {
      if (place.catalog->FindView(place.name)) {
        throw BinderError(
            fmt::format("Can only vacuum or analyze base tables: \"{}\" is a view", vacuum.table));
      }
      throw CatalogError(fmt::format("Table with name {} does not exist!", vacuum.table));
    }
    tables.push_back(std::move(table));
  }
  for (const auto& table : tables) {
    std::vector<idx_t> columns;
    for (const auto& name : vacuum.columns) {
      const idx_t c = table->ColumnIndex(name);
      if (c == kInvalidIndex) {
        throw BinderError(
            fmt::format("Table \"{}\" does not have a column with name \"{}\"", table->name, name));
      }
      columns.push_back(c);
    }
    if (!vacuum.analyze) continue;
    if (columns.empty()) {
      for (idx_t c = 0; c < table->columns.size(); c++) columns.push_back(c);
    }
    // Every row group's zones of those columns, computed now rather than by a first scan.
    table->storage->RowGroupsToScan(columns, [](std::span<const ColumnZone>) { return true; });
  }
  return EmptyResult(StatementType::kVacuum);
}

void ClientContext::RefuseReferenced(const Catalog& catalog, const TableEntry& table,
                                     const std::vector<std::string>& dropped_too) {
  for (const auto& child : ReferencingTables(catalog, table)) {
    const bool goes_too = std::any_of(dropped_too.begin(), dropped_too.end(), [&](const auto& n) {
      return Catalog::Key(n) == Catalog::Key(child->CatalogName());
    });
    if (goes_too) continue;
    throw CatalogError(fmt::format(
        "Could not drop the table because this table is main key table of the table \"{}\"",
        child->name));
  }
}

void ClientContext::DropTableToReplace(Catalog& catalog, const std::string& name) {
  auto table = catalog.FindTable(name);
  if (!table) return;
  RefuseReferenced(catalog, *table, {});
  current_->TableReplaced(table->storage, Transaction::TableChange::kDropped,
                          fmt::format("DROP TABLE \"{}\"", table->name));
  catalog.DropTable(name, false);
}

namespace {
/// A table that is not temporary cannot call a temporary macro or sequence in its
/// expressions: the database would not open without it (main/expression_dependents.hpp).
/// A column of a named ENUM must have one of `catalog`'s types: one of another database's
/// (CREATE TABLE … AS SELECT 'a'::db1.mood) would be read as another type, or none, when
/// the table's database opens.
void RefuseOtherCatalogsEnum(const Catalog& catalog, const ColumnDefinition& column,
                             std::string_view table) {
  std::function<void(const LogicalType&)> check = [&](const LogicalType& type) {
    if (type.Id() == TypeId::kList || type.Id() == TypeId::kArray || type.Id() == TypeId::kMap) {
      check(type.ListChild());
    } else if (type.Id() == TypeId::kStruct || type.Id() == TypeId::kUnion) {
      for (const auto& field : type.StructFields()) check(field.second);
    } else if (type.Id() == TypeId::kEnum && !type.Enum().name.empty()) {
      const auto own = catalog.FindType(type.Enum().name);
      if (!own || !(*own == type)) {
        throw CatalogError(fmt::format(
            "table \"{}\" cannot have column \"{}\" of the type \"{}\" of another database: "
            "cast it to VARCHAR or to a type of the table's database",
            table, column.name, type.Enum().name));
      }
    }
  };
  check(column.type);
}

void RefuseTemporaryObjects(const Binder& binder, bool temporary, std::string_view table) {
  if (!binder.OtherDatabaseObjectUsed().empty()) {
    throw CatalogError(fmt::format(
        "table \"{}\" cannot use the {} of another database: its columns and their expressions "
        "are read again when its own database opens, without the other",
        table, binder.OtherDatabaseObjectUsed()));
  }
  if (temporary || binder.TemporaryObjectUsed().empty()) return;
  throw CatalogError(fmt::format(
      "table \"{}\" is not temporary: its columns' expressions cannot use the temporary {}, "
      "which goes when the connection closes",
      table, binder.TemporaryObjectUsed()));
}
}  // namespace

Result ClientContext::ExecuteCreateTable(const CreateTableStatement& create) {
  const bool temporary = CatalogSearch::IsTempSchema(create.schema);
  Catalog& catalog = WritableCatalog(temporary);
  Binder binder(Catalogs());
  binder.SetOptions(BinderOptions());
  auto table = std::make_shared<TableEntry>();
  table->name = create.name;
  table->schema = temporary ? "" : catalog.SchemaName(create.schema);
  if (create.columns.empty()) {
    throw BinderError(fmt::format("table \"{}\" must have at least one column", create.name));
  }
  std::set<std::string> seen;
  for (const auto& syntax : create.columns) {
    std::string key = syntax.name;
    for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!seen.insert(key).second) {
      throw BinderError(
          fmt::format("column \"{}\" is defined twice in table \"{}\"", syntax.name, create.name));
    }
    table->columns.push_back(BindColumnDefinition(binder, syntax));
  }
  // Generated columns: their expressions over the other columns, and their types.
  std::vector<const ParsedExpression*> generated;
  for (const ColumnDefinitionSyntax& syntax : create.columns) {
    generated.push_back(syntax.generated.get());
  }
  binder.BindGeneratedColumns(*table, generated);
  AddConstraintIndexes(create, *table);
  // A temporary table's parents are temporary tables (the catalog it goes to).
  if (!create.foreign_keys.empty()) AddForeignKeys(create, catalog, *table);
  for (const auto& index : table->indexes->Entries()) {
    for (idx_t c : index->columns) {
      if (table->columns[c].generated) {
        throw BinderError(
            fmt::format("Constraints on generated columns are not supported yet: a "
                        "PRIMARY KEY or UNIQUE on generated column \"{}\"",
                        table->columns[c].name));
      }
    }
  }
  for (const auto& syntax : create.checks) {
    CheckConstraint check;
    check.name = syntax.name;
    check.text = syntax.expression->ToString();
    check.condition = binder.BindCheck(*table, *syntax.expression);
    table->checks.push_back(std::move(check));
  }
  RefuseTemporaryObjects(binder, temporary, create.name);
  if (create.or_replace) {
    catalog.CheckReplaceable(table->CatalogName(), /*view=*/false);
    DropTableToReplace(catalog, table->CatalogName());
  }
  table->storage = std::make_shared<DataTable>(table->Types(), current_->Manager().RowGroupSize());
  table->storage->SetManager(&current_->Manager());
  if (temporary) table->storage->SetTemporary();
  current_->TableCreated(*table->storage);
  const uint64_t oid = current_->Manager().NextOid();
  table->storage->SetOid(oid);
  const std::string name = table->CatalogName();
  if (catalog.CreateTable(std::move(table), create.if_not_exists) && !temporary) {
    current_->LogCatalog(oid, 0, name, LoggedSql(create.text));
  }
  return EmptyResult(StatementType::kCreate);
}

namespace {
/// Positions of `names` in `table`, each indexable; `what` names the index for errors.
std::vector<idx_t> IndexColumns(const TableEntry& table, const std::vector<std::string>& names,
                                const std::string& what, bool create_index = false) {
  std::vector<idx_t> columns;
  for (const auto& name : names) {
    idx_t c = table.ColumnIndex(name);
    if (c == kInvalidIndex) {
      // DuckDB's categories: a Binder Error for CREATE INDEX, a Catalog Error for a key.
      std::string message = fmt::format("{}: table \"{}\" does not have a column named \"{}\"",
                                        what, table.name, name);
      if (create_index) throw BinderError(std::move(message));
      throw CatalogError(std::move(message));
    }
    // CREATE INDEX may name a column again (a repeated key part); a constraint may not.
    if (!create_index && std::find(columns.begin(), columns.end(), c) != columns.end()) {
      throw BinderError(fmt::format("{}: column \"{}\" is named twice", what, name));
    }
    art::CheckIndexableType(table.columns[c].type);
    columns.push_back(c);
  }
  return columns;
}
}  // namespace

void ClientContext::BindIndexExpressions(const TableEntry& table,
                                         const CreateIndexStatement& create,
                                         const std::string& what, IndexEntry& index) {
  Binder binder(Catalogs());
  binder.SetOptions(BinderOptions());
  std::vector<ExpressionPtr> parts;
  for (size_t k = 0; k < create.columns.size(); k++) {
    if (const ParsedExpression* e = create.expressions[k].get()) {
      ExpressionPtr bound = binder.BindRowExpression(table, *e, "index expressions");
      art::CheckIndexableType(bound->type);
      index.expression_texts.push_back(e->ToString());
      parts.push_back(std::move(bound));
    } else {
      const idx_t c = IndexColumns(table, {create.columns[k]}, what)[0];
      index.expression_texts.push_back(QuoteIdentifier(table.columns[c].name));
      parts.push_back(MakeColumnRef(c, table.columns[c].type, table.columns[c].name));
    }
  }
  // The columns the keys read, ascending; each part reads them from a chunk of those.
  for (const auto& part : parts) ForEachColumn(*part, [&](idx_t c) { index.columns.push_back(c); });
  std::sort(index.columns.begin(), index.columns.end());
  index.columns.erase(std::unique(index.columns.begin(), index.columns.end()), index.columns.end());
  if (index.columns.empty()) {
    throw BinderError(fmt::format("{}: its key reads no column of table \"{}\"", what, table.name));
  }
  for (auto& part : parts) {
    RemapColumns(*part, [&](idx_t c) {
      return static_cast<idx_t>(std::lower_bound(index.columns.begin(), index.columns.end(), c) -
                                index.columns.begin());
    });
    index.expressions.push_back(std::move(part));
  }
}

void ClientContext::AddConstraintIndexes(const CreateTableStatement& create, TableEntry& table) {
  bool has_primary = false;
  for (const auto& constraint : create.constraints) {
    auto index = std::make_shared<IndexEntry>();
    index->constraint =
        constraint.primary ? IndexConstraint::kPrimaryKey : IndexConstraint::kUnique;
    index->from_constraint = true;
    std::string what = constraint.primary ? "PRIMARY KEY" : "UNIQUE";
    index->columns = IndexColumns(table, constraint.columns, what);
    if (constraint.primary) {
      if (has_primary) {
        throw ParserError(fmt::format("table \"{}\" has more than one primary key", table.name));
      }
      has_primary = true;
      for (idx_t c : index->columns) table.columns[c].not_null = true;  // as in PostgreSQL
    }
    index->name = ConstraintIndexName(table, constraint, index->columns);
    table.indexes->Add(std::move(index));
  }
}

std::string ClientContext::ConstraintIndexName(const TableEntry& table,
                                               const UniqueConstraintSyntax& constraint,
                                               const std::vector<idx_t>& columns) {
  // PostgreSQL's names: t_pkey, t_a_b_key (numbered when taken).
  std::string name = constraint.name;
  if (name.empty()) {
    std::string base = table.name;
    if (constraint.primary) {
      base += "_pkey";
    } else {
      for (idx_t c : columns) base += "_" + table.columns[c].name;
      base += "_key";
    }
    name = base;
    for (int n = 1; table.indexes->Find(name) || current_->GetCatalog().FindIndex(name); n++) {
      name = base + std::to_string(n);
    }
  }
  // Index names are the catalog's; another schema's are qualified, as its tables are.
  if (!table.schema.empty()) name = QualifiedName(table.schema, name);
  if (table.indexes->Find(name)) {
    throw CatalogError(fmt::format("constraint \"{}\" is defined twice", name));
  }
  return name;
}

void ClientContext::RefuseNulls(const TableEntry& table, const std::vector<idx_t>& columns,
                                const std::string& what,
                                const std::function<std::string(idx_t column)>& message) {
  // Claimed (as by CREATE INDEX): others' pending inserts and updates cannot commit, they
  // cannot write before this transaction ends, and those begun before it cannot after.
  current_->TableReplaced(table.storage, Transaction::TableChange::kIndexes, what);
  // Every commit's rows, not only those of this transaction's snapshot: the constraint
  // holds for the table as the next transactions see it.
  const Transaction latest = current_->Latest();
  TableScanState scan;
  std::vector<LogicalType> types;
  for (idx_t c : columns) types.push_back(table.columns[c].type);
  DataChunk chunk(types, 0);
  while (table.storage->Scan(latest, scan, columns, chunk)) {
    for (idx_t k = 0; k < columns.size(); k++) {
      for (idx_t i = 0; i < chunk.size(); i++) {
        if (!chunk.data[k].RowIsValid(i)) throw ConstraintError(message(columns[k]));
      }
    }
  }
}

Result ClientContext::ExecuteAddUnique(const AlterTableStatement& alter, Catalog& catalog,
                                       const std::string& table_name, bool temporary) {
  auto table = catalog.FindTable(table_name);
  if (!table) {
    if (alter.if_exists) return EmptyResult(StatementType::kAlter);
    table = catalog.GetTable(table_name);  // the error naming it
  }
  const UniqueConstraintSyntax& constraint = alter.unique;
  const std::string what = constraint.primary ? "PRIMARY KEY" : "UNIQUE";
  auto index = std::make_shared<IndexEntry>();
  index->constraint = constraint.primary ? IndexConstraint::kPrimaryKey : IndexConstraint::kUnique;
  index->from_constraint = true;
  index->columns = IndexColumns(*table, constraint.columns, what);
  index->name = ConstraintIndexName(*table, constraint, index->columns);
  const uint64_t oid = table->storage->Oid();
  if (constraint.primary) {
    for (const auto& entry : table->indexes->Entries()) {
      if (entry->constraint == IndexConstraint::kPrimaryKey) {
        throw CatalogError(fmt::format("table \"{}\" can have only one primary key", table->name));
      }
    }
    // The key columns become NOT NULL (PostgreSQL): no row this transaction sees may be
    // NULL there, and nobody else may have changes in the table meanwhile.
    RefuseNulls(*table, index->columns,
                fmt::format("ALTER TABLE \"{}\" ADD PRIMARY KEY", table->name), [&](idx_t c) {
                  return fmt::format(
                      "NOT NULL constraint failed: cannot add the PRIMARY KEY of table \"{}\": "
                      "column \"{}\" holds NULL",
                      table->name, table->columns[c].name);
                });
    catalog.AlterTable(table_name, false, "", [&](const TableEntry& current) {
      auto altered = std::make_shared<TableEntry>(current);
      for (idx_t c : index->columns) altered->columns[c].not_null = true;
      return altered;
    });
    table = catalog.GetTable(table_name);
  }
  const bool own = current_->CreatedHere(*table->storage);
  if (!own) {
    current_->TableReplaced(table->storage, Transaction::TableChange::kIndexes,
                            fmt::format("ALTER TABLE \"{}\" ADD {}", table->name, what));
  }
  catalog.CreateIndex(table, std::move(index), /*if_not_exists=*/false, *current_, own);
  if (!temporary) current_->LogCatalog(oid, oid, table->CatalogName(), LoggedSql(alter.text));
  return EmptyResult(StatementType::kAlter);
}

Result ClientContext::ExecuteCreateIndex(const CreateIndexStatement& create) {
  const CatalogSearch::Place place = Catalogs().Relation(create.schema, create.table);
  Catalog& catalog = WritableCatalog(place.temporary);
  auto table = catalog.GetTable(place.name);
  auto index = std::make_shared<IndexEntry>();
  index->name = QualifiedName(table->schema, create.name);  // in its table's schema
  index->constraint = create.unique ? IndexConstraint::kUnique : IndexConstraint::kNone;
  const std::string what = fmt::format("index \"{}\"", create.name);
  if (std::any_of(create.expressions.begin(), create.expressions.end(),
                  [](const auto& e) { return e != nullptr; })) {
    BindIndexExpressions(*table, create, what, *index);
  } else {
    // A column named again in CREATE INDEX only repeats a key part (PostgreSQL and DuckDB
    // accept it); a constraint's list names each column once.
    index->columns = IndexColumns(*table, create.columns, what, /*create_index=*/true);
  }
  const bool own = current_->CreatedHere(*table->storage);
  if (!own) {
    current_->TableReplaced(
        table->storage, Transaction::TableChange::kIndexes,
        fmt::format("CREATE INDEX \"{}\" on table \"{}\"", create.name, table->name));
  }
  catalog.CreateIndex(table, std::move(index), create.if_not_exists, *current_, own);
  LogStatement(create, place.temporary);
  return EmptyResult(StatementType::kCreate);
}

void ClientContext::DropToReplace(DropKind kind, const std::string& qualifier,
                                  const std::string& name) {
  DropStatement drop;
  drop.kind = kind;
  drop.if_exists = true;
  if (kind == DropKind::kSchema) {
    drop.catalog = qualifier;
    drop.names = {name};
  } else {
    drop.names = {qualifier.empty() ? name : qualifier + "." + name};
  }
  // Logged as its own statement ahead of the CREATE, as a written DROP would be.
  drop.text = fmt::format("DROP {} IF EXISTS {}", kind == DropKind::kSchema ? "SCHEMA" : "SEQUENCE",
                          QuoteQualifiedName(qualifier, name));
  ExecuteDrop(drop);
}

Result ClientContext::ExecuteCreateSequence(const CreateSequenceStatement& create) {
  if (create.or_replace) {
    DropToReplace(DropKind::kSequence, create.schema, create.name);
  }
  const bool temporary = CatalogSearch::IsTempSchema(create.schema);
  // Filed as QualifiedName(schema, name), the entry's name ("s.q" in schema s).
  const std::string filed =
      temporary ? create.name
                : QualifiedName(current_->GetCatalog().SchemaName(create.schema), create.name);
  SequenceOptions options;
  options.start = create.start;
  options.increment = create.increment;
  options.min_value = create.min_value;
  options.max_value = create.max_value;
  options.cycle = create.cycle;
  WritableCatalog(temporary).CreateSequence(std::make_shared<SequenceEntry>(filed, options),
                                            create.if_not_exists);
  LogStatement(create, temporary);
  return EmptyResult(StatementType::kCreate);
}

Result ClientContext::ExecuteAlterField(const AlterTableStatement& alter) {
  FieldChange change;
  change.column = alter.field_path[0];
  change.path.assign(alter.field_path.begin() + 1, alter.field_path.end());
  switch (alter.kind) {
    case AlterKind::kAddColumn: {
      change.kind = FieldChange::Kind::kAdd;
      Binder binder(Catalogs());
      binder.SetOptions(BinderOptions());
      ColumnDefinition added = BindColumnDefinition(binder, alter.column);
      if (added.not_null || added.generated || added.default_sequence) {
        throw NotImplementedError(
            "a field added to a STRUCT column with NOT NULL, a generated value or nextval()");
      }
      change.added_type = added.type;
      change.added_value = added.default_value ? *added.default_value : Value(added.type);
      break;
    }
    case AlterKind::kDropColumn:
      change.kind = FieldChange::Kind::kDrop;
      break;
    case AlterKind::kRenameColumn:
      change.kind = FieldChange::Kind::kRename;
      change.new_name = alter.new_name;
      break;
    default:
      throw InternalError("a field path in an ALTER TABLE that is no ADD, DROP or RENAME");
  }
  AlterTableStatement as_type;
  as_type.text = alter.text;  // the log replays the statement as written
  as_type.schema = alter.schema;
  as_type.table = alter.table;
  as_type.if_exists = alter.if_exists;
  as_type.kind = AlterKind::kAlterType;
  as_type.column_name = change.column;
  const CatalogSearch::Place place = Catalogs().Relation(alter.schema, alter.table);
  auto table = WritableCatalog(place.temporary).FindTable(place.name);
  if (!table && alter.if_exists) return EmptyResult(StatementType::kAlter);
  if (table && table->ColumnIndex(change.column) == kInvalidIndex) {
    // DuckDB's words, which differ: ADD's are a Binder Error, DROP's and RENAME's not.
    if (change.kind == FieldChange::Kind::kAdd) {
      throw BinderError(fmt::format("Table \"{}\" does not have a column with name \"{}\"",
                                    table->name, change.column));
    }
    throw CatalogError(
        fmt::format("column \"{}\" does not exist in table \"{}\"", change.column, table->name));
  }
  if (table && alter.column_if) {
    const idx_t column = table->ColumnIndex(change.column);
    if (column != kInvalidIndex) {
      const bool exists = FieldExists(table->columns[column].type, change);
      // ADD … IF NOT EXISTS of a field there is, DROP … IF EXISTS of one that is not.
      if (exists == (change.kind == FieldChange::Kind::kAdd)) {
        return EmptyResult(StatementType::kAlter);
      }
    }
  }
  return ExecuteAlter(as_type, &change);
}

Result ClientContext::ExecuteComment(const CommentStatement& statement) {
  using Kind = CommentStatement::Kind;
  const std::optional<std::string>& text = statement.comment;
  if (statement.kind == Kind::kTable || statement.kind == Kind::kView ||
      statement.kind == Kind::kColumn) {
    const CatalogSearch::Place place = Catalogs().Relation(statement.schema, statement.name);
    Catalog& catalog = WritableCatalog(place.temporary);
    const std::shared_ptr<TableEntry> table =
        statement.kind == Kind::kView ? nullptr : catalog.FindTable(place.name);
    const std::shared_ptr<ViewEntry> view =
        statement.kind == Kind::kTable ? nullptr : catalog.FindView(place.name);
    if (table) {
      idx_t column = kInvalidIndex;
      if (statement.kind == Kind::kColumn) {
        column = table->ColumnIndex(statement.column);
        if (column == kInvalidIndex) {
          throw BinderError(fmt::format("Table \"{}\" does not have a column with name \"{}\"",
                                        table->name, statement.column));
        }
      }
      catalog.AlterTable(place.name, false, "", [&](const TableEntry& old) {
        auto changed = std::make_shared<TableEntry>(old);
        (column == kInvalidIndex ? changed->comment : changed->columns[column].comment) = text;
        return changed;
      });
    } else if (view) {
      auto changed = std::make_shared<ViewEntry>(*view);
      if (statement.kind == Kind::kColumn) {
        Binder binder(Catalogs());
        binder.SetOptions(BinderOptions());
        const std::vector<std::string> names = binder.ViewColumnNames(*view);
        auto named = std::find_if(names.begin(), names.end(), [&](const auto& c) {
          return Catalog::Key(c) == Catalog::Key(statement.column);
        });
        // A view whose query no longer binds (a table it reads lost a column) has no
        // columns to check against: its comments are kept by name, as they were made.
        if (named == names.end() && !names.empty()) {
          throw BinderError(fmt::format("View \"{}\" does not have a column with name \"{}\"",
                                        view->name, statement.column));
        }
        const std::string key = Catalog::Key(statement.column);
        if (text) {
          changed->column_comments[key] = *text;
        } else {
          changed->column_comments.erase(key);
        }
      } else {
        changed->comment = text;
      }
      catalog.CreateView(std::move(changed), /*or_replace=*/true);
    } else {
      throw CatalogError(fmt::format("{} with name {} does not exist!",
                                     statement.kind == Kind::kView ? "View" : "Table",
                                     statement.name));
    }
    LogStatement(statement, place.temporary);
    return EmptyResult(StatementType::kAlter);
  }
  const std::string qualified =
      statement.schema.empty() ? statement.name : QualifiedName(statement.schema, statement.name);
  const DropKind kind = statement.kind == Kind::kIndex      ? DropKind::kIndex
                        : statement.kind == Kind::kSequence ? DropKind::kSequence
                        : statement.kind == Kind::kFunction ? DropKind::kMacro
                                                            : DropKind::kType;
  auto held = [&](const Catalog& catalog, std::string_view name) {
    return CatalogHolds(catalog, kind, name);
  };
  const CatalogSearch::Place place = Catalogs().Find(qualified, held);
  Catalog& catalog = WritableCatalog(place.temporary);
  switch (statement.kind) {
    case Kind::kIndex: {
      auto index = catalog.FindIndex(place.name);
      if (!index) {
        throw CatalogError(fmt::format("Index with name {} does not exist!", statement.name));
      }
      catalog.SetObjectComment('i', index->name, text);
      break;
    }
    case Kind::kSequence: {
      auto sequence = catalog.FindSequence(place.name);
      if (!sequence) {
        throw CatalogError(fmt::format("Sequence with name {} does not exist!", statement.name));
      }
      catalog.SetObjectComment('s', sequence->Name(), text);
      break;
    }
    case Kind::kType:
      if (!catalog.FindType(place.name)) {
        throw CatalogError(fmt::format("Type with name {} does not exist!", statement.name));
      }
      catalog.SetObjectComment('y', place.name, text);
      break;
    default: {
      auto macro = catalog.FindMacro(place.name);
      if (!macro) {
        const FunctionCatalog& builtins = FunctionCatalog::Builtins();
        if (builtins.FindScalar(Catalog::Key(statement.name)) ||
            builtins.FindAggregate(Catalog::Key(statement.name)) ||
            IsDuckDBFunctionName(Catalog::Key(statement.name))) {
          throw BinderError(
              fmt::format("Can not comment on System Catalog entries: {} is a built-in function",
                          statement.name));
        }
        throw CatalogError(
            fmt::format("Macro Function with name {} does not exist!", statement.name));
      }
      auto changed = std::make_shared<MacroEntry>(*macro);
      changed->comment = text;
      catalog.CreateMacro(std::move(changed), /*or_replace=*/true);
    }
  }
  LogStatement(statement, place.temporary);
  return EmptyResult(StatementType::kAlter);
}

Result ClientContext::ExecuteRenameView(const AlterTableStatement& alter) {
  const CatalogSearch::Place place = Catalogs().Relation(alter.schema, alter.table);
  Catalog& catalog = WritableCatalog(place.temporary);
  std::shared_ptr<ViewEntry> view = catalog.FindView(place.name);
  if (!view) {
    if (alter.if_exists) return EmptyResult(StatementType::kAlter);
    if (catalog.FindTable(place.name)) {
      throw CatalogError(fmt::format(
          "\"{}\" is a table, not a view: rename it with ALTER TABLE … RENAME TO", alter.table));
    }
    if (Catalog::IsSystemView(place.name)) {
      throw BinderError(fmt::format(
          "Can not comment on System Catalog entries, nor rename them: \"{}\" is SQLite's "
          "catalog view",
          alter.table));
    }
    throw CatalogError(fmt::format("View with name {} does not exist!", alter.table));
  }
  const std::string new_name = QualifiedName(view->schema, alter.new_name);
  if (catalog.FindView(new_name) || catalog.FindTable(new_name)) {
    throw CatalogError(fmt::format(
        "Could not rename \"{}\" to \"{}\": another entry with this name already exists!",
        view->name, alter.new_name));
  }
  auto renamed = std::make_shared<ViewEntry>(*view);
  renamed->name = alter.new_name;
  const std::string renamed_name = renamed->CatalogName();
  catalog.CreateView(std::move(renamed), /*or_replace=*/false);
  catalog.MoveSequenceOwnership(place.name, renamed_name);
  catalog.DropView(place.name, /*if_exists=*/false);
  LogStatement(alter, place.temporary);
  return EmptyResult(StatementType::kAlter);
}

Result ClientContext::ExecuteAlter(const AlterTableStatement& alter, const FieldChange* reshape) {
  if (alter.kind == AlterKind::kRenameView) return ExecuteRenameView(alter);
  if (alter.kind == AlterKind::kRenameTable) {
    // ALTER TABLE renames a view too (PostgreSQL and DuckDB).
    const CatalogSearch::Place place = Catalogs().Relation(alter.schema, alter.table);
    const Catalog& catalog = WritableCatalog(place.temporary);
    if (!catalog.FindTable(place.name) && catalog.FindView(place.name)) {
      return ExecuteRenameView(alter);
    }
  }
  if (!alter.field_path.empty()) return ExecuteAlterField(alter);
  const CatalogSearch::Place place = Catalogs().Relation(alter.schema, alter.table);
  const bool temporary = place.temporary;
  Catalog& catalog = WritableCatalog(temporary);
  const std::string schema = temporary ? "" : catalog.SchemaName(alter.schema);
  const std::string& table_name = place.name;
  if (alter.if_exists && !catalog.FindTable(table_name) && !catalog.FindView(table_name)) {
    return EmptyResult(StatementType::kAlter);  // every kind, before its checks
  }
  if (alter.kind == AlterKind::kAddUnique) {
    return ExecuteAddUnique(alter, catalog, table_name, temporary);
  }
  // A FOREIGN KEY names its tables and columns, and holds its columns' places: a change of
  // those is refused while one is there (DuckDB refuses every ALTER of a referenced table).
  if (alter.kind == AlterKind::kDropColumn || alter.kind == AlterKind::kRenameColumn ||
      alter.kind == AlterKind::kAlterType || alter.kind == AlterKind::kRenameTable) {
    RefuseAlterOfViewSource(catalog, table_name, temporary);
    if (auto table = catalog.FindTable(table_name)) {
      const auto children = ReferencingTables(catalog, *table);
      if (!children.empty()) {
        throw DependencyError(fmt::format(
            "Cannot alter entry \"{}\" because there are entries that depend on it. A FOREIGN "
            "KEY of table \"{}\" references it.",
            table->name, children[0]->name));
      }
      const idx_t column = alter.kind == AlterKind::kRenameTable
                               ? kInvalidIndex
                               : table->ColumnIndex(alter.column_name);
      for (const auto& key : table->foreign_keys) {
        if (std::find(key.columns.begin(), key.columns.end(), column) != key.columns.end()) {
          throw CatalogError(
              alter.kind == AlterKind::kDropColumn
                  ? fmt::format("Cannot drop column \"{}\" of table \"{}\": there is a FOREIGN "
                                "KEY constraint that depends on it ({})",
                                alter.column_name, table->name, key.ToSql(*table))
                  : fmt::format("Cannot alter column \"{}\" of table \"{}\": it is involved in "
                                "the foreign key constraint {}",
                                alter.column_name, table->name, key.ToSql(*table)));
        }
        if (alter.kind == AlterKind::kRenameTable && key.References(*table)) {
          throw NotImplementedError(fmt::format(
              "renaming table \"{}\", whose FOREIGN KEY references itself", table->name));
        }
      }
    }
  }
  // Whatever needs the catalog (types, DEFAULT) is bound before AlterTable takes its lock.
  std::optional<ColumnDefinition> added;
  if (alter.kind == AlterKind::kAddColumn) {
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    added = BindColumnDefinition(binder, alter.column);
    RefuseTemporaryObjects(binder, temporary, table_name);
  }
  auto column_index = [&](const TableEntry& table, const std::string& column) {
    idx_t index = table.ColumnIndex(column);
    if (index == kInvalidIndex) {
      throw BinderError(
          fmt::format("Table \"{}\" does not have a column with name \"{}\"", table.name, column));
    }
    return index;
  };
  // CHECK constraints and generated columns are bound to the columns as they are: after a
  // change of a column's place, name or type they are bound again (main/column_dependents.hpp),
  // here, before AlterTable takes the catalog's lock.
  std::optional<TableEntry> dependents;  // the table's columns after the change, rebound
  if (alter.kind == AlterKind::kDropColumn || alter.kind == AlterKind::kRenameColumn ||
      alter.kind == AlterKind::kAlterType) {
    auto table = catalog.FindTable(table_name);
    const idx_t index = table ? table->ColumnIndex(alter.column_name) : kInvalidIndex;
    if (table && index != kInvalidIndex && HasColumnDependents(*table)) {
      Binder binder(Catalogs());
      binder.SetOptions(BinderOptions());
      ColumnChange change{ColumnChange::Kind::kDrop, index, {}, {}};
      dependents = *table;
      if (alter.kind == AlterKind::kDropColumn) {
        dependents->columns.erase(dependents->columns.begin() + static_cast<std::ptrdiff_t>(index));
      } else if (alter.kind == AlterKind::kRenameColumn) {
        change.kind = ColumnChange::Kind::kRename;
        change.new_name = alter.new_name;
        dependents->columns[index].name = alter.new_name;
      } else {
        change.kind = ColumnChange::Kind::kType;
        change.new_type = reshape ? ChangedType(table->columns[index].type, *reshape)
                                  : binder.ResolveType(alter.column.type);
        dependents->columns[index].type = change.new_type;
        if (ChecksRead(*table, index) && (reshape || alter.using_expression)) {
          throw NotImplementedError(fmt::format(
              "ALTER … TYPE … USING (or of a STRUCT's fields) on column \"{}\" of table \"{}\", "
              "which a CHECK constraint reads",
              table->columns[index].name, table->name));
        }
      }
      RebindColumnDependents(binder, *table, *dependents, change,
                             BinderOptions().max_expression_depth);
    }
  }
  // SET DEFAULT: bound against the column's type before the catalog lock.
  std::optional<ColumnDefinition> with_default;
  if (alter.kind == AlterKind::kSetDefault) {
    auto table = catalog.GetTable(table_name);
    with_default = table->columns[column_index(*table, alter.column_name)];
    if (with_default->generated) {
      throw BinderError(
          fmt::format("generated column \"{}\" cannot have a DEFAULT", with_default->name));
    }
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    BindDefault(binder, alter.column.default_value.get(), *with_default);
    RefuseTemporaryObjects(binder, temporary, table_name);
  }
  // SET NOT NULL: no row may be NULL there (of any commit, or this transaction's); the
  // table is claimed first (RefuseNulls), so no NULL can arrive before the commit.
  if (alter.kind == AlterKind::kSetNotNull) {
    auto table = catalog.GetTable(table_name);
    const idx_t column = column_index(*table, alter.column_name);
    RefuseNulls(*table, {column}, fmt::format("ALTER TABLE \"{}\" … SET NOT NULL", table->name),
                [&](idx_t c) {
                  return fmt::format(
                      "cannot make column \"{}\" of table \"{}\" NOT NULL: a row holds NULL there",
                      table->columns[c].name, table->name);
                });
  }
  // ALTER TYPE: every row must convert (the error names the value): the rows of every
  // commit and this transaction's, which the copy will hold (Transaction rule 6: the
  // table is marked first, so that nobody else's change can commit in between).
  std::optional<LogicalType> new_type;
  ExpressionPtr new_values;  // USING: over the table's columns, of new_type
  if (alter.kind == AlterKind::kAlterType) {
    auto table = catalog.GetTable(table_name);
    const idx_t column = column_index(*table, alter.column_name);
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    const LogicalType& old_type = table->columns[column].type;
    new_type = reshape ? ChangedType(old_type, *reshape) : binder.ResolveType(alter.column.type);
    if (reshape) {
      // The field change decides the type; the values keep theirs.
    } else if (alter.using_expression) {
      new_values =
          binder.BindRowExpression(*table, *alter.using_expression, "ALTER … TYPE … USING");
      if (!CastExists(new_values->type, *new_type)) {
        throw BinderError(
            fmt::format("cannot change column \"{}\" to {} USING {}: no cast from its type {}",
                        table->columns[column].name, new_type->ToString(),
                        alter.using_expression->ToString(), new_values->type.ToString()));
      }
      new_values = MakeCast(std::move(new_values), *new_type);
    } else if (!CastExists(old_type, *new_type)) {
      throw BinderError(fmt::format("cannot change column \"{}\" from {} to {}: no such cast",
                                    table->columns[column].name, old_type.ToString(),
                                    new_type->ToString()));
    }
    for (const auto& entry : table->indexes->Entries()) {
      if (std::count(entry->columns.begin(), entry->columns.end(), column)) {
        // A key's type defines its values' equality: DuckDB refuses this too.
        if (entry->Unique()) {
          throw BinderError(fmt::format(
              "Cannot change the type of a column that has a UNIQUE or PRIMARY KEY constraint "
              "specified (column \"{}\", {} \"{}\")",
              table->columns[column].name, entry->KindName(), entry->name));
        }
        throw CatalogError(
            fmt::format("Cannot change the type of this column: an index depends on it! (column "
                        "\"{}\", index \"{}\": drop the index first)",
                        table->columns[column].name, entry->name));
      }
    }
    current_->TableReplaced(table->storage, Transaction::TableChange::kCopied, table->name);
    const Transaction latest = current_->Latest();
    TableScanState scan;
    // Every column of the row, for the checks that read more than the one column.
    std::vector<idx_t> columns(table->columns.size());
    std::iota(columns.begin(), columns.end(), idx_t{0});
    if (reshape) {
      // Reshaping cannot fail: no row needs checking.
    } else if (new_values) {
      DataChunk chunk(table->Types(), 0);
      ExpressionExecutor executor(*new_values);
      while (table->storage->Scan(latest, scan, columns, chunk)) executor.ExecuteFlat(chunk);
    } else if (dependents && ChecksRead(*table, column)) {
      // Every row, converted, must still pass the CHECKs (bound over the new type).
      DataChunk chunk(table->Types(), 0);
      DataChunk converted(dependents->Types(), 0);
      idx_t seen = 0;
      while (table->storage->Scan(latest, scan, columns, chunk)) {
        converted.Reset();
        for (idx_t c = 0; c < columns.size(); c++) {
          if (c == column) {
            converted.data[c].Recycle(chunk.size());
            CastVector(chunk.data[c], converted.data[c], chunk.size());
          } else {
            converted.data[c].Reference(chunk.data[c]);
          }
        }
        converted.SetCardinality(chunk.size());
        CheckConstraints(
            *dependents, converted, seen,
            fmt::format("rows of table \"{}\" converted by ALTER … TYPE", table->name));
        seen += chunk.size();
      }
    } else {
      DataChunk chunk({old_type}, 0);
      Vector converted(*new_type, 0);
      while (table->storage->Scan(latest, scan, {column}, chunk)) {
        converted.Recycle(chunk.size());
        CastVector(chunk.data[0], converted, chunk.size());
      }
    }
  }
  // IF [NOT] EXISTS on the column: nothing to do, and no error.
  if (alter.column_if) {
    auto table = catalog.FindTable(table_name);
    if (table && alter.kind == AlterKind::kAddColumn &&
        table->ColumnIndex(added->name) != kInvalidIndex) {
      return EmptyResult(StatementType::kAlter);
    }
    if (table && alter.kind == AlterKind::kDropColumn &&
        table->ColumnIndex(alter.column_name) == kInvalidIndex) {
      return EmptyResult(StatementType::kAlter);
    }
  }
  // ADD / DROP COLUMN copy the table: it is claimed (Transaction rule 6) before the
  // catalog's lock is taken below — the claim may wait for commits to publish, which must
  // not happen under a catalog lock.
  if (alter.kind == AlterKind::kAddColumn || alter.kind == AlterKind::kDropColumn) {
    if (auto table = catalog.FindTable(table_name)) {
      current_->TableReplaced(table->storage, Transaction::TableChange::kCopied, table->name);
    }
  }
  std::string new_table_name;  // in the same schema
  if (alter.kind == AlterKind::kRenameTable) new_table_name = QualifiedName(schema, alter.new_name);
  uint64_t old_oid = 0;
  std::shared_ptr<TableEntry> result;
  const bool altered_any =
      catalog.AlterTable(table_name, alter.if_exists, new_table_name, [&](const TableEntry& table) {
        old_oid = table.storage->Oid();
        auto altered = std::make_shared<TableEntry>(table);
        result = altered;
        switch (alter.kind) {
          case AlterKind::kAddColumn: {
            if (table.ColumnIndex(added->name) != kInvalidIndex) {
              throw CatalogError(
                  fmt::format("Column with name \"{}\" already exists! (table \"{}\")", added->name,
                              table.name));
            }
            if ((added->default_sequence || added->default_expression) &&
                table.storage->RowCount() > 0) {
              throw NotImplementedError(fmt::format(
                  "ADD COLUMN with DEFAULT {} (a value per row) on a table with rows (column "
                  "\"{}\")",
                  added->default_text, added->name));
            }
            Value fill = added->default_value ? *added->default_value : Value(added->type);
            if (added->not_null && fill.IsNull() && table.storage->RowCount() > 0) {
              throw ConstraintError(fmt::format(
                  "cannot add column \"{}\" NOT NULL without a DEFAULT: table \"{}\" has rows",
                  added->name, table.name));
            }
            current_->TableReplaced(table.storage, Transaction::TableChange::kCopied, table.name);
            altered->storage =
                table.storage->WithColumnAdded(current_->Latest(), added->type, fill);
            altered->storage->SetOid(current_->Manager().NextOid());
            current_->TableCreated(*altered->storage);  // nobody else sees the copy yet
            altered->columns.push_back(*added);
            break;
          }
          case AlterKind::kDropColumn: {
            idx_t index = column_index(table, alter.column_name);
            if (table.columns.size() == 1) {
              throw CatalogError(fmt::format(
                  "Cannot drop column: table only has one column remaining (\"{}\" of table "
                  "\"{}\")",
                  table.columns[index].name, table.name));
            }
            altered->indexes = table.indexes->WithoutColumn(table, index);
            current_->TableReplaced(table.storage, Transaction::TableChange::kCopied, table.name);
            altered->storage = table.storage->WithColumnDropped(current_->Latest(), index);
            altered->storage->SetOid(current_->Manager().NextOid());
            current_->TableCreated(*altered->storage);  // nobody else sees the copy yet
            altered->columns.erase(altered->columns.begin() + static_cast<std::ptrdiff_t>(index));
            // A FOREIGN KEY's columns move with the columns after the dropped one.
            for (auto& key : altered->foreign_keys) {
              for (idx_t& c : key.columns) c -= c > index ? 1 : 0;
              key.index = altered->indexes->Find(key.index->name);
            }
            break;
          }
          case AlterKind::kRenameColumn: {
            idx_t index = column_index(table, alter.column_name);
            idx_t existing = table.ColumnIndex(alter.new_name);
            if (existing != kInvalidIndex && existing != index) {
              throw CatalogError(
                  fmt::format("Column with name \"{}\" already exists! (table \"{}\")",
                              table.columns[existing].name, table.name));
            }
            for (const auto& entry : table.indexes->Entries()) {
              if (entry->OnExpressions() &&
                  std::count(entry->columns.begin(), entry->columns.end(), index)) {
                // Its stored CREATE INDEX names the column in the expressions' text.
                throw CatalogError(
                    fmt::format("Cannot rename column \"{}\" of table \"{}\": index \"{}\" on "
                                "expressions reads it (drop the index first)",
                                table.columns[index].name, table.name, entry->name));
              }
            }
            // A self-reference names its key columns.
            for (auto& key : altered->foreign_keys) {
              if (!key.References(table)) continue;
              for (auto& name : key.parent_columns) {
                if (Catalog::Key(name) == Catalog::Key(table.columns[index].name)) {
                  name = alter.new_name;
                }
              }
            }
            altered->columns[index].name = alter.new_name;
            break;
          }
          case AlterKind::kRenameTable:
            altered->name = alter.new_name;
            break;
          case AlterKind::kSetDefault: {
            const idx_t index = column_index(table, alter.column_name);
            altered->columns[index] = *with_default;
            altered->columns[index].not_null = table.columns[index].not_null;
            break;
          }
          case AlterKind::kAlterType: {
            const idx_t index = column_index(table, alter.column_name);
            ColumnDefinition& changed = altered->columns[index];
            changed.type = *new_type;
            if (changed.default_sequence && !new_type->IsNumeric()) {
              throw BinderError(fmt::format(
                  "column \"{}\" has DEFAULT nextval(…): its type must stay numeric, not {}",
                  changed.name, new_type->ToString()));
            }
            if (changed.default_value && reshape) {
              Vector before(table.columns[index].type, 1), after(*new_type, 1);
              before.SetValue(0, *changed.default_value);
              ReshapeVector(before, after, 1, *reshape);
              changed.default_value = after.GetValue(0);
            } else if (changed.default_value) {
              try {
                changed.default_value = changed.default_value->CastAs(*new_type);
              } catch (const ConversionError& error) {
                throw ConversionError(
                    fmt::format("DEFAULT of column \"{}\": {}", changed.name, error.what()));
              }
            }
            current_->TableReplaced(table.storage, Transaction::TableChange::kCopied, table.name);
            if (reshape) {
              altered->storage = table.storage->WithColumnComputed(
                  current_->Latest(), index, *new_type, [&](const DataChunk& rows, Vector& result) {
                    ReshapeVector(rows.data[index], result, rows.size(), *reshape);
                    return true;
                  });
            } else if (new_values) {
              ExpressionExecutor executor(*new_values);
              altered->storage = table.storage->WithColumnComputed(
                  current_->Latest(), index, *new_type, [&](const DataChunk& rows, Vector& result) {
                    try {
                      const Vector& values = executor.ExecuteFlat(rows);
                      result.CopyFrom(values, SelectionVector(), rows.size(), 0, 0);
                      return true;
                    } catch (const ConversionError&) {
                      return false;  // a deleted row's value (the visible rows were checked)
                    } catch (const OutOfRangeError&) {
                      return false;
                    } catch (const InvalidInputError&) {
                      return false;
                    }
                  });
            } else {
              altered->storage =
                  table.storage->WithColumnCast(current_->Latest(), index, *new_type);
            }
            altered->storage->SetOid(current_->Manager().NextOid());
            current_->TableCreated(*altered->storage);  // nobody else sees the copy yet
            break;
          }
          case AlterKind::kSetNotNull:
          case AlterKind::kDropNotNull: {
            const idx_t index = column_index(table, alter.column_name);
            if (alter.kind == AlterKind::kDropNotNull) {
              for (const auto& entry : table.indexes->Entries()) {
                if (entry->constraint == IndexConstraint::kPrimaryKey &&
                    std::count(entry->columns.begin(), entry->columns.end(), index)) {
                  throw CatalogError(fmt::format(
                      "column \"{}\" of table \"{}\" is in its PRIMARY KEY: it stays NOT NULL",
                      table.columns[index].name, table.name));
                }
              }
            }
            altered->columns[index].not_null = alter.kind == AlterKind::kSetNotNull;
            break;
          }
          case AlterKind::kAddUnique:
            throw InternalError("ADD PRIMARY KEY / UNIQUE goes through ExecuteAddUnique");
          case AlterKind::kRenameView:
            throw InternalError("ALTER VIEW … RENAME goes through ExecuteRenameView");
        }
        if (dependents) {
          // The layout is the same as the one they were bound over (see above).
          altered->checks = dependents->checks;
          for (idx_t c = 0; c < altered->columns.size(); c++) {
            altered->columns[c].generated = dependents->columns[c].generated;
            altered->columns[c].generated_text = dependents->columns[c].generated_text;
          }
        }
        return altered;
      });
  if (altered_any && !temporary) {
    current_->LogCatalog(result->storage->Oid(), old_oid, result->CatalogName(),
                         LoggedSql(alter.text));
  }
  return EmptyResult(StatementType::kAlter);
}

Result ClientContext::ExecuteSet(SetStatement& set) {
  if (set.variable) {
    if (!set.query) {
      variables_->erase(set.name);
      return EmptyResult(StatementType::kSet);
    }
    Result value = ExecuteStatement(*set.query);
    if (value.RowCount() != 1) {
      // UNNEST or a set-returning function in the expression (DuckDB's words).
      throw InvalidInputError(
          fmt::format("SET VARIABLE {} can only handle a single value: its expression gave {} rows",
                      set.name, value.RowCount()));
    }
    (*variables_)[set.name] = value.GetValue(0, 0);
    return EmptyResult(StatementType::kSet);
  }
  if (set.name == "schema" || set.name == "search_path") return ExecuteSetSearchPath(set);
  Settings& settings = database_->GetSettings();
  if (!set.value) {
    if (set.name.empty()) {  // RESET ALL
      search_path_.clear();
      search_path_text_.clear();
    }
    settings.Reset(set.name);
    database_->ApplySettings();
    return EmptyResult(StatementType::kSet);
  }
  Binder binder(Catalogs());
  Value value = binder.BindConstant(*set.value, TypeId::kVarchar, fmt::format("SET {}", set.name));
  if (value.IsNull()) {
    throw InvalidInputError(fmt::format("SET {}: the value must not be NULL", set.name));
  }
  settings.Set(set.name, value.GetString());
  database_->ApplySettings();
  return EmptyResult(StatementType::kSet);
}

Result ClientContext::ExecuteSetSearchPath(const SetStatement& set) {
  if (!set.value) {
    search_path_.clear();
    search_path_text_.clear();
    return EmptyResult(StatementType::kSet);
  }
  Binder binder(Catalogs());
  Value value = binder.BindConstant(*set.value, TypeId::kVarchar, fmt::format("SET {}", set.name));
  if (value.IsNull()) {
    throw InvalidInputError(fmt::format("SET {}: the value must not be NULL", set.name));
  }
  // Entries are schema or database.schema, comma-separated (schema: one entry); each must
  // name a schema of the default database, or the default database itself (its main).
  std::shared_ptr<DatabaseInstance> database = DefaultDatabase();
  const Catalog& catalog = TransactionIn(database)->GetCatalog();
  std::vector<std::string> path;
  // Entries are comma-separated; blanks alone (or nothing) are no path.
  std::vector<std::string> entries;
  const std::string& text = value.GetString();
  if (text.find_first_not_of(" \t\n") != std::string::npos) {
    for (size_t start = 0;;) {
      const size_t comma = text.find(',', start);
      std::string entry = text.substr(start, comma == std::string::npos ? comma : comma - start);
      entry.erase(0, entry.find_first_not_of(" \t\n"));
      entry.erase(entry.find_last_not_of(" \t\n") + 1);
      if (entry.size() >= 2 && entry.front() == '"' && entry.back() == '"') {
        entry = entry.substr(1, entry.size() - 2);
      }
      entries.push_back(std::move(entry));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  for (size_t i = 0; i < entries.size(); i++) {
    if (i > 0 && set.name == "schema") {
      throw InvalidInputError(fmt::format(
          "SET schema: expected a single entry, not the list \"{}\" (search_path takes a list)",
          text));
    }
    const std::string& entry = entries[i];
    auto [named_database, schema] = CatalogSearch::SplitCatalog(entry);
    std::string in_schema(schema);
    if (!named_database.empty() || !catalog.SchemaExists(in_schema)) {
      // db.schema, or db alone for its main.
      const std::string db(named_database.empty() ? schema : named_database);
      if (named_database.empty()) in_schema.clear();
      std::shared_ptr<DatabaseInstance> named = FindDatabase(db);
      if (named && named != database) {
        throw NotImplementedError(fmt::format(
            "SET {}: \"{}\" is in database {}, not the default database {} (USE {} first)",
            set.name, entry, named->Name(), database->Name(), named->Name()));
      }
      if (!named || !catalog.SchemaExists(in_schema)) {
        throw CatalogError(
            fmt::format("SET {}: No catalog + schema named \"{}\" found.", set.name, entry));
      }
    }
    path.push_back(catalog.SchemaName(in_schema));
  }
  // The default database's main alone is what an empty path means.
  if (path.size() == 1 && path[0].empty()) path.clear();
  search_path_text_ =
      set.name == "schema" && !path.empty() ? database->Name() + "." + path[0] : text;
  search_path_ = std::move(path);
  return EmptyResult(StatementType::kSet);
}

std::string ClientContext::DefaultSchema(const Catalog& catalog) const {
  // A schema dropped since (by any connection) is skipped, as lookups skip it.
  for (const std::string& schema : search_path_) {
    if (catalog.SchemaExists(schema)) return schema;
  }
  return {};
}

Result ClientContext::ExecutePragma(const PragmaStatement& pragma) {
  if (pragma.name == "integrity_check" && pragma.arguments.empty()) return ExecuteIntegrityCheck();
  if (((pragma.name == "database_size" || pragma.name == "collations") &&
       pragma.arguments.empty()) ||
      ((pragma.name == "table_info" || pragma.name == "storage_info") &&
       pragma.arguments.size() == 1)) {
    // DuckDB's PRAGMAs for these table functions: their rows, as a query's.
    std::string target;
    if (!pragma.arguments.empty()) {
      // A name written bare (PRAGMA table_info(t)) is the name, as text.
      target = pragma.arguments[0];
      if (target.empty() || target.front() != '\'') {
        std::string quoted = "'";
        for (char c : target) quoted += c == '\'' ? std::string("''") : std::string(1, c);
        target = quoted + "'";
      }
    }
    auto statements =
        ParseSql(target.empty() ? "SELECT * FROM pragma_" + pragma.name + "()"
                                : "SELECT * FROM pragma_" + pragma.name + "(" + target + ")");
    if (statements.size() != 1 || statements[0]->type != StatementType::kSelect) {
      throw ParserError(fmt::format("PRAGMA {} takes one name", pragma.name));
    }
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    return ExecutePlan(StatementType::kPragma,
                       binder.BindSelect(static_cast<SelectStatement&>(*statements[0])));
  }
  if (pragma.name == "checkpoint" || pragma.name == "force_checkpoint") {
    // Teal's checkpoint runs beside other transactions (it writes a snapshot), so FORCE
    // has nothing to abort and means the same.
    if (transaction_ && transaction_->WroteAny()) {
      throw InvalidInputError(
          "cannot CHECKPOINT in a transaction that has changes: COMMIT or ROLLBACK first");
    }
    if (pragma.arguments.size() > 1) throw ParserError("CHECKPOINT takes one database name");
    std::shared_ptr<DatabaseInstance> database =
        pragma.arguments.empty() ? DefaultDatabase() : FindDatabase(pragma.arguments[0]);
    if (!database) {
      throw CatalogError(fmt::format("database \"{}\" does not exist", pragma.arguments[0]));
    }
    database->Checkpoint();
    return EmptyResult(StatementType::kPragma);
  }
  // PRAGMA name = value (or name(value)) sets a setting, as SET does.
  Settings& settings = database_->GetSettings();
  if (pragma.arguments.empty() && settings.ApplyPragma(pragma.name)) {
    return EmptyResult(StatementType::kPragma);
  }
  if (pragma.arguments.size() == 1 && settings.Get(pragma.name)) {
    std::string value = pragma.arguments[0];
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'') {
      value = value.substr(1, value.size() - 2);
    }
    settings.Set(pragma.name, value);
    database_->ApplySettings();
    return EmptyResult(StatementType::kPragma);
  }
  if (!pragma.arguments.empty() && (pragma.name == "collations" || pragma.name == "database_size" ||
                                    pragma.name == "integrity_check")) {
    // A listing, not a setting: DuckDB's words.
    throw CatalogError(
        fmt::format("unrecognized configuration parameter \"{}\": PRAGMA {} takes no value",
                    pragma.name, pragma.name));
  }
  throw NotImplementedError(fmt::format("PRAGMA {}", pragma.name));
}

Result ClientContext::ExecuteExplain(SQLStatement& inner, bool analyze,
                                     const std::vector<Value>* values) {
  // EXPLAIN ANALYZE runs the statement: a write is refused as the write itself would be.
  if (analyze && inner.type != StatementType::kSelect) RefuseWriteWhenReadOnly(inner.type);
  if (auto* as = dynamic_cast<CreateTableAsStatement*>(&inner)) {
    // PostgreSQL's EXPLAIN CREATE TABLE … AS: the plan of its query; no table is made.
    if (analyze) {
      throw NotImplementedError(
          "EXPLAIN ANALYZE of CREATE TABLE … AS (EXPLAIN ANALYZE its query, or EXPLAIN it)");
    }
    Binder binder(Catalogs(), values);
    binder.SetOptions(BinderOptions());
    BoundStatement bound = binder.BindSelect(*as->query);
    Optimize(*bound.plan, database_->GetSettings().OptimizerEnabled());
    return ExplainPlan(*bound.plan, false, nullptr);
  }
  if (!IsPlanned(inner.type)) {
    throw NotImplementedError(
        fmt::format("EXPLAIN of {} statements", StatementTypeName(inner.type)));
  }
  Binder binder(Catalogs(), values);
  binder.SetOptions(BinderOptions());
  BoundStatement bound = BindPlanned(binder, inner);
  Optimize(*bound.plan, database_->GetSettings().OptimizerEnabled());
  return ExplainPlan(*bound.plan, analyze, nullptr);
}

Result ClientContext::ExplainPlan(LogicalOperator& plan, bool analyze,
                                  const std::vector<Value>* values) {
  PlanDetails details = DescribePlan(plan);
  ExecutorOptions options = MakeExecutorOptions();
  PhysicalOperatorPtr physical = CreatePhysicalPlan(plan, values, options, analyze);
  std::unique_ptr<Executor> analyzed;
  if (analyze) {
    // Runs the statement for real (an INSERT inserts), as PostgreSQL does.
    options.profiling = true;
    analyzed = std::make_unique<Executor>(*physical, std::move(options));
    analyzed->Initialize();
    while (analyzed->FetchChunk()) {
    }
  }
  std::vector<std::string> lines =
      RenderPlan(details, *physical, analyzed ? &analyzed->Query() : nullptr);
  std::vector<std::unique_ptr<DataChunk>> chunks;
  for (size_t first = 0; first < lines.size(); first += kVectorSize) {
    idx_t n = std::min<idx_t>(kVectorSize, lines.size() - first);
    auto chunk = std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kVarchar}, n);
    for (idx_t i = 0; i < n; i++) {
      chunk->data[0].Values<string_t>()[i] = chunk->data[0].AddString(lines[first + i]);
    }
    chunk->SetCardinality(n);
    chunks.push_back(std::move(chunk));
  }
  return Result(StatementType::kExplain, {"explain"}, {LogicalType(TypeId::kVarchar)},
                std::move(chunks));
}

Result ClientContext::ExecuteCreateView(const CreateViewStatement& create) {
  const bool temporary = CatalogSearch::IsTempSchema(create.schema);
  Catalog& catalog = WritableCatalog(temporary);
  const std::string schema = temporary ? "" : catalog.SchemaName(create.schema);
  if (create.if_not_exists) {
    const std::string name = QualifiedName(schema, create.name);
    if (catalog.FindView(name) || catalog.FindTable(name))
      return EmptyResult(StatementType::kCreate);
  }
  // Bound once now, so that a view over missing tables or columns is refused up front;
  // with the path every later use binds it with (its own schema, then main: BindView).
  // A replayed view is taken as it was: a table it reads may have been dropped since.
  Binder binder(Catalogs().OwnSchemaFirst(schema));
  binder.SetOptions(BinderOptions());
  binder.DefiningView(QualifiedName(schema, create.name));
  if (!replaying_) {
    BoundStatement bound = binder.BindSelect(*create.query);
    if (create.column_names.size() > bound.names.size()) {
      throw BinderError(fmt::format("view \"{}\" names {} columns but its query has {}",
                                    create.name, create.column_names.size(), bound.names.size()));
    }
  }
  if (create.query_text.empty()) {
    throw InternalError(fmt::format("the query of view \"{}\" was not found", create.name));
  }
  auto view = std::make_shared<ViewEntry>();
  view->name = create.name;
  view->schema = schema;
  view->column_names = create.column_names;
  view->query_text = create.query_text;
  catalog.CreateView(std::move(view), create.or_replace);
  LogStatement(create, temporary);
  return EmptyResult(StatementType::kCreate);
}

void ClientContext::CheckMacroOverloads(const MacroEntry& macro) {
  Binder binder(Catalogs());
  binder.SetOptions(BinderOptions());
  // Per overload and parameter; nullopt: of any type.
  std::vector<std::vector<std::optional<LogicalType>>> types;
  for (const MacroOverload& overload : macro.overloads) {
    types.emplace_back();
    for (size_t p = 0; p < overload.parameters.size(); p++) {
      if (overload.types[p].empty()) {
        types.back().emplace_back();
        continue;
      }
      const LogicalType type = binder.ResolveTypeText(overload.types[p]);
      types.back().push_back(type);
      if (overload.defaults[p].empty()) continue;
      // A typed parameter's default converts to its type as an argument would.
      auto parsed =
          ParseSql("SELECT " + overload.defaults[p], BinderOptions().max_expression_depth);
      const ParsedExpression& e = *static_cast<SelectStatement&>(*parsed[0]).select_list[0];
      const Value value = binder.BindConstant(e, "a macro parameter's default");
      if (ArgumentCastCost(value.Type(), e.kind == ExprKind::kConstant ? &value : nullptr, type) <
          0) {
        throw BinderError(fmt::format(
            "the default of parameter \"{}\" of macro {} ({}, {}) cannot be implicitly cast to "
            "{}",
            overload.parameters[p], macro.name, overload.defaults[p], value.Type().ToString(),
            type.ToString()));
      }
    }
  }
  binder.CheckMacroParameterNames(macro);
  // Two parameter lists that take the same calls: no call could choose between them.
  for (size_t a = 0; a < macro.overloads.size(); a++) {
    for (size_t b = 0; b < a; b++) {
      if (types[a] == types[b] &&
          macro.overloads[a].RequiredCount() == macro.overloads[b].RequiredCount()) {
        throw BinderError(
            fmt::format("Ambiguity in macro overloads: {} and {} take the same arguments",
                        macro.Signature(b), macro.Signature(a)));
      }
    }
  }
}

// A macro may take a built-in function's name and hides it then (DuckDB's: its schema is
// searched before the built-ins'); system.main.f names the built-in.
Result ClientContext::ExecuteCreateMacro(const CreateMacroStatement& create) {
  if (!create.default_naming_column.empty() && !replaying_) {
    // DuckDB's rule and words (PostgreSQL refuses column references in defaults too).
    throw BinderError(fmt::format("Default value for parameter \"{}\" cannot contain column names",
                                  create.default_naming_column));
  }
  Catalog& catalog = WritableCatalog(create.temporary);
  // Filed as QualifiedName(schema, name), which is the entry's name ("s.f" in schema s).
  const std::string filed = create.temporary
                                ? create.name
                                : QualifiedName(catalog.SchemaName(create.schema), create.name);
  if (create.if_not_exists && catalog.FindMacro(filed)) {
    return EmptyResult(StatementType::kCreate);
  }
  auto macro = std::make_shared<MacroEntry>();
  macro->name = filed;
  macro->overloads = create.overloads;
  macro->table = create.table;
  // Replayed as it was accepted: a type it names may have been dropped since (a call
  // then says so), and the database opens all the same.
  if (!replaying_) CheckMacroOverloads(*macro);
  if (create.or_replace && catalog.FindMacro(filed)) {
    if (!replaying_ && database_->GetSettings().Get("enable_macro_dependencies") == "true") {
      RefuseMacroCycle(catalog, *macro);
    }
    RefuseMacroInUse(catalog, filed, "CREATE OR REPLACE MACRO");
    if (auto temp = ReadTempCatalog(); temp && temp.get() != &catalog) {
      RefuseMacroInUse(*temp, filed, "CREATE OR REPLACE MACRO");
    }
  }
  catalog.CreateMacro(std::move(macro), create.or_replace);
  LogStatement(create, create.temporary);
  return EmptyResult(StatementType::kCreate);
}

Result ClientContext::ExecuteCreateTableAs(CreateTableAsStatement& create) {
  const bool temporary = CatalogSearch::IsTempSchema(create.schema);
  Catalog& catalog = WritableCatalog(temporary);
  const std::string schema = temporary ? "" : catalog.SchemaName(create.schema);
  const std::string qualified = QualifiedName(schema, create.name);
  if (create.if_not_exists && (catalog.FindTable(qualified) || catalog.FindView(qualified))) {
    return EmptyResult(StatementType::kCreate);
  }
  // Before the query runs: it may take long or run out of memory, only to be refused.
  // (OR REPLACE: a table of the name goes once the query is planned — it may read it.)
  if (create.or_replace) catalog.CheckReplaceable(qualified, /*view=*/false);
  if (!create.or_replace || !catalog.FindTable(qualified)) catalog.CheckTableNameFree(qualified);
  Binder binder(Catalogs());
  binder.SetOptions(BinderOptions());
  BoundStatement bound = binder.BindSelect(*create.query);
  if (create.column_names.size() > bound.names.size()) {
    throw BinderError(fmt::format(
        "Target table has more column names than query result. (table \"{}\" names {} columns "
        "but its query has {})",
        create.name, create.column_names.size(), bound.names.size()));
  }
  auto table = std::make_shared<TableEntry>();
  table->name = create.name;
  table->schema = schema;
  std::set<std::string> seen;
  for (size_t i = 0; i < bound.names.size(); i++) {
    ColumnDefinition column;
    column.name = i < create.column_names.size() ? create.column_names[i] : bound.names[i];
    column.type = WithoutNestedCollations(bound.types[i]);
    std::string key = column.name;
    for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!seen.insert(key).second) {
      throw BinderError(fmt::format(
          "column \"{}\" would be defined twice in table \"{}\"; name the columns apart",
          column.name, create.name));
    }
    // (A temporary table is never read again: the connection's types are main's.)
    if (!temporary) RefuseOtherCatalogsEnum(catalog, column, create.name);
    table->columns.push_back(std::move(column));
  }
  // The rows go into the new table's storage as the query produces them (holding them
  // all first would keep each chunk's buffers, however few rows it has); the table
  // enters the catalog only once the query has run to its end, so if it fails no table
  // is created.
  // WITH NO DATA: the query is bound for its columns, never run (PostgreSQL's rule).
  PhysicalOperatorPtr physical;
  std::unique_ptr<Executor> executor;  // after the plan it runs: destroyed first
  if (create.with_data) {
    Optimize(*bound.plan, database_->GetSettings().OptimizerEnabled());
    ExecutorOptions options = MakeExecutorOptions();
    physical = CreatePhysicalPlan(*bound.plan, nullptr, options);
    executor = std::make_unique<Executor>(*physical, options);
    executor->Initialize();
  }
  if (create.or_replace && catalog.FindTable(qualified)) {
    DropTableToReplace(catalog, qualified);
    // The log's CREATE TABLE below is the definition, without OR REPLACE: the drop goes
    // ahead of it, or the replay finds the old table in the way.
    if (!temporary) {
      current_->LogCatalog(0, 0, "", "DROP TABLE " + QuoteQualifiedName(schema, create.name));
    }
  }
  table->storage = std::make_shared<DataTable>(table->Types(), current_->Manager().RowGroupSize());
  table->storage->SetManager(&current_->Manager());
  if (temporary) table->storage->SetTemporary();
  current_->TableCreated(*table->storage);
  const uint64_t oid = current_->Manager().NextOid();
  table->storage->SetOid(oid);
  // The log gets the definition (not the query) ahead of the rows.
  if (!temporary) current_->LogCatalog(oid, 0, qualified, table->ToSql());
  TableAppend append(table);
  std::vector<std::unique_ptr<DataChunk>> one(1);
  idx_t rows = 0;
  while (executor && (one[0] = executor->FetchChunk())) {
    rows += one[0]->size();
    append.AppendAll(*current_, one, "CREATE TABLE AS");
  }
  one.clear();
  catalog.CreateTable(std::move(table), false);
  return CountResult(StatementType::kCreate, rows);
}

Result ClientContext::ExecuteCreateType(const CreateTypeStatement& create) {
  std::string lowered = create.name;
  for (auto& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (Binder::IsBuiltinTypeName(lowered)) {
    throw CatalogError(
        fmt::format("type \"{}\" is a built-in type and cannot be redefined", create.name));
  }
  // temp.name (CREATE TEMP TYPE): a type of the connection's temporary objects, not logged.
  const bool temporary = CatalogSearch::IsTempSchema(create.schema);
  Catalog& catalog = WritableCatalog(temporary);
  // Filed as QualifiedName(schema, name): "s.mood" in schema s (an ENUM keeps that name).
  const std::string schema = temporary ? "" : catalog.SchemaName(create.schema);
  const std::string name = QualifiedName(schema, create.name);
  const bool exists = catalog.FindType(name).has_value();
  if (exists && create.if_not_exists) return EmptyResult(StatementType::kCreate);
  // What the type is, before an old one of the name goes (OR REPLACE).
  std::optional<LogicalType> alias;
  if (create.alias) {
    Binder binder(Catalogs());
    binder.SetOptions(BinderOptions());
    alias = binder.ResolveType(*create.alias);
  }
  std::vector<std::string> labels = create.labels;
  std::string logged = create.text;
  if (create.enum_query) {
    labels = EnumLabelsOf(*create.enum_query, create.name);
    // The log keeps the labels: the query's tables may be gone when it is replayed.
    // OR REPLACE stays: the replay meets the old type as this statement did.
    logged = std::string(create.or_replace ? "CREATE OR REPLACE TYPE " : "CREATE TYPE ") +
             QuoteQualifiedName(schema, create.name) + " AS " +
             TypeSql(LogicalType::Enum("", labels));
  }
  if (exists && create.or_replace) {
    RefuseTypeInUse(catalog, name, "CREATE OR REPLACE TYPE");
    catalog.DropType(name, false, false);
  }
  if (alias) {
    catalog.CreateTypeAlias(name, std::move(*alias));
  } else {
    catalog.CreateEnumType(name, std::move(labels));
  }
  if (!temporary) current_->LogCatalog(0, 0, "", LoggedSql(std::move(logged)));
  return EmptyResult(StatementType::kCreate);
}

std::vector<std::string> ClientContext::EnumLabelsOf(SelectStatement& query,
                                                     std::string_view type) {
  Binder binder(Catalogs());
  binder.SetOptions(BinderOptions());
  BoundStatement bound = binder.BindSelect(query);
  if (bound.names.size() != 1) {
    throw BinderError(
        fmt::format("CREATE TYPE {} AS ENUM (query): the query must give a single column, not {}",
                    type, bound.names.size()));
  }
  Optimize(*bound.plan, database_->GetSettings().OptimizerEnabled());
  ExecutorOptions options = MakeExecutorOptions();
  PhysicalOperatorPtr physical = CreatePhysicalPlan(*bound.plan, nullptr, options);
  Executor executor(*physical, options);
  executor.Initialize();
  // The labels in the order the query gives them, each once; NULL is no label.
  std::vector<std::string> labels;
  std::set<std::string> seen;
  while (auto chunk = executor.FetchChunk()) {
    for (idx_t row = 0; row < chunk->size(); row++) {
      const Value value = chunk->GetValue(0, row);
      if (value.IsNull()) continue;
      std::string label = value.ToString();
      if (seen.insert(label).second) labels.push_back(std::move(label));
    }
  }
  return labels;
}

Result ClientContext::ExecuteDrop(const DropStatement& drop) {
  if (drop.kind == DropKind::kSchema) {
    Catalog& catalog = current_->WritableCatalog();
    // On a copy first: every schema can go, or none does.
    auto trial = catalog.Copy();
    std::vector<std::shared_ptr<TableEntry>> tables;
    for (const auto& name : drop.names) {
      for (auto& table : trial->DropSchema(name, drop.if_exists, drop.cascade)) {
        tables.push_back(std::move(table));
      }
    }
    // A macro or type that goes with its schema may not be one a table elsewhere names.
    for (const auto& macro : catalog.Macros()) {
      if (!trial->FindMacro(macro->name)) {
        RefuseMacroInUse(*trial, macro->name, "DROP SCHEMA … CASCADE");
      }
    }
    for (const auto& [alias, type] : catalog.TypeAliases()) {
      if (!trial->FindType(alias)) RefuseTypeInUse(*trial, alias, "DROP SCHEMA … CASCADE");
    }
    for (const auto& sequence : catalog.Sequences()) {
      if (!trial->FindSequence(sequence->Name())) {
        RefuseSequenceInUse(*trial, sequence->Name(), "DROP SCHEMA … CASCADE");
      }
    }
    for (const auto& type : catalog.UserTypes()) {
      if (!trial->FindType(type.Enum().name)) {
        RefuseTypeInUse(*trial, type.Enum().name, "DROP SCHEMA … CASCADE");
      }
    }
    CheckOwnedSequencesDropped(catalog, *trial, {}, "DROP SCHEMA … CASCADE", drop.cascade);
    for (const auto& table : tables) {  // their storage goes as DROP TABLE's does
      current_->TableReplaced(table->storage, Transaction::TableChange::kDropped,
                              fmt::format("DROP SCHEMA \"{}\"", table->schema));
    }
    for (const auto& name : drop.names) catalog.DropSchema(name, drop.if_exists, drop.cascade);
    LogStatement(drop, false);
    return EmptyResult(StatementType::kDrop);
  }
  // Each object is one of the temporary objects (named temp.x, or one of them is named x)
  // or the database's. A statement drops from one of them only, so that it is logged whole
  // or not at all.
  auto held = [&](const Catalog& catalog, std::string_view name) {
    return CatalogHolds(catalog, drop.kind, name);
  };
  const CatalogSearch search = Catalogs();
  std::vector<std::string> names;
  bool temporary = false;
  for (size_t i = 0; i < drop.names.size(); i++) {
    const CatalogSearch::Place place = search.Find(drop.names[i], held);
    if (i > 0 && place.temporary != temporary) {
      throw NotImplementedError(
          "dropping temporary and other objects in one statement: drop them one by one");
    }
    temporary = place.temporary;
    names.push_back(place.name);
  }
  Catalog& catalog = WritableCatalog(temporary);
  // Check every name first, so that DROP TABLE a, b drops nothing when b is missing.
  if (!drop.if_exists) {
    for (const auto& name : names) {
      bool exists = drop.kind == DropKind::kTable      ? catalog.FindTable(name) != nullptr
                    : drop.kind == DropKind::kView     ? catalog.FindView(name) != nullptr
                    : drop.kind == DropKind::kIndex    ? catalog.FindIndex(name) != nullptr
                    : drop.kind == DropKind::kSequence ? catalog.FindSequence(name) != nullptr
                    : drop.kind == DropKind::kType     ? catalog.FindType(name).has_value()
                                                       : catalog.FindMacro(name) != nullptr;
      if (!exists) {
        // The Drop* calls below say why (a view dropped as a table, …).
        if (drop.kind == DropKind::kTable) catalog.DropTable(name, false);
        if (drop.kind == DropKind::kView) catalog.DropView(name, false);
        if (drop.kind == DropKind::kIndex) catalog.DropIndex(name, false);
        if (drop.kind == DropKind::kSequence) catalog.DropSequence(name, false);
        if (drop.kind == DropKind::kMacro || drop.kind == DropKind::kTableMacro) {
          catalog.DropMacro(name, drop.kind == DropKind::kTableMacro, false);
        }
        throw CatalogError(fmt::format("Type with name {} does not exist!", name));
      }
    }
  }
  if (drop.kind == DropKind::kTable) {
    for (const auto& name : names) {
      if (auto table = catalog.FindTable(name)) RefuseReferenced(catalog, *table, names);
    }
  }
  if (drop.kind == DropKind::kTable || drop.kind == DropKind::kView ||
      drop.kind == DropKind::kSequence) {
    // The sequences their owners take along (ALTER SEQUENCE … OWNED BY), tried on a copy; a
    // drop that fails there fails below with its own error.
    auto trial = catalog.Copy();
    bool tried = true;
    try {
      for (const auto& name : names) {
        if (drop.kind == DropKind::kTable) trial->DropTable(name, /*if_exists=*/true);
        if (drop.kind == DropKind::kView) trial->DropView(name, /*if_exists=*/true);
        if (drop.kind != DropKind::kSequence) continue;
        if (auto sequence = trial->FindSequence(name)) {
          DropSequenceOwner(*trial, *sequence, drop.cascade, /*trial=*/true);
          trial->DropSequence(name, /*if_exists=*/true);
        }
      }
    } catch (const Error&) {
      tried = false;
    }
    if (tried) {
      CheckOwnedSequencesDropped(
          catalog, *trial, drop.kind == DropKind::kSequence ? names : std::vector<std::string>{},
          drop.kind == DropKind::kTable  ? "DROP TABLE"
          : drop.kind == DropKind::kView ? "DROP VIEW"
                                         : "DROP SEQUENCE",
          drop.cascade);
    }
  }
  if ((drop.kind == DropKind::kTable || drop.kind == DropKind::kView) &&
      ViewDependenciesOn(database_->GetSettings())) {
    DropDependentViews(catalog, names, drop.kind == DropKind::kTable, drop.cascade, temporary);
  }
  for (const auto& name : names) {
    if (drop.kind == DropKind::kTable) {
      if (auto table = catalog.FindTable(name)) {
        current_->TableReplaced(table->storage, Transaction::TableChange::kDropped,
                                fmt::format("DROP TABLE \"{}\"", table->name));
      }
      catalog.DropTable(name, drop.if_exists);
    } else if (drop.kind == DropKind::kView) {
      catalog.DropView(name, drop.if_exists);
    } else if (drop.kind == DropKind::kIndex) {
      catalog.DropIndex(name, drop.if_exists);
    } else if (drop.kind == DropKind::kSequence) {
      bool gone = false;  // with its owner
      if (auto sequence = catalog.FindSequence(name)) {
        RefuseSequenceInUse(catalog, name, "DROP SEQUENCE");
        DropSequenceOwner(catalog, *sequence, drop.cascade);
        gone = !catalog.FindSequence(name);
      }
      if (!gone) catalog.DropSequence(name, drop.if_exists);
    } else if (drop.kind == DropKind::kMacro || drop.kind == DropKind::kTableMacro) {
      if (drop.kind == DropKind::kMacro && catalog.FindMacro(name)) {
        RefuseMacroInUse(catalog, name, "DROP MACRO");
        if (auto temp = ReadTempCatalog(); temp && temp.get() != &catalog) {
          RefuseMacroInUse(*temp, name, "DROP MACRO");
        }
      }
      catalog.DropMacro(name, drop.kind == DropKind::kTableMacro, drop.if_exists);
    } else {
      if (catalog.FindType(name)) RefuseTypeInUse(catalog, name, "DROP TYPE");
      catalog.DropType(name, drop.if_exists, drop.cascade);
    }
  }
  LogStatement(drop, temporary);
  return EmptyResult(StatementType::kDrop);
}

class ExecutorStream;

/// The results streaming in a connection's transaction.
struct OpenStreams {
  std::mutex lock;
  std::vector<ExecutorStream*> open;
};

/// Streams the result pipeline of an executing plan; owns the plan. With `large_stack`
/// (a deeply nested statement), every chunk is computed on a large-stack thread, so the
/// thread reading the result needs no deep stack of its own.
///
/// A streamed SELECT in autocommit owns its transaction (`owned`) and ends it at the end
/// of its rows or when dropped. One in BEGIN's transaction is listed in `registry`, so
/// that the connection can read it to its end (Drain) before the transaction changes.
class ExecutorStream : public ResultStream {
 public:
  ExecutorStream(PhysicalOperatorPtr plan, ExecutorOptions options, bool large_stack)
      : plan_(std::move(plan)),
        executor_(std::make_unique<Executor>(*plan_, std::move(options))),
        large_stack_(large_stack) {
    executor_->Initialize();
  }
  ~ExecutorStream() override {
    Unlist();
    try {
      Profiled();  // a result dropped before its end: the profile of what ran
    } catch (const std::exception&) {
      // A destructor cannot report it; a result read to its end does (Next).
    }
    executor_.reset();  // its threads stop before the snapshot goes
    Finish();
  }

  /// Makes the stream write the query's profile when it ends (enable_profiling).
  void Profile(std::unique_ptr<QueryProfileRequest> profile) { profile_ = std::move(profile); }

  /// Makes the stream end `transaction` (of `database`) when it is done.
  void Own(std::shared_ptr<DatabaseInstance> database, std::shared_ptr<Transaction> transaction) {
    database_ = std::move(database);
    owned_ = std::move(transaction);
  }
  void List(std::shared_ptr<OpenStreams> registry) {
    std::lock_guard<std::mutex> guard(registry->lock);
    registry->open.push_back(this);
    registry_ = std::move(registry);
  }

  std::unique_ptr<DataChunk> Next() override {
    if (drained_) {
      if (!buffered_.empty()) {
        auto chunk = std::move(buffered_.front());
        buffered_.pop_front();
        return chunk;
      }
      if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
      return nullptr;
    }
    auto chunk = Fetch();
    if (!chunk) {
      Unlist();
      Finish();
      Profiled();
    }
    return chunk;
  }

  /// Reads every remaining chunk into memory (an error is kept for Next to throw).
  void Drain() {
    try {
      while (auto chunk = Fetch()) buffered_.push_back(std::move(chunk));
      Profiled();
    } catch (...) {
      error_ = std::current_exception();
    }
    drained_ = true;
    registry_ = nullptr;  // the caller took it off the list
  }

 private:
  std::unique_ptr<DataChunk> Fetch() {
    if (large_stack_ && StackRemaining() < kLargeStackSize / 2) {
      return RunOnLargeStack([&] { return executor_->FetchChunk(); });
    }
    return executor_->FetchChunk();
  }
  void Unlist() {
    if (!registry_) return;
    std::lock_guard<std::mutex> guard(registry_->lock);
    auto& open = registry_->open;
    open.erase(std::remove(open.begin(), open.end(), this), open.end());
    registry_ = nullptr;
  }
  void Profiled() {
    if (!profile_) return;
    const std::unique_ptr<QueryProfileRequest> profile = std::move(profile_);
    EmitQueryProfile(*profile, *plan_, executor_->Query());
  }
  void Finish() noexcept {
    if (!owned_) return;
    // A read-only transaction: ending it only moves the cleanup horizon.
    database_->Transactions().Rollback(owned_);
    owned_ = nullptr;
  }

  PhysicalOperatorPtr plan_;
  std::unique_ptr<Executor> executor_;
  bool large_stack_;
  std::shared_ptr<DatabaseInstance> database_;
  std::shared_ptr<Transaction> owned_;
  std::shared_ptr<OpenStreams> registry_;
  bool drained_ = false;
  std::deque<std::unique_ptr<DataChunk>> buffered_;
  std::exception_ptr error_;
  std::unique_ptr<QueryProfileRequest> profile_;
};

void ClientContext::DrainStreams() {
  if (!streams_) return;
  std::vector<ExecutorStream*> open;
  {
    std::lock_guard<std::mutex> guard(streams_->lock);
    open.swap(streams_->open);
  }
  for (ExecutorStream* stream : open) stream->Drain();
}

std::unique_ptr<ResultStream> ClientContext::PlanStream(StatementType type, LogicalOperator& plan,
                                                        const std::vector<Value>* values,
                                                        ExecutorOptions options, bool may_stream,
                                                        std::optional<double> optimizer_seconds) {
  std::unique_ptr<QueryProfileRequest> profile;
  if (auto requested = ProfileRequested(database_->GetSettings(), statement_text_)) {
    profile = std::make_unique<QueryProfileRequest>(std::move(*requested));
    // The details come from the logical plan before the physical planner moves its
    // expressions out (execution/explain.hpp).
    profile->details = DescribePlan(plan);
    profile->optimizer_seconds = optimizer_seconds;
    options.profiling = true;
  }
  PhysicalOperatorPtr physical = CreatePhysicalPlan(plan, values, options);
  return MakeStream(type, std::move(physical), std::move(options), may_stream, std::move(profile));
}

std::unique_ptr<ResultStream> ClientContext::MakeStream(
    StatementType type, PhysicalOperatorPtr plan, ExecutorOptions options, bool may_stream,
    std::unique_ptr<QueryProfileRequest> profile) {
  auto stream =
      std::make_unique<ExecutorStream>(std::move(plan), std::move(options), on_large_stack_);
  stream->Profile(std::move(profile));
  if (type == StatementType::kSelect && may_stream) {
    if (transaction_) {
      stream->List(streams_);
    } else {
      stream->Own(database_, current_);
      handed_to_stream_ = true;
    }
  }
  return stream;
}

std::unique_ptr<PreparedData> ClientContext::Prepare(std::string_view sql) {
  if (!on_large_stack_ && NeedsLargeStack(sql)) {
    return OnLargeStack([&] { return Prepare(sql); });
  }
  auto statements = ParseSql(WithPivotValues(sql), database_->GetSettings().MaxExpressionDepth(),
                             database_->GetSettings().PivotLimit());
  if (statements.size() != 1) {
    throw InvalidInputError(fmt::format("a prepared statement holds one statement; the text has {}",
                                        statements.size()));
  }
  auto prepared = std::make_unique<PreparedData>();
  prepared->large_stack = on_large_stack_;
  prepared->statement = std::move(statements[0]);
  idx_t count = prepared->statement->parameter_count;
  prepared->parameter_types.assign(count, LogicalType(TypeId::kSqlNull));
  prepared->values.assign(count, Value());
  prepared->has_value.assign(count, false);
  StatementType type = prepared->statement->type;
  prepared->planned = IsPlanned(type);
  if (prepared->planned && current_) {
    BindPrepared(*prepared);
  } else if (prepared->planned) {
    // Bound in the connection's transaction, or a read-only one of its own.
    std::shared_ptr<Transaction> own = transaction_ ? nullptr : BeginTransaction();
    current_ = transaction_ ? transaction_ : own;
    try {
      BindPrepared(*prepared);
    } catch (...) {
      current_ = nullptr;
      if (own) database_->Transactions().Rollback(own);
      throw;
    }
    current_ = nullptr;
    if (own) database_->Transactions().Rollback(own);
  } else if (count > 0) {
    throw NotImplementedError(fmt::format("parameters in {} statements", StatementTypeName(type)));
  }
  return prepared;
}

void ClientContext::BindPrepared(PreparedData& prepared) {
  used_other_database_ = false;
  const CatalogSearch search = Catalogs();
  Binder binder(search);
  binder.SetOptions(BinderOptions());
  prepared.catalog_version = search.main->Version();
  prepared.temp_version = search.temp ? search.temp->Version() : 0;
  prepared.bound = BindPlanned(binder, *prepared.statement);
  // Another database's tables may be gone by the next execution (DETACH), and USE changes
  // what the names mean: such a statement is bound at every execution.
  prepared.other_databases = used_other_database_ || !default_database_.empty();
  prepared.search_path = search_path_;
  prepared.bind_with_values = binder.NeedsParameterValues();
  Optimize(*prepared.bound.plan, database_->GetSettings().OptimizerEnabled());
  // A parameter directly under a cast takes that cast's type; any other occurrence
  // leaves the type open, and the statement is bound with the values each time.
  std::function<void(const Expression&, const Expression*)> visit = [&](const Expression& e,
                                                                        const Expression* parent) {
    if (e.kind == BoundKind::kParameter) {
      if (e.column >= prepared.parameter_types.size()) {
        throw InternalError(
            fmt::format("parameter ${} is not one the statement counted", e.column + 1));
      }
      if (parent && parent->kind == BoundKind::kCast) {
        prepared.parameter_types[e.column] = parent->type;
      } else {
        prepared.bind_with_values = true;
      }
    }
    for (const auto& child : e.children) visit(*child, &e);
    if (e.kind == BoundKind::kSubquery) {
      // The visit only reads: the subquery's plan stays as it is.
      ForEachExpression(const_cast<LogicalOperator&>(*e.subquery->plan),
                        [&](ExpressionPtr& inner) { visit(*inner, nullptr); });
    }
  };
  ForEachExpression(*prepared.bound.plan, [&](ExpressionPtr& e) { visit(*e, nullptr); });
}

Result ClientContext::ExecutePrepared(PreparedData& prepared, const std::vector<Value>& values) {
  if (prepared.large_stack && !on_large_stack_) {
    return OnLargeStack([&] { return ExecutePrepared(prepared, values); });
  }
  control_->Reset(database_->GetSettings().MaxExecutionTimeMs());
  if (!prepared.planned) return Execute(*prepared.statement);
  statement_text_ = prepared.statement->text;
  return RunInTransaction(prepared.statement->type,
                          [&] { return ExecutePreparedPlan(prepared, values); });
}

void ClientContext::RefreshPrepared(PreparedData& prepared) {
  // Tables or types may have been dropped or re-created since binding.
  const Catalog* temp = current_->TempCatalog();
  if (prepared.other_databases || !default_database_.empty() ||
      prepared.search_path != search_path_ ||
      prepared.catalog_version != current_->GetCatalog().Version() ||
      prepared.temp_version != (temp ? temp->Version() : 0)) {
    BindPrepared(prepared);
  }
}

Result ClientContext::ExecutePreparedPlan(PreparedData& prepared,
                                          const std::vector<Value>& values) {
  StatementType type = prepared.statement->type;
  if (type != StatementType::kSelect) RefuseWriteWhenReadOnly(type);
  // Bound before a READ ONLY transaction began, a nextval in it is refused by binding again.
  if (prepared.bind_with_values ||
      (transaction_read_only_ && !PlanIsDeterministic(*prepared.bound.plan))) {
    Binder binder(Catalogs(), &values);
    binder.SetOptions(BinderOptions());
    return ExecutePlan(type, BindPlanned(binder, *prepared.statement));
  }
  RefreshPrepared(prepared);
  auto run = [&](std::shared_ptr<TransitionCapture> transition) {
    ExecutorOptions options = MakeExecutorOptions();
    options.transition = std::move(transition);
    const bool may_stream = PlanIsDeterministic(*prepared.bound.plan);
    auto stream = PlanStream(type, *prepared.bound.plan, &values, std::move(options), may_stream,
                             std::nullopt);
    Result result(type, prepared.bound.names, prepared.bound.types, std::move(stream));
    if (prepared.bound.returning) result.SetReturning();
    if (type != StatementType::kSelect || !may_stream) result.Materialize();
    return result;
  };
  if (prepared.bound.triggers) return RunWithTriggers(*prepared.bound.triggers, run);
  return run(nullptr);
}

Result ClientContext::ExecutePlan(StatementType type, BoundStatement bound) {
  if (type != StatementType::kSelect && type != StatementType::kPragma) {
    RefuseWriteWhenReadOnly(type);  // INSERT, UPDATE, DELETE, MERGE, COPY … FROM
  }
  const Settings& settings = database_->GetSettings();
  const auto optimize_start = std::chrono::steady_clock::now();
  Optimize(*bound.plan, settings.OptimizerEnabled());
  std::optional<double> optimizer_seconds;
  if (ProfileIsDetailed(settings)) {
    optimizer_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - optimize_start).count();
  }
  auto run = [&](std::shared_ptr<TransitionCapture> transition) {
    ExecutorOptions options = MakeExecutorOptions();
    options.transition = std::move(transition);
    // A query that calls nextval (or random) runs to its end now, in its own transaction's
    // commit: a sequence value it hands out must be logged before a restart could hand it
    // out again (a streamed query's transaction ends without a commit).
    const bool may_stream = PlanIsDeterministic(*bound.plan);
    auto stream =
        PlanStream(type, *bound.plan, nullptr, std::move(options), may_stream, optimizer_seconds);
    Result result(type, std::move(bound.names), std::move(bound.types), std::move(stream));
    if (bound.returning) result.SetReturning();
    // Statements with effects run to completion now; queries stream as they are read.
    if (type != StatementType::kSelect || !may_stream) result.Materialize();
    return result;
  };
  if (bound.triggers) return RunWithTriggers(*bound.triggers, run);
  return run(nullptr);
}

}  // namespace teal
