// include/teal/prepared_statement.hpp — a statement parsed and planned once, run many times.
//
//   auto insert = con.Prepare("INSERT INTO t VALUES ($1, $name)");
//   insert.Bind(1, 42).Bind("name", "x").Execute();
//   auto query = con.Prepare("SELECT s FROM t WHERE i = ?");
//   teal::Result r = query.Execute(42);
//
// Parameters are $1…$n, ? (numbered left to right) or $name (numbered by first
// appearance). Their count, names and types — and the result's column names and types —
// are known after Prepare, before any execution; a parameter whose type the statement
// does not determine (SELECT $1) reports SQLNULL and takes the type of its value.
// Not thread-safe. It keeps its connection's session (and through it the database)
// alive, so it stays usable after the Connection object that made it is destroyed. A
// moved-from PreparedStatement throws InvalidInputError from every call.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "teal/result.hpp"
#include "teal/to_value.hpp"

namespace teal {

class ClientContext;
struct PreparedData;

class PreparedStatement {
 public:
  PreparedStatement(std::shared_ptr<ClientContext> context, std::unique_ptr<PreparedData> data);
  PreparedStatement(PreparedStatement&&) noexcept;
  PreparedStatement& operator=(PreparedStatement&&) noexcept;
  ~PreparedStatement();

  StatementType Type() const;
  const std::string& Text() const;

  idx_t ParameterCount() const;
  /// The name of parameter `index` (1-based, as in $1): "name" for $name, else "".
  /// Throws InvalidInputError for an index out of range (as ParameterType does).
  const std::string& ParameterName(idx_t index) const;
  /// The 1-based index of the parameter called `name`; throws InvalidInputError if none.
  idx_t ParameterIndex(std::string_view name) const;
  /// The type the statement expects for parameter `index` (SQLNULL: any type).
  LogicalType ParameterType(idx_t index) const;

  idx_t ColumnCount() const;
  /// Throw InvalidInputError when `column` is out of range.
  const std::string& ColumnName(idx_t column) const;
  const LogicalType& ColumnType(idx_t column) const;

  /// Sets parameter `index` (1-based). Throws InvalidInputError for an index out of range.
  template <typename T>
  PreparedStatement& Bind(idx_t index, const T& value) {
    return BindValue(index, ToValue(value));
  }
  /// Sets the parameter called `name` ($name). Throws InvalidInputError if there is none.
  template <typename T>
  PreparedStatement& Bind(std::string_view name, const T& value) {
    return BindValue(ParameterIndex(name), ToValue(value));
  }
  PreparedStatement& BindValue(idx_t index, Value value);
  /// Forgets every bound value.
  void ClearBindings();

  /// Runs the statement with the bound values. Throws InvalidInputError when a
  /// parameter has no value, ConversionError when a value does not fit its parameter.
  Result Execute();
  /// Binds `values` to $1, $2, … in order, then runs the statement. Throws
  /// InvalidInputError when their number differs from ParameterCount().
  template <typename... Ts>
  Result Execute(const Ts&... values) {
    if constexpr (sizeof...(Ts) > 0) {
      std::vector<Value> list{ToValue(values)...};
      return ExecuteWith(std::move(list));
    } else {
      return Execute();
    }
  }
  Result ExecuteWith(std::vector<Value> values);

 private:
  /// The statement's data; throws InvalidInputError when moved from.
  PreparedData& Data() const;

  std::shared_ptr<ClientContext> context_;
  std::unique_ptr<PreparedData> data_;
};

}  // namespace teal
