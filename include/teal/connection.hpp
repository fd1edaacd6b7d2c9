// include/teal/connection.hpp — a session on a database. Use one per thread.
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

  ClientContext& Context() { return *context_; }

 private:
  std::unique_ptr<ClientContext> context_;
};

}  // namespace teal
