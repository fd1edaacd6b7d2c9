// SQL's prepared statements: PREPARE name AS statement, EXECUTE name(values), DEALLOCATE.
// They are the C++ API's prepared statements (ClientContext::Prepare), kept by name for the
// connection's life.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "main/client_context.hpp"
#include "main/prepared_data.hpp"
#include "planner/binder.hpp"

namespace teal {

namespace {
/// Names of prepared statements are case-insensitive, as SQL names are.
std::string Key(std::string_view name) {
  std::string key(name);
  for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}
}  // namespace

Result ClientContext::ExecuteSqlPrepare(const PrepareStatement& prepare) {
  const std::string key = Key(prepare.name);
  // PostgreSQL's rule (DuckDB replaces it): a name is prepared once until DEALLOCATE.
  if (sql_prepared_.count(key)) {
    throw InvalidInputError(
        fmt::format("prepared statement \"{}\" already exists; DEALLOCATE it first", prepare.name));
  }
  SqlPrepared entry;
  entry.data = Prepare(prepare.query);
  const idx_t count = entry.data->statement->parameter_count;
  // The query's text numbers the parameters PREPARE's text named ($x): the names are its.
  if (prepare.parameter_names.size() == count) {
    entry.data->statement->parameter_names = prepare.parameter_names;
  }
  if (prepare.types.size() > count) {
    throw BinderError(
        fmt::format("PREPARE {} declares {} parameter types, but its statement has {} parameters",
                    prepare.name, prepare.types.size(), count));
  }
  Binder binder(*ReadCatalog());  // types only: the database's
  for (const auto& type : prepare.types) entry.types.push_back(binder.ResolveType(type));
  sql_prepared_.emplace(key, std::move(entry));
  return Result(StatementType::kPrepare, {}, {}, std::vector<std::unique_ptr<DataChunk>>{});
}

Result ClientContext::ExecuteSqlExecute(const ExecutePreparedStatement& execute) {
  auto [data, values] = SqlExecuteValues(execute);
  return ExecutePrepared(*data, values);
}

std::pair<PreparedData*, std::vector<Value>> ClientContext::SqlExecuteValues(
    const ExecutePreparedStatement& execute) {
  auto found = sql_prepared_.find(Key(execute.name));
  if (found == sql_prepared_.end()) {
    throw InvalidInputError(fmt::format("prepared statement \"{}\" does not exist", execute.name));
  }
  SqlPrepared& entry = found->second;
  const SQLStatement& statement = *entry.data->statement;
  const idx_t count = statement.parameter_count;
  // The values are any expressions: computed as a one-row query.
  std::vector<Value> given;
  if (!execute.values.empty()) {
    SelectStatement select;
    for (const auto& v : execute.values) select.select_list.push_back(v->Copy());
    Result row = Execute(select);
    for (idx_t i = 0; i < execute.values.size(); i++) given.push_back(row.GetValue(i, 0));
  }
  const bool by_name = std::any_of(execute.value_names.begin(), execute.value_names.end(),
                                   [](const std::string& name) { return !name.empty(); });
  auto not_provided = [&](const std::string& missing) {
    return InvalidInputError(fmt::format(
        "Values were not provided for every parameter: prepared statement \"{}\" takes {} "
        "parameter{}, {} given{}",
        execute.name, count, count == 1 ? "" : "s", given.size(),
        missing.empty() ? "" : " (none for " + missing + ")"));
  };
  std::vector<Value> values;
  if (!by_name && given.size() == count) {
    values = std::move(given);
  } else if (!by_name && !given.empty()) {
    throw not_provided("");
  } else {
    // Named values (name := value) and, for the $names not given, the connection's
    // variables (DuckDB's): never some values in order and some by name.
    std::map<std::string, Value> named;
    for (idx_t i = 0; i < given.size(); i++) {
      const std::string& name = execute.value_names[i];
      if (name.empty() && by_name) {
        throw InvalidInputError(
            fmt::format("EXECUTE {}: values in order and values by name (name := value) do not mix",
                        execute.name));
      }
      if (!name.empty() &&
          std::find(statement.parameter_names.begin(), statement.parameter_names.end(), name) ==
              statement.parameter_names.end()) {
        throw InvalidInputError(
            fmt::format("EXECUTE {}: prepared statement \"{}\" has no parameter ${}", execute.name,
                        execute.name, name));
      }
      named[name] = given[i];
    }
    std::string missing;
    values = ParameterValuesByName(statement, named, missing);
    if (!missing.empty()) throw not_provided(missing);
  }
  for (idx_t i = 0; i < values.size() && i < entry.types.size(); i++) {
    values[i] = values[i].CastAs(entry.types[i]);
  }
  return {entry.data.get(), std::move(values)};
}

Result ClientContext::ExecuteExplainExecute(ExplainStatement& explain) {
  // Not a structured binding: clang 14 cannot capture one in a lambda.
  std::pair<PreparedData*, std::vector<Value>> prepared =
      SqlExecuteValues(static_cast<const ExecutePreparedStatement&>(*explain.statement));
  PreparedData& data = *prepared.first;
  if (explain.analyze && data.statement->type != StatementType::kSelect) {
    RefuseWriteWhenReadOnly(data.statement->type);  // it would run the write
  }
  return RunInTransaction(StatementType::kExplain, [&] {
    // As EXECUTE runs it: bound with the values, or the typed plan given them.
    if (data.bind_with_values) {
      return ExecuteExplain(*data.statement, explain.analyze, &prepared.second);
    }
    RefreshPrepared(data);
    return ExplainPlan(*data.bound.plan, explain.analyze, &prepared.second);
  });
}

Result ClientContext::ExecuteSqlDeallocate(const DeallocateStatement& deallocate) {
  if (deallocate.name.empty()) {
    sql_prepared_.clear();
  } else if (sql_prepared_.erase(Key(deallocate.name)) == 0) {
    throw InvalidInputError(
        fmt::format("prepared statement \"{}\" does not exist", deallocate.name));
  }
  return Result(StatementType::kDeallocate, {}, {}, std::vector<std::unique_ptr<DataChunk>>{});
}

}  // namespace teal
