// SQL's prepared statements: PREPARE name AS statement, EXECUTE name(values), DEALLOCATE.
// They are the C++ API's prepared statements (ClientContext::Prepare), kept by name for the
// connection's life.
#include <fmt/format.h>

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
  auto found = sql_prepared_.find(Key(execute.name));
  if (found == sql_prepared_.end()) {
    throw InvalidInputError(fmt::format("prepared statement \"{}\" does not exist", execute.name));
  }
  SqlPrepared& entry = found->second;
  const idx_t count = entry.data->statement->parameter_count;
  if (execute.values.size() != count) {
    throw InvalidInputError(fmt::format(
        "Values were not provided for every parameter: prepared statement \"{}\" takes {} "
        "parameter{}, {} given",
        execute.name, count, count == 1 ? "" : "s", execute.values.size()));
  }
  // The values are any expressions: computed as a one-row query.
  std::vector<Value> values;
  if (count > 0) {
    SelectStatement select;
    for (const auto& v : execute.values) select.select_list.push_back(v->Copy());
    Result row = Execute(select);
    for (idx_t i = 0; i < count; i++) {
      Value value = row.GetValue(i, 0);
      if (i < entry.types.size()) value = value.CastAs(entry.types[i]);
      values.push_back(std::move(value));
    }
  }
  return ExecutePrepared(*entry.data, values);
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
