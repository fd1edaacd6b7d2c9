// include/teal/connection.hpp — a session on a database. Use one per thread.
//
// Concurrency, until transactions exist. Connections on one Database may run
// statements at the same time, from different threads. What holds today:
//  - Each statement is atomic on failure: a statement that throws (a constraint, a
//    conversion, the memory_limit — also while it updates an index) leaves no change of
//    its own behind, and a CREATE TABLE … AS whose query fails creates no table.
//    Sequence values it drew stay drawn (as in PostgreSQL). Statements before it in the
//    same Query stay applied; there is no BEGIN/COMMIT/ROLLBACK. One gap: should memory
//    run out again while a failed UPDATE or DELETE puts back the index keys it had taken
//    out, those keys stay missing from the index.
//  - There is no isolation. A statement's changes are applied in its last step (an
//    INSERT's rows in one append, a DELETE's or an UPDATE's rows in one pass) under the
//    table's locks, but a reader takes no lock across its own statement: a SELECT
//    running at the same time can see part of another connection's INSERT, UPDATE or
//    DELETE — the rows of the part of the table it reads after the change, not those it
//    had already read.
//  - Read-modify-write statements lose updates: an UPDATE computes its new values
//    while reading, without a lock, and writes them afterwards, so two connections
//    running `UPDATE t SET n = n + 1` at the same time can both read the old n and one
//    increment is lost. Appends never lose rows: concurrent INSERTs and Appenders into
//    one table each land in full.
//  - UNIQUE and PRIMARY KEY checks, and the index changes of a write, are serialised
//    per table, so concurrent writers cannot both insert the same key.
//  - DDL (CREATE, DROP, ALTER) is serialised by the catalog. A write into a table that
//    an ALTER TABLE replaced while the write ran fails with TransactionError and
//    changes nothing; one racing a DROP TABLE behaves as if it ran just before the DROP.
#pragma once

#include <memory>
#include <string_view>

#include "teal/database.hpp"
#include "teal/prepared_statement.hpp"
#include "teal/result.hpp"

namespace teal {

class ClientContext;

class Connection {
 public:
  explicit Connection(Database& database);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  /// Runs every statement in `sql` in order and returns the result of the last one.
  /// Throws a teal::Error subclass at the first statement that fails; statements
  /// before it stay applied, the failing one changes nothing.
  Result Query(std::string_view sql);
  /// Runs one statement with parameters: `params` bind to $1, $2, … (or the ?s) in order.
  template <typename... Ts>
  Result Query(std::string_view sql, const Ts&... params) {
    return Prepare(sql).ExecuteWith(std::vector<Value>{ToValue(params)...});
  }
  /// As Query, discarding the result.
  void Execute(std::string_view sql) { (void)Query(sql); }

  /// Parses, binds and plans one statement for repeated execution. Throws like Query
  /// for errors found before execution (syntax, unknown tables or columns).
  PreparedStatement Prepare(std::string_view sql);

  /// Cancels the statement this connection is running, or the result it is still
  /// streaming; callable from any thread (the only Connection method that is). The
  /// statement fails with InterruptError at its next chunk of work, having changed
  /// nothing, and the connection stays usable. Does nothing when nothing runs.
  void Interrupt();
  /// How far the running statement is, in percent of the rows its scans have to read
  /// (0 … 100), or -1 when it has not started reading; callable from any thread.
  double QueryProgress() const;

 private:
  // The engine's side of the connection, for src/main and the shell (main/client_context.hpp).
  friend ClientContext& ConnectionContext(Connection& connection);

  // Shared with the prepared statements made here, which keep working after the
  // Connection object is gone (as Results and Appenders do).
  std::shared_ptr<ClientContext> context_;
};

}  // namespace teal
