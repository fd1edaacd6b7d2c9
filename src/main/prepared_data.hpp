// PreparedData: what a prepared statement keeps between executions.
#pragma once

#include <memory>
#include <vector>

#include "parser/statements.hpp"
#include "planner/binder.hpp"

namespace teal {

struct PreparedData {
  std::unique_ptr<SQLStatement> statement;
  /// SELECT and INSERT are bound once into `bound`; other statements run as parsed.
  bool planned = false;
  BoundStatement bound;
  uint64_t catalog_version = 0;
  uint64_t temp_version = 0;  // of the connection's temporary objects
  /// Bound with an attached database's tables, or under USE: bound at every execution.
  bool other_databases = false;
  /// The connection's search path when bound: another one binds again.
  std::vector<std::string> search_path;
  /// A parameter whose type the plan does not fix, or one in a place that needs a
  /// constant (LIMIT): the statement is bound again with the values at each execution.
  bool bind_with_values = false;
  std::vector<LogicalType> parameter_types;  // SQLNULL: any
  std::vector<Value> values;                 // bound so far
  std::vector<bool> has_value;
  /// The statement nests more deeply than the preparing thread's stack holds: it is bound
  /// and run on a thread with a large stack (common/stack.hpp).
  bool large_stack = false;
};

}  // namespace teal
