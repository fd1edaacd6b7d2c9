// mode(x): the most frequent non-NULL value; among equally frequent values, the one
// seen first (DuckDB's rule), so the result does not depend on hash order.
//
// The state is an ordered map from value to (count, first position) using the SQL
// ordering of the type, so values SQL calls equal ('1 month' and '30 days', NaN and NaN)
// count together. Positions in a combined source continue after the target's rows:
// combine treats the target as the earlier part of the input.
#include <map>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

template <typename Kind>
struct KindLess {
  bool operator()(const typename Kind::Stored& a, const typename Kind::Stored& b) const {
    return Kind::Cmp(a, b) < 0;
  }
};

struct ModeEntry {
  int64_t count = 0;
  int64_t first = 0;  // position of the value's first row
};

template <typename Kind>
struct ModeState {
  std::map<typename Kind::Stored, ModeEntry, KindLess<Kind>> counts;
  int64_t rows = 0;
};

template <typename Kind>
AggregateFunction Mode(const LogicalType& type) {
  using State = ModeState<Kind>;
  auto f = aggregate::MakeAggregate("mode", {type}, type);
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      typename Kind::Stored key{};
      Kind::Store(key, Kind::Read(input, i));
      auto [it, inserted] = s.counts.try_emplace(std::move(key), ModeEntry{0, s.rows});
      it->second.count++;
      s.rows++;
    }
  };
  f.order_dependent = true;
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    for (const auto& [key, entry] : src.counts) {
      auto [it, inserted] = dst.counts.try_emplace(key, ModeEntry{0, dst.rows + entry.first});
      it->second.count += entry.count;
    }
    dst.rows += src.rows;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      const typename Kind::Stored* best = nullptr;
      ModeEntry best_entry;
      for (const auto& [key, entry] : s.counts) {
        if (!best || entry.count > best_entry.count ||
            (entry.count == best_entry.count && entry.first < best_entry.first)) {
          best = &key;
          best_entry = entry;
        }
      }
      if (best) {
        Kind::Write(result, offset + i, *best);
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}
}  // namespace

void RegisterModeFunctions(FunctionCatalog& catalog) {
  AggregateFunctionSet set;
  set.name = "mode";
  set.resolve = [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 1) return std::nullopt;
    LogicalType type = aggregate::OrInteger(arguments[0]);
    return aggregate::DispatchOrderedKind(type, [&]<typename Kind>() { return Mode<Kind>(type); });
  };
  catalog.AddAggregateSet(std::move(set));
}

}  // namespace teal
