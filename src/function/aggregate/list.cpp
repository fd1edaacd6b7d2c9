// list(x) / array_agg(x): every input value, NULLs included, as a LIST in input order
// (NULL for a group without rows, as in PostgreSQL and DuckDB).
//
// The state owns a vector of the kind's stored values plus a validity flag per element
// (in accounted memory, so a huge list reaches memory_limit); combine appends the source
// after the target.
#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

template <typename Kind>
struct ListState {
  aggregate::AccountedVector<typename Kind::Stored> values;  // unspecified where !valid
  aggregate::AccountedVector<bool> valid;
};

template <typename Kind>
AggregateFunction ListAggregate(std::string name, const LogicalType& type) {
  using State = ListState<Kind>;
  auto f = aggregate::MakeAggregate(std::move(name), {type}, LogicalType::List(type));
  aggregate::SetStateLifetime<State>(f);
  f.ignores_nulls = false;
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      bool valid = input.RowIsValid(i);
      s.values.emplace_back();
      if (valid) Kind::Store(s.values.back(), Kind::Read(input, i));
      s.valid.push_back(valid);
    }
  };
  f.order_dependent = true;
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    dst.values.insert(dst.values.end(), src.values.begin(), src.values.end());
    dst.valid.insert(dst.valid.end(), src.valid.begin(), src.valid.end());
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    idx_t position = result.ListSize();
    idx_t total = 0;
    for (idx_t i = 0; i < count; i++) total += StateAt<State>(states[i]).values.size();
    result.SetListSize(position + total);
    Vector& child = result.ListChild();
    auto* entries = result.Values<list_entry_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.values.empty()) {
        result.SetNull(offset + i);
        continue;
      }
      entries[offset + i] = {position, s.values.size()};
      for (size_t e = 0; e < s.values.size(); e++, position++) {
        if (s.valid[e]) {
          child.SetNull(position, false);
          Kind::Write(child, position, s.values[e]);
        } else {
          child.SetNull(position);
        }
      }
    }
  };
  return f;
}
}  // namespace

void RegisterListAggregateFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"list", "array_agg"}) {
    AggregateFunctionSet set;
    set.name = name;
    set.resolve =
        [name](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
      if (arguments.size() != 1) return std::nullopt;
      LogicalType type = aggregate::OrInteger(arguments[0]);
      return aggregate::DispatchCarriedKind(
          type, [&]<typename Kind>() { return ListAggregate<Kind>(name, type); });
    };
    catalog.AddAggregateSet(std::move(set));
  }
}

}  // namespace teal
