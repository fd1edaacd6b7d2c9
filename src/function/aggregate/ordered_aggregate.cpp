// OrderedAggregate: each group's rows in chunks of the arguments and keys; at finalize,
// sorted by the keys and given to the inner aggregate a batch at a time.
#include "function/aggregate/ordered_aggregate.hpp"

#include "execution/order.hpp"
#include "function/aggregate/aggregate_helpers.hpp"

namespace teal {

namespace {

/// One group's rows: arguments then keys, in chunks of up to kVectorSize rows.
struct OrderedState {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  bool last_shared = false;  // the last chunk views another state's (combine): not written
  void Add(const DataChunk& rows, idx_t row, const std::vector<LogicalType>& types) {
    if (chunks.empty() || chunks.back()->size() == kVectorSize || last_shared) {
      last_shared = false;
      chunks.push_back(std::make_unique<DataChunk>(types, kVectorSize, /*zero_fill=*/false));
    }
    aggregate::AppendRow(*chunks.back(), rows, row);
  }
};

}  // namespace

AggregateFunction OrderedAggregate(const AggregateFunction& inner,
                                   const std::vector<LogicalType>& key_types,
                                   const std::vector<OrderKey>& keys) {
  std::vector<LogicalType> arguments = inner.arguments;
  arguments.insert(arguments.end(), key_types.begin(), key_types.end());
  AggregateFunction f = aggregate::MakeAggregate(inner.name, arguments, inner.return_type);
  aggregate::SetStateLifetime<OrderedState>(f);
  // Every row is kept, NULL arguments too: the inner aggregate decides about them.
  f.ignores_nulls = false;
  const idx_t width = inner.arguments.size();
  f.update = [arguments](const DataChunk& rows, data_ptr_t* states, idx_t count) {
    for (idx_t i = 0; i < count; i++) {
      aggregate::StateAt<OrderedState>(states[i]).Add(rows, i, arguments);
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& from = aggregate::StateAt<OrderedState>(source);
    auto& to = aggregate::StateAt<OrderedState>(target);
    // The source stays valid (Merge leaves it as it was): its chunks are shared.
    for (const auto& chunk : from.chunks) {
      auto copy = std::make_unique<DataChunk>();
      copy->Reference(*chunk);
      copy->SetCardinality(chunk->size());
      to.chunks.push_back(std::move(copy));
      to.last_shared = true;
    }
  };
  // The keys as the sort sees them: columns after the arguments.
  std::vector<OrderKey> sort_keys = keys;
  for (auto& key : sort_keys) key.column += width;
  f.finalize = [inner, arguments, sort_keys, width](data_ptr_t* states, idx_t count, Vector& result,
                                                    idx_t offset) {
    const std::vector<LogicalType> inner_types(
        arguments.begin(), arguments.begin() + static_cast<std::ptrdiff_t>(width));
    aggregate::AccountedVector<uint8_t> inner_state(std::max<idx_t>(inner.state_size, 1) + 16);
    auto* state = reinterpret_cast<data_ptr_t>(
        (reinterpret_cast<uintptr_t>(inner_state.data()) + 15) / 16 * 16);
    for (idx_t s = 0; s < count; s++) {
      auto& group = aggregate::StateAt<OrderedState>(states[s]);
      // All of the group's rows in one chunk, sorted.
      idx_t total = 0;
      for (const auto& chunk : group.chunks) total += chunk->size();
      DataChunk all(arguments, std::max<idx_t>(total, 1), /*zero_fill=*/false);
      for (const auto& chunk : group.chunks) all.Append(*chunk);
      std::vector<sel_t> order;
      SortRows(all, sort_keys, order);
      inner.initialize(state);
      DataChunk batch(inner_types, kVectorSize, /*zero_fill=*/false);
      std::vector<data_ptr_t> targets(kVectorSize, state);
      for (idx_t done = 0; done < total;) {
        const idx_t n = std::min<idx_t>(kVectorSize, total - done);
        // Rows with a NULL argument do not reach an aggregate that skips them.
        SelectionVector rows(n);
        idx_t kept = 0;
        for (idx_t i = 0; i < n; i++) {
          const sel_t row = order[done + i];
          bool skip = false;
          for (idx_t c = 0; c < width && inner.ignores_nulls; c++) {
            skip = skip || !all.data[c].RowIsValid(row);
          }
          if (!skip) rows.Set(kept++, row);
        }
        for (idx_t c = 0; c < width; c++) {
          batch.data[c].Reset();
          batch.data[c].CopyFrom(all.data[c], rows, kept, 0, 0);
        }
        batch.SetCardinality(kept);
        if (kept) inner.update(batch, targets.data(), kept);
        done += n;
      }
      inner.finalize(&state, 1, result, offset + s);
      if (inner.destroy) inner.destroy(state);
    }
  };
  f.simple_update = nullptr;
  f.order_dependent = false;
  return f;
}

}  // namespace teal
