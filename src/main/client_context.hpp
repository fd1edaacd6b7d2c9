// ClientContext: the per-connection state and the statement pipeline
// parse -> bind -> plan -> execute. Not thread-safe: one per connection.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "execution/execution_context.hpp"
#include "main/database_instance.hpp"
#include "parser/statements.hpp"
#include "teal/result.hpp"

namespace teal {

class Connection;

class ClientContext {
 public:
  explicit ClientContext(std::shared_ptr<DatabaseInstance> database);

  /// The database this connection works on.
  std::shared_ptr<DatabaseInstance> Database() const { return database_; }

  /// Runs every statement of `sql`; returns the last one's result.
  Result Query(std::string_view sql);

  /// Parses and binds one statement for repeated execution.
  std::unique_ptr<struct PreparedData> Prepare(std::string_view sql);
  /// Runs a prepared statement with `values` for its parameters ($1 = values[0]).
  Result ExecutePrepared(PreparedData& prepared, const std::vector<Value>& values);

  /// Cancels the statement running on this connection (callable from any thread): it
  /// fails with InterruptError at its next chunk, and the connection stays usable.
  void Interrupt() { control_->interrupted = true; }
  /// Percent of the running statement's source rows done, or -1 when unknown.
  double QueryProgress() const { return control_->Progress(); }

  /// Table names of the database, sorted.
  std::vector<std::string> TableNames();
  /// The CREATE TABLE statement of `table`; throws CatalogError when there is none.
  std::string TableSchema(std::string_view table);
  /// Every CREATE TYPE and CREATE TABLE statement, in creation order.
  std::vector<std::string> AllSchemaStatements();

 private:
  Result Execute(SQLStatement& statement);
  Result ExecuteCreateTable(const CreateTableStatement& create);
  /// The indexes of create's PRIMARY KEY and UNIQUE constraints, added to `table`.
  void AddConstraintIndexes(const CreateTableStatement& create, TableEntry& table);
  Result ExecuteCreateIndex(const CreateIndexStatement& create);
  Result ExecuteCreateEnum(const CreateEnumStatement& create);
  Result ExecuteCreateView(const CreateViewStatement& create);
  Result ExecuteExplain(ExplainStatement& explain);
  Result ExecuteSet(SetStatement& set);
  Result ExecutePragma(const PragmaStatement& pragma);
  Result ExecuteCreateTableAs(CreateTableAsStatement& create);
  Result ExecuteDrop(const DropStatement& drop);
  Result ExecuteAlter(const AlterTableStatement& alter);
  Result ExecuteCreateSequence(const CreateSequenceStatement& create);
  Result ExecutePlan(StatementType type, struct BoundStatement bound);
  void BindPrepared(PreparedData& prepared);
  /// How this connection's next plan runs: threads, scheduler, morsels, its QueryControl.
  struct ExecutorOptions MakeExecutorOptions();

  std::shared_ptr<DatabaseInstance> database_;
  std::shared_ptr<QueryControl> control_ = std::make_shared<QueryControl>();
  /// True while this context works on a large-stack thread (RunOnLargeStack): what it
  /// starts there does not go to another one, and the results it makes fetch there too.
  bool on_large_stack_ = false;
  /// Runs `fn` on a large-stack thread with on_large_stack_ set (defined in the .cpp, its
  /// only user).
  template <typename Fn>
  auto OnLargeStack(Fn&& fn) -> decltype(fn());
};

/// The ClientContext behind `connection`: the Appender's and the shell's way to the engine,
/// kept out of the public API.
ClientContext& ConnectionContext(Connection& connection);

}  // namespace teal
