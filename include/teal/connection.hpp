// include/teal/connection.hpp — a session on a database. Use one per thread.
//
// Transactions. Connections on one Database may run statements at the same time, from
// different threads, each in a transaction with snapshot isolation (PostgreSQL's
// REPEATABLE READ):
//  - Between BEGIN and COMMIT (or ROLLBACK) every statement of the connection runs in one
//    transaction; otherwise each statement is a transaction that commits when it
//    succeeds (a SELECT's once its result is read to the end or dropped). The Appender's
//    flushes join the connection's transaction.
//  - A transaction sees the database as it was when it began, plus its own changes:
//    other connections' commits after that, and their uncommitted changes, are invisible
//    to it — also to a result that is still streaming.
//  - A statement that throws takes back every change of its own (rows, index keys,
//    catalog entries); sequence values it drew stay drawn (as in PostgreSQL). Inside
//    BEGIN it also aborts the transaction: later statements fail until ROLLBACK, and
//    COMMIT then rolls back (PostgreSQL's behaviour; DIALECT.md).
//  - Two transactions that change the same row (or the same UNIQUE / PRIMARY KEY key)
//    conflict: the second one to change it fails with TransactionError at that
//    statement — roll back and retry. UPDATEs therefore never lose an increment.
//  - Catalog changes (CREATE, DROP, ALTER) are transactional too: a transaction's are
//    seen by others once it commits. Concurrent changes of different objects all commit;
//    a change of an object another transaction changed (not ended yet, or committed after
//    this one began) fails with TransactionError at that statement, and COMMIT fails when
//    an object changed depends on one another commit changed (its schema, a FOREIGN KEY's
//    parent, a sequence or type it may use) or a table dropped, altered or indexed was
//    written by another transaction since. ALTER TABLE, DROP TABLE and CREATE INDEX refuse
//    a table in which a transaction has uncommitted changes.
//  - A result streaming inside BEGIN is read to its end (kept in memory) before a later
//    statement of the transaction, or its end, could change what it shows.
//  - In a file database, COMMIT returns once the commit is durable (its write-ahead log
//    records synced; concurrent commits share one sync). If a sync fails, a commit that
//    was alone rolls back with an IOError; one that shared the sync fails with an IOError
//    that invalidates the database: every later commit that writes fails until it is
//    reopened, and reopening recovers every commit that returned.
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
