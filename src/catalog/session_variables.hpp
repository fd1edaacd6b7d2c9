// VariableMap: one connection's variables (DuckDB's SET VARIABLE name = value), which
// getvariable('name'), a $name parameter given no value, and duckdb_variables() read. They
// belong to the connection, as DuckDB's do, and are not stored in the database.
#pragma once

#include <map>
#include <string>

#include "catalog/catalog.hpp"
#include "teal/value.hpp"

namespace teal {

/// Variable names as SET VARIABLE wrote them: unquoted folded to lower case, quoted as is.
using VariableMap = std::map<std::string, Value>;

/// The variable `name` as written, else as an unquoted name folds (getvariable('Animal')
/// finds SET VARIABLE Animal); null when there is none.
inline const Value* FindVariable(const VariableMap& variables, const std::string& name) {
  auto found = variables.find(name);
  if (found == variables.end()) found = variables.find(Catalog::Key(name));
  return found == variables.end() ? nullptr : &found->second;
}

}  // namespace teal
