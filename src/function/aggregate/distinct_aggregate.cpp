// DistinctAggregate: per state, the keys seen (EncodeKey of the key columns, as GROUP BY
// compares) and the inner aggregate's arguments of each key's first row, in chunks; at
// finalize those rows go to the inner aggregate a batch at a time.
#include "function/aggregate/distinct_aggregate.hpp"

#include <string>
#include <unordered_set>

#include "execution/row_key.hpp"
#include "function/aggregate/aggregate_helpers.hpp"

namespace teal {

namespace {

struct DistinctState {
  std::unordered_set<std::string, std::hash<std::string>, std::equal_to<>,
                     AccountedAllocator<std::string>>
      seen;
  /// The key of each kept row, in the order kept (combine reads them).
  AccountedVector<std::string> keys;
  std::vector<std::unique_ptr<DataChunk>> chunks;  // the kept rows' arguments

  /// Keeps row `row` of `rows` (its first `types.size()` columns) under `key`, unless a
  /// row with that key was kept before.
  void Add(std::string key, const DataChunk& rows, idx_t row,
           const std::vector<LogicalType>& types) {
    if (!seen.insert(key).second) return;
    keys.push_back(std::move(key));
    if (chunks.empty() || chunks.back()->size() == chunks.back()->Capacity()) {
      // Small first: a window's segment tree holds a state per 16 rows.
      const idx_t capacity =
          chunks.empty() ? 16 : std::min<idx_t>(kVectorSize, chunks.back()->Capacity() * 4);
      chunks.push_back(std::make_unique<DataChunk>(types, capacity, /*zero_fill=*/false));
    }
    aggregate::AppendRow(*chunks.back(), rows, row);
  }
};

}  // namespace

AggregateFunction DistinctAggregate(const AggregateFunction& inner,
                                    const std::vector<LogicalType>& key_types) {
  std::vector<LogicalType> arguments = inner.arguments;
  arguments.insert(arguments.end(), key_types.begin(), key_types.end());
  AggregateFunction f = aggregate::MakeAggregate(inner.name, arguments, inner.return_type);
  aggregate::SetStateLifetime<DistinctState>(f);
  // The rows the inner aggregate would skip are skipped before they are keys.
  f.ignores_nulls = inner.ignores_nulls;
  f.skips_null_first_argument = inner.skips_null_first_argument;
  f.order_dependent = inner.order_dependent;
  const std::vector<LogicalType> inner_types = inner.arguments;
  const idx_t width = inner_types.size();
  f.update = [inner_types, width](const DataChunk& rows, data_ptr_t* states, idx_t count) {
    std::string key;
    for (idx_t i = 0; i < count; i++) {
      key.clear();
      for (idx_t c = width; c < rows.ColumnCount(); c++) EncodeKey(rows.data[c], i, key);
      aggregate::StateAt<DistinctState>(states[i]).Add(key, rows, i, inner_types);
    }
  };
  f.combine = [inner_types](data_ptr_t source, data_ptr_t target) {
    auto& from = aggregate::StateAt<DistinctState>(source);
    auto& to = aggregate::StateAt<DistinctState>(target);
    idx_t k = 0;
    for (const auto& chunk : from.chunks) {
      for (idx_t row = 0; row < chunk->size(); row++)
        to.Add(from.keys[k++], *chunk, row, inner_types);
    }
  };
  f.finalize = [inner, inner_types](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    aggregate::AccountedVector<uint8_t> inner_state(std::max<idx_t>(inner.state_size, 1) + 16);
    auto* state = reinterpret_cast<data_ptr_t>(
        (reinterpret_cast<uintptr_t>(inner_state.data()) + 15) / 16 * 16);
    std::vector<data_ptr_t> targets(kVectorSize, state);
    for (idx_t s = 0; s < count; s++) {
      auto& distinct = aggregate::StateAt<DistinctState>(states[s]);
      inner.initialize(state);
      for (const auto& chunk : distinct.chunks) {
        if (chunk->size()) inner.update(*chunk, targets.data(), chunk->size());
      }
      inner.finalize(&state, 1, result, offset + s);
      if (inner.destroy) inner.destroy(state);
    }
  };
  f.simple_update = nullptr;
  return f;
}

}  // namespace teal
