// ClientContext: the per-connection state and the statement pipeline
// parse -> bind -> plan -> execute. Not thread-safe: one per connection.
//
// Transactions. Between BEGIN and COMMIT/ROLLBACK every statement runs in the
// connection's transaction; otherwise each statement is a transaction of its own that
// commits when it succeeds (autocommit) — a SELECT's when its result has been read to
// the end or dropped, so that a streamed result reads one snapshot. A statement that fails
// takes back what it changed (the undo buffer, back to its size when the statement
// started); inside BEGIN it also aborts the transaction, as in PostgreSQL: later
// statements fail until ROLLBACK (or COMMIT, which then rolls back), or ROLLBACK TO a
// savepoint, which takes back what followed it and ends the abort.
// Results still streaming in the transaction are read to their end before a later
// statement changes what they would see, or the transaction ends.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_search.hpp"
#include "catalog/session_sequences.hpp"
#include "catalog/session_variables.hpp"
#include "execution/execution_context.hpp"
#include "main/database_instance.hpp"
#include "main/prepared_data.hpp"
#include "parser/statements.hpp"
#include "planner/trigger_firing.hpp"
#include "teal/result.hpp"
#include "transaction/transaction.hpp"

namespace teal {

struct FieldChange;

class Connection;

class ClientContext : public std::enable_shared_from_this<ClientContext> {
 public:
  explicit ClientContext(std::shared_ptr<DatabaseInstance> database);
  /// Rolls back the transaction BEGIN opened, if it is still open.
  ~ClientContext();

  /// The database this connection works on.
  std::shared_ptr<DatabaseInstance> Database() const { return database_; }
  /// For the statements a database's log and checkpoint replay: they name the database as
  /// the connection that ran them did (db.t after ATTACH … AS db), so every database name
  /// means this connection's database.
  void SetReplaying() { replaying_ = true; }

  /// Runs every statement of `sql`; returns the last one's result.
  Result Query(std::string_view sql);
  /// `sql` with the values of each statement-form PIVOT's ON items that list none written
  /// in, read from the data now (DuckDB's dynamic PIVOT): PivotValueQueries.
  std::string WithPivotValues(std::string_view sql);

  /// Parses and binds one statement for repeated execution.
  std::unique_ptr<struct PreparedData> Prepare(std::string_view sql);
  /// Runs a prepared statement with `values` for its parameters ($1 = values[0]).
  Result ExecutePrepared(PreparedData& prepared, const std::vector<Value>& values);

  /// Cancels the statement running on this connection (callable from any thread): it
  /// fails with InterruptError at its next chunk, and the connection stays usable.
  void Interrupt() { control_->interrupted = true; }
  /// Percent of the running statement's source rows done, or -1 when unknown.
  double QueryProgress() const { return control_->Progress(); }

  /// Runs `write` in the connection's transaction: the one BEGIN opened, or one of its
  /// own that commits when `write` returns (the Appender's flushes).
  void RunWrite(const std::function<void(Transaction&)>& write);
  /// RunWrite for a writer that batches its commits (the Appender): inside BEGIN it joins
  /// the connection's transaction as RunWrite does (committing `*own` first if it is
  /// open); otherwise it writes in `*own`, a transaction the caller keeps open across
  /// calls (begun when null) and ends with CommitOwn or RollbackOwn. A write that fails
  /// takes back only its own changes.
  void RunWriteBatched(std::shared_ptr<Transaction>& own,
                       const std::function<void(Transaction&)>& write);
  /// Commits `*own` (nothing when null) and resets it; on failure it rolls back and
  /// throws. Durable when it returns, as any commit.
  void CommitOwn(std::shared_ptr<Transaction>& own);
  void RollbackOwn(std::shared_ptr<Transaction>& own) noexcept;
  /// The catalog outside a statement: the open transaction's, or the committed one.
  std::shared_ptr<Catalog> ReadCatalog() const;
  /// ReadCatalog's temporary objects (CREATE TEMP …; catalog/catalog_search.hpp).
  std::shared_ptr<Catalog> ReadTempCatalog() const;
  /// Whether BEGIN opened a transaction that has not ended.
  bool InTransaction() const { return transaction_ != nullptr; }

  /// Table names of the database, sorted.
  std::vector<std::string> TableNames();
  /// The CREATE TABLE statement of `table`; throws CatalogError when there is none.
  std::string TableSchema(std::string_view table);
  /// Every CREATE TYPE and CREATE TABLE statement, in creation order.
  std::vector<std::string> AllSchemaStatements();

 private:
  Result Execute(SQLStatement& statement);
  /// The statement, dispatched by kind, in the transaction set up by Execute.
  Result ExecuteStatement(SQLStatement& statement);
  Result ExecuteTransaction(const TransactionStatement& statement);
  /// PREPARE, EXECUTE and DEALLOCATE (main/sql_prepared.cpp): statements prepared by SQL,
  /// kept by name in sql_prepared_.
  Result ExecuteSqlPrepare(const PrepareStatement& prepare);
  Result ExecuteSqlExecute(const ExecutePreparedStatement& execute);
  /// The statement EXECUTE names and the values it gives its parameters (cast to the types
  /// PREPARE declared); throws as EXECUTE does when there is no such statement or a value
  /// is missing.
  std::pair<PreparedData*, std::vector<Value>> SqlExecuteValues(
      const ExecutePreparedStatement& execute);
  /// The values of `statement`'s parameters: for $name the one `named` gives, else the
  /// connection's variable of that name (DuckDB's). A parameter with neither, and every
  /// positional one ($1, ?), is listed in `missing` ("1, $x").
  std::vector<Value> ParameterValuesByName(const SQLStatement& statement,
                                           const std::map<std::string, Value>& named,
                                           std::string& missing) const;
  Result ExecuteSqlDeallocate(const DeallocateStatement& deallocate);
  /// SAVEPOINT, RELEASE and ROLLBACK TO.
  void ExecuteSavepoint(const TransactionStatement& statement);
  /// Runs `run` (a statement of `type`) in the connection's transaction or an autocommit
  /// one (see the header comment).
  Result RunInTransaction(StatementType type, const std::function<Result()>& run);
  /// default_transaction_invalidation_policy = syntactic_errors_do_not_invalidate: a
  /// parser, binder or catalog error leaves BEGIN … COMMIT usable.
  bool SyntacticErrorsKeepTransactions() const;
  /// Reads the results still streaming in the connection's transaction to their end.
  void DrainStreams();
  /// Ends the connection's transaction (after COMMIT, ROLLBACK or a failure).
  void EndTransaction();
  /// Throws when the connection's transaction is READ ONLY and a statement of `type`
  /// would write to a database.
  void RefuseWriteWhenReadOnly(StatementType type) const;
  /// Rolls back the explicit transaction (transaction_), and detaches what ATTACH attached
  /// in it: an ATTACH is undone with its transaction (DuckDB's rule; USE is not).
  void RollbackTransaction() noexcept;
  /// A transaction that sees this connection's temporary objects.
  std::shared_ptr<Transaction> BeginTransaction();
  /// Commits `transaction` (TransactionManager::Commit); its temporary objects become the
  /// connection's when it changed them.
  void CommitTransaction(const std::shared_ptr<Transaction>& transaction);
  /// Where the running statement looks names up: its transaction's catalog (of the
  /// default database, or of the database a catalog change goes to), the connection's
  /// temporary objects first, and the attached databases by name.
  CatalogSearch Catalogs() const;
  /// ATTACH, DETACH and USE (main/attach.cpp): not transactional, as in DuckDB.
  Result ExecuteAttach(const AttachStatement& attach);
  Result ExecuteDetach(const DetachStatement& detach);
  Result ExecuteUse(const UseStatement& use);
  /// SET / RESET schema and search_path: the connection's search path.
  Result ExecuteSetSearchPath(const SetStatement& set);
  /// Where a trigger's body looks names up.
  CatalogSearch TriggerSearch(const TriggerEntry& trigger) const;
  /// A catalog change's SQL as the log keeps it: under the search path it ran with.
  std::string LoggedSql(std::string sql) const;
  /// The schema a CREATE without one creates in: the search path's first that `catalog`
  /// (the default database's) has ("" for main).
  std::string DefaultSchema(const Catalog& catalog) const;
  Result ExecuteExport(const ExportDatabaseStatement& statement);
  Result ExecuteImport(const ImportDatabaseStatement& statement);
  /// The database `name` (case-insensitive): the connection's own under its name, or an
  /// attached one; null when there is none.
  std::shared_ptr<DatabaseInstance> FindDatabase(std::string_view name) const;
  /// The running statement's transaction in `database`: the connection's own, or its
  /// transaction there, begun on first use and ended with the statement's (Transaction::
  /// Attached).
  std::shared_ptr<Transaction> TransactionIn(
      const std::shared_ptr<DatabaseInstance>& database) const;
  /// The database unqualified names are in (USE): the connection's own unless USE chose
  /// another; CatalogError when that one was detached since.
  std::shared_ptr<DatabaseInstance> DefaultDatabase() const;
  /// The database a catalog change of `statement` goes to: the one its name's schema names
  /// ("db.schema" loses "db.", "db" alone when the default database has no such schema
  /// becomes ""), or the default database.
  std::shared_ptr<DatabaseInstance> ChangedDatabase(SQLStatement& statement);
  /// The connection's own database's transaction: current_, unless a catalog change of
  /// another database runs (then current_ is its transaction there).
  Transaction& Own() const { return own_ ? *own_ : *current_; }
  /// While it lives, current_ is the transaction of `database`, where a catalog change
  /// goes; it checks first that no other database of the transaction was written.
  class ChangeScope;
  /// The catalog a change of an object goes to: the transaction's private copy of the
  /// temporary objects or of the database's catalog.
  Catalog& WritableCatalog(bool temporary);
  /// Each view of `catalog` (temporary or not) and the relations it reads by name, nested
  /// views' too, as filed keys; a view that does not bind now reads none.
  std::vector<std::pair<std::string, std::vector<std::string>>> ViewReads(Catalog& catalog,
                                                                          bool temporary);
  /// Under enable_view_dependencies: refuses an ALTER TABLE that changes the columns or
  /// name of `table` while a view reads it (DuckDB's and PostgreSQL's rule).
  void RefuseAlterOfViewSource(Catalog& catalog, const std::string& table, bool temporary);
  /// DROP TABLE / VIEW of `names` under enable_view_dependencies: refuses it when a view
  /// of `catalog` reads one of them, or with `cascade` drops (and logs dropping) those
  /// views and the views reading them.
  void DropDependentViews(Catalog& catalog, const std::vector<std::string>& names, bool tables,
                          bool cascade, bool temporary);
  /// Logs a catalog change as its SQL text, unless it changed temporary objects only
  /// (they are never logged).
  void LogStatement(const SQLStatement& statement, bool temporary);
  Result ExecuteCreateTable(const CreateTableStatement& create);
  /// CREATE OR REPLACE TABLE: drops the table `name` when there is one (in the statement's
  /// transaction, logged as a DROP before the new table's CREATE).
  void DropTableToReplace(Catalog& catalog, const std::string& name);
  /// CREATE OR REPLACE SEQUENCE | SCHEMA (DuckDB's): DROP … IF EXISTS of `qualifier`.`name`
  /// (a sequence's schema, a schema's database), with DROP's checks of what depends on it,
  /// logged before the CREATE.
  void DropToReplace(DropKind kind, const std::string& qualifier, const std::string& name);
  /// Throws CatalogError when a FOREIGN KEY of a table not in `dropped_too` references
  /// `table` (it cannot be dropped or replaced while one does).
  void RefuseReferenced(const Catalog& catalog, const TableEntry& table,
                        const std::vector<std::string>& dropped_too);
  /// The indexes of create's PRIMARY KEY and UNIQUE constraints, added to `table`.
  void AddConstraintIndexes(const CreateTableStatement& create, TableEntry& table);
  /// The key parts of CREATE INDEX `create` when some are expressions: binds them over
  /// `table`'s row into `index` (its expressions, their texts and the columns they read).
  void BindIndexExpressions(const TableEntry& table, const CreateIndexStatement& create,
                            const std::string& what, IndexEntry& index);
  /// create's FOREIGN KEYs, checked against their parents in `catalog` and added to
  /// `table` with their indexes (main/foreign_key_ddl.cpp).
  void AddForeignKeys(const CreateTableStatement& create, const Catalog& catalog,
                      TableEntry& table);
  Result ExecuteCreateIndex(const CreateIndexStatement& create);
  /// VACUUM / ANALYZE: ANALYZE computes the zone maps of the tables' row groups.
  Result ExecuteVacuum(const VacuumStatement& vacuum);
  Result ExecuteCreateType(const CreateTypeStatement& create);
  /// COMMENT ON: the comment goes into the object's entry (tables, views, their columns,
  /// macros) or the catalog's comments (indexes, sequences, types).
  Result ExecuteComment(const CommentStatement& statement);
  /// The labels of CREATE TYPE `type` AS ENUM (`query`): its one column's values, in order,
  /// each once, NULL left out.
  std::vector<std::string> EnumLabelsOf(SelectStatement& query, std::string_view type);
  Result ExecuteCreateMacro(const CreateMacroStatement& create);
  /// Throws for a typed parameter whose type is unknown or whose default does not convert
  /// to it, and for two parameter lists of `macro` that take the same calls.
  void CheckMacroOverloads(const MacroEntry& macro);
  Result ExecuteCreateView(const CreateViewStatement& create);
  /// EXPLAIN [ANALYZE] `inner`; `values`: its parameters' values (EXPLAIN EXECUTE).
  Result ExecuteExplain(SQLStatement& inner, bool analyze,
                        const std::vector<Value>* values = nullptr);
  /// EXPLAIN [ANALYZE] EXECUTE name(values): the prepared statement's plan for those values
  /// (PostgreSQL's), bound with them. Like EXECUTE, it computes the values first, outside
  /// the transaction the statement then runs in.
  Result ExecuteExplainExecute(ExplainStatement& explain);
  /// EXPLAIN [ANALYZE] of a bound and optimized plan; `values` its parameters' values.
  Result ExplainPlan(LogicalOperator& plan, bool analyze, const std::vector<Value>* values);
  /// Binds a prepared statement again when what it was bound against has changed.
  void RefreshPrepared(PreparedData& prepared);
  /// COPY … FROM / TO a CSV file (main/copy.cpp).
  Result ExecuteCopy(CopyStatement& copy);
  Result ExecuteSet(SetStatement& set);
  Result ExecutePragma(const PragmaStatement& pragma);
  /// PRAGMA integrity_check (main/integrity_check.cpp).
  Result ExecuteIntegrityCheck();
  Result ExecuteCreateTableAs(CreateTableAsStatement& create);
  Result ExecuteDrop(const DropStatement& drop);
  /// With `reshape`, a kAlterType whose new type and values are a field change's.
  Result ExecuteAlter(const AlterTableStatement& alter, const FieldChange* reshape = nullptr);
  /// ALTER VIEW v RENAME TO w: the same stored query under the new name.
  Result ExecuteRenameView(const AlterTableStatement& alter);
  /// ADD / DROP / RENAME of a STRUCT column's field: an ALTER TYPE that reshapes the values.
  Result ExecuteAlterField(const AlterTableStatement& alter);
  /// Throws ConstraintError(message(column)) when a row this transaction sees is NULL in one
  /// of `columns`; first refuses other transactions' pending changes (`what` names the
  /// statement), so no NULL can arrive before the commit.
  void RefuseNulls(const TableEntry& table, const std::vector<idx_t>& columns,
                   const std::string& what,
                   const std::function<std::string(idx_t column)>& message);
  /// ALTER TABLE … ADD PRIMARY KEY / UNIQUE: an index of the constraint, built over the rows.
  Result ExecuteAddUnique(const AlterTableStatement& alter, Catalog& catalog,
                          const std::string& table_name, bool temporary);
  /// The name of a PRIMARY KEY / UNIQUE index of `table`: the constraint's, or
  /// PostgreSQL's t_pkey / t_a_b_key, numbered when taken.
  std::string ConstraintIndexName(const TableEntry& table, const UniqueConstraintSyntax& constraint,
                                  const std::vector<idx_t>& columns);
  Result ExecuteCreateSequence(const CreateSequenceStatement& create);
  // Sequences' ALTER and ownership (main/sequence_ddl.cpp).
  Result ExecuteAlterSequence(const AlterSequenceStatement& alter);
  /// The owner OWNED BY `parts` gives `sequence` of `catalog`: DuckDB's relation, else
  /// PostgreSQL's table.column; throws when there is none or the form's rules refuse it.
  SequenceOwner SequenceOwnerNamed(const Catalog& catalog, const SequenceEntry& sequence,
                                   const std::vector<std::string>& parts);
  /// DROP SEQUENCE of a sequence DuckDB's OWNED BY relation gave an owner: refused without
  /// `cascade`; with it the owner is dropped (`trial`: on a trial copy of the catalog).
  void DropSequenceOwner(Catalog& catalog, const SequenceEntry& sequence, bool cascade,
                         bool trial = false);
  /// A DROP that took `catalog` to `after` took owned sequences along (those not `named`):
  /// a DEFAULT of a table in `after` that uses one is refused, or with `cascade` dropped
  /// from `catalog`; an expression that names one is refused. `what` is the statement.
  void CheckOwnedSequencesDropped(Catalog& catalog, const Catalog& after,
                                  const std::vector<std::string>& named, std::string_view what,
                                  bool cascade);
  Result ExecutePlan(StatementType type, struct BoundStatement bound);
  // Triggers (main/triggers.cpp).
  Result ExecuteCreateTrigger(const CreateTriggerStatement& create);
  Result ExecuteDropTrigger(const DropTriggerStatement& drop);
  /// COPY FROM DATABASE (main/export_database.cpp).
  Result ExecuteCopyDatabase(const CopyDatabaseStatement& statement);
  /// Throws unless `trigger`'s body on `table` (of `catalog`) binds and fires no chain of
  /// triggers that comes back to `table`.
  void CheckTriggerBody(const TriggerEntry& trigger, const TableEntry& table,
                        const Catalog& catalog);
  /// Runs `firing`'s BEFORE triggers, `run` (the statement, given where it keeps the rows
  /// it changes), then its AFTER triggers.
  Result RunWithTriggers(const TriggerFiring& firing,
                         const std::function<Result(std::shared_ptr<TransitionCapture>)>& run);
  /// Runs `trigger`'s body in the running statement's transaction; `changed`: the rows the
  /// statement changed (null for a BEFORE trigger).
  void FireTrigger(const TriggerEntry& trigger, const TriggerFiring& firing,
                   const std::shared_ptr<TransitionCapture>& changed);
  /// `trigger`'s body bound over `table`'s `changed` rows (its statement in `body`).
  struct BoundStatement BindTriggerBody(const TriggerEntry& trigger, const TableEntry& table,
                                        TriggerEvent event,
                                        const std::shared_ptr<TransitionCapture>& changed,
                                        std::unique_ptr<SQLStatement>& body);
  /// The settings' binder options, with the running statement's transaction start time.
  BindOptions BinderOptions() const;
  Result ExecutePreparedPlan(PreparedData& prepared, const std::vector<Value>& values);
  /// The result stream of `plan`; a SELECT's takes over its autocommit transaction or is
  /// listed for DrainStreams.
  std::unique_ptr<ResultStream> MakeStream(
      StatementType type, std::unique_ptr<class PhysicalOperator> plan,
      struct ExecutorOptions options, bool may_stream = true,
      std::unique_ptr<struct QueryProfileRequest> profile = {});
  /// MakeStream of bound and optimized `plan` (with `values` for its parameters), profiled
  /// when enable_profiling is on (main/query_profile.hpp); `optimizer_seconds`: how long
  /// its optimizing took, when measured.
  std::unique_ptr<ResultStream> PlanStream(StatementType type, LogicalOperator& plan,
                                           const std::vector<Value>* values,
                                           struct ExecutorOptions options, bool may_stream,
                                           std::optional<double> optimizer_seconds);
  void BindPrepared(PreparedData& prepared);
  /// How this connection's next plan runs: threads, scheduler, morsels, its QueryControl.
  struct ExecutorOptions MakeExecutorOptions();

  std::shared_ptr<DatabaseInstance> database_;
  /// How deeply trigger bodies are running inside one another.
  idx_t trigger_depth_ = 0;
  // What this connection's nextval calls gave last: its currval (PostgreSQL's).
  std::shared_ptr<SessionSequences> sequences_ = std::make_shared<SessionSequences>();
  // The connection's variables, by name (DuckDB's SET VARIABLE; getvariable reads them).
  std::shared_ptr<VariableMap> variables_ = std::make_shared<VariableMap>();
  std::shared_ptr<QueryControl> control_ = std::make_shared<QueryControl>();
  /// The connection's temporary objects as committed; they go with the connection.
  std::shared_ptr<Catalog> temp_catalog_ = std::make_shared<Catalog>();
  /// BEGIN's transaction; null in autocommit.
  std::shared_ptr<Transaction> transaction_;
  /// USE's database (empty: the connection's own).
  std::string default_database_;
  /// The search path: schemas of the default database (as its catalog spells them, "" for
  /// main) that names without a schema are looked up in before main; the first is the
  /// default schema (USE db.s, USE s, SET schema, SET search_path; catalog_search.hpp).
  std::vector<std::string> search_path_;
  /// current_setting('search_path'): as SET wrote it, or db.schema after USE / SET schema.
  std::string search_path_text_;
  /// The databases ATTACH attached in the explicit transaction (RollbackTransaction).
  std::vector<std::string> attached_in_transaction_;
  /// The connection's own database's transaction while a catalog change of a database
  /// runs (ChangeScope); null otherwise.
  std::shared_ptr<Transaction> own_;
  /// The database that catalog change goes to (while own_ is set).
  std::shared_ptr<DatabaseInstance> changed_;
  /// Set when a bind reached a database other than the connection's own: a prepared
  /// statement so bound is bound again at every execution (its databases may have gone).
  mutable bool used_other_database_ = false;
  bool replaying_ = false;  // SetReplaying
  /// A statement failed in transaction_: it can only be rolled back.
  bool transaction_failed_ = false;
  /// transaction_ began READ ONLY (false without transaction_; EndTransaction clears it): no
  /// statement in it may write (RefuseWriteWhenReadOnly).
  bool transaction_read_only_ = false;
  /// The transaction the running statement works in (transaction_ or an autocommit one).
  std::shared_ptr<Transaction> current_;
  /// Set when the running statement's result took over ending its autocommit
  /// transaction (a streamed SELECT).
  bool handed_to_stream_ = false;
  /// PREPARE's statements by name (lower-cased), with the types PREPARE declared.
  struct SqlPrepared {
    std::unique_ptr<struct PreparedData> data;
    std::vector<LogicalType> types;
  };
  std::map<std::string, SqlPrepared> sql_prepared_;
  /// SAVEPOINTs of transaction_, oldest first (names lower-cased).
  std::vector<std::pair<std::string, Transaction::Mark>> savepoints_;
  /// The results streaming in transaction_ (for DrainStreams).
  std::shared_ptr<struct OpenStreams> streams_;
  /// True while this context works on a large-stack thread (RunOnLargeStack): what it
  /// starts there does not go to another one, and the results it makes fetch there too.
  bool on_large_stack_ = false;
  /// The SQL of the statement running (Execute, ExecutePrepared), for its profile.
  std::string statement_text_;
  /// Runs `fn` on a large-stack thread with on_large_stack_ set (defined in the .cpp, its
  /// only user).
  template <typename Fn>
  auto OnLargeStack(Fn&& fn) -> decltype(fn());
};

/// The ClientContext behind `connection`: the Appender's and the shell's way to the engine,
/// kept out of the public API.
ClientContext& ConnectionContext(Connection& connection);

}  // namespace teal
