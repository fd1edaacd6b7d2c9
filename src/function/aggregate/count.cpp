// count(*) and count(x): the number of rows (with x not NULL); count_if(b): the number
// of rows where b is true. All three give 0, not NULL, for no rows.
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
AggregateFunction Count(std::string name, std::vector<LogicalType> arguments) {
  AggregateFunction f;
  f.name = std::move(name);
  f.arguments = std::move(arguments);
  f.return_type = TypeId::kBigInt;
  f.state_size = sizeof(int64_t);
  f.initialize = [](data_ptr_t state) { *reinterpret_cast<int64_t*>(state) = 0; };
  f.update = [](const DataChunk&, data_ptr_t* states, idx_t count) {
    for (idx_t i = 0; i < count; i++) ++*reinterpret_cast<int64_t*>(states[i]);
  };
  f.simple_update = [](const DataChunk& arguments, data_ptr_t state, idx_t count) {
    idx_t valid = count;
    if (!arguments.data.empty() && !arguments.data[0].Validity().AllValid()) {
      valid = 0;
      for (idx_t i = 0; i < count; i++) valid += arguments.data[0].RowIsValid(i) ? 1 : 0;
    }
    *reinterpret_cast<int64_t*>(state) += static_cast<int64_t>(valid);
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    *reinterpret_cast<int64_t*>(target) += *reinterpret_cast<int64_t*>(source);
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) out[offset + i] = *reinterpret_cast<int64_t*>(states[i]);
  };
  return f;
}
}  // namespace

void RegisterCountFunctions(FunctionCatalog& catalog) {
  catalog.AddAggregate(Count("count_star", {}));
  // count(x) takes any type: resolve gives an overload with exactly the argument's type.
  AggregateFunctionSet count;
  count.name = "count";
  count.resolve =
      [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 1) return std::nullopt;
    LogicalType type =
        arguments[0].Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : arguments[0];
    return Count("count", {type});
  };
  catalog.AddAggregateSet(std::move(count));

  // count_if(b) is count(*) over the rows where b is true: NULL and false add nothing.
  AggregateFunction count_if = Count("count_if", {TypeId::kBoolean});
  count_if.simple_update = nullptr;  // counts true values, not valid ones
  count_if.update = [](const DataChunk& arguments, data_ptr_t* states, idx_t count) {
    const bool* in = arguments.data[0].Values<bool>();
    for (idx_t i = 0; i < count; i++) *reinterpret_cast<int64_t*>(states[i]) += in[i] ? 1 : 0;
  };
  AggregateFunction countif = count_if;  // DuckDB's other name for it
  countif.name = "countif";
  catalog.AddAggregate(std::move(count_if));
  catalog.AddAggregate(std::move(countif));
}

}  // namespace teal
