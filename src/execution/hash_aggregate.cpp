// PhysicalHashAggregate: group keys, state blocks and the update/finalize loops.
#include "execution/hash_aggregate.hpp"

#include <cstring>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "execution/expression_executor.hpp"
#include "execution/row_key.hpp"
#include "teal/error.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

constexpr idx_t kStateAlignment = 16;

idx_t AlignUp(idx_t n) { return (n + kStateAlignment - 1) / kStateAlignment * kStateAlignment; }

/// One table of groups: a thread's while it sinks, and the merged one.
struct AggregateSink : LocalSinkState {
  std::unordered_map<std::string, idx_t> group_index;
  std::vector<std::unique_ptr<DataChunk>> group_values;  // kVectorSize groups per chunk
  std::vector<std::unique_ptr<data_t[]>> state_blocks;   // one block of states per chunk
  std::vector<data_ptr_t> states;                        // group -> its state block
  /// DISTINCT aggregates: per aggregate, the (group, argument) keys already counted.
  std::vector<std::unordered_set<std::string>> seen;
  std::vector<std::function<void(data_ptr_t)>> destroy;
  std::vector<idx_t> destroy_offsets;

  AggregateSink() = default;
  AggregateSink(AggregateSink&&) = default;  // moves leave the source with no states
  ~AggregateSink() override {
    for (size_t a = 0; a < destroy.size(); a++) {
      for (data_ptr_t state : states) destroy[a](state + destroy_offsets[a]);
    }
  }
};

}  // namespace

PhysicalHashAggregate::PhysicalHashAggregate(std::vector<LogicalType> types,
                                             std::vector<ExpressionPtr> groups,
                                             std::vector<ExpressionPtr> aggregates)
    : PhysicalSink(std::move(types)),
      groups_(std::move(groups)),
      aggregates_(std::move(aggregates)) {
  for (const auto& a : aggregates_) {
    state_offsets_.push_back(state_size_);
    state_size_ += AlignUp(std::max<idx_t>(a->aggregate->state_size, 1));
  }
}

namespace {
/// Creates group number `sink.states.size()` with the values of `row` of `keys`.
idx_t NewGroup(AggregateSink& sink, const std::vector<Vector>& keys, idx_t row,
               const std::vector<LogicalType>& group_types, idx_t state_size,
               const std::vector<ExpressionPtr>& aggregates, const std::vector<idx_t>& offsets) {
  idx_t group = sink.states.size();
  idx_t slot = group % kVectorSize;
  if (slot == 0) {
    sink.group_values.push_back(std::make_unique<DataChunk>(group_types));
    sink.state_blocks.emplace_back(new data_t[state_size * kVectorSize]);
  }
  DataChunk& values = *sink.group_values.back();
  SelectionVector one(1);
  one.Set(0, row);
  for (idx_t k = 0; k < keys.size(); k++) values.data[k].CopyFrom(keys[k], one, 1, 0, slot);
  values.SetCardinality(slot + 1);
  data_ptr_t state = sink.state_blocks.back().get() + slot * state_size;
  for (idx_t a = 0; a < aggregates.size(); a++)
    aggregates[a]->aggregate->initialize(state + offsets[a]);
  sink.states.push_back(state);
  return group;
}
}  // namespace

namespace {
struct AggregateGlobal : GlobalSinkState {
  std::mutex lock;
  std::unique_ptr<AggregateSink> table;  // the first thread's, the others merged in
};
}  // namespace

bool PhysicalHashAggregate::ParallelSink() const {
  // DISTINCT aggregates keep the values seen per group, which do not merge; aggregates
  // that depend on the order of their rows see them in order only on one thread.
  for (const auto& a : aggregates_) {
    if (a->distinct || a->aggregate->order_dependent) return false;
  }
  return true;
}

std::unique_ptr<GlobalSinkState> PhysicalHashAggregate::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<AggregateGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalHashAggregate::GetLocalSinkState(ExecutionContext&) const {
  auto sink = std::make_unique<AggregateSink>();
  sink->seen.resize(aggregates_.size());
  for (idx_t a = 0; a < aggregates_.size(); a++) {
    if (aggregates_[a]->aggregate->destroy) {
      sink->destroy.push_back(aggregates_[a]->aggregate->destroy);
      sink->destroy_offsets.push_back(state_offsets_[a]);
    }
  }
  if (groups_.empty()) {
    std::vector<Vector> none;
    NewGroup(*sink, none, 0, {}, state_size_, aggregates_, state_offsets_);
  }
  return sink;
}

void PhysicalHashAggregate::Sink(ExecutionContext&, DataChunk& input, GlobalSinkState&,
                                 LocalSinkState& local) const {
  auto& sink = static_cast<AggregateSink&>(local);
  const idx_t count = input.size();
  std::vector<LogicalType> group_types;
  std::vector<Vector> keys;
  for (const auto& g : groups_) {
    group_types.push_back(g->type);
    Vector v(g->type, 0);
    ExpressionExecutor::Execute(*g, input, v);
    v.Flatten(count);
    keys.push_back(std::move(v));
  }
  // Each row's group, and so its state block.
  std::vector<idx_t> row_group(count, 0);
  if (!groups_.empty()) {
    std::string key;
    for (idx_t row = 0; row < count; row++) {
      key.clear();
      for (const auto& k : keys) EncodeKey(k, row, key);
      auto it = sink.group_index.find(key);
      if (it == sink.group_index.end()) {
        idx_t group =
            NewGroup(sink, keys, row, group_types, state_size_, aggregates_, state_offsets_);
        it = sink.group_index.emplace(key, group).first;
      }
      row_group[row] = it->second;
    }
  }

  std::vector<data_ptr_t> row_states(count);
  SelectionVector sel(std::max<idx_t>(count, 1));
  for (idx_t a = 0; a < aggregates_.size(); a++) {
    const Expression& aggregate = *aggregates_[a];
    const AggregateFunction& function = *aggregate.aggregate;
    DataChunk arguments;
    for (const auto& child : aggregate.children) {
      Vector v(child->type, 0);
      ExpressionExecutor::Execute(*child, input, v);
      v.Flatten(count);
      arguments.data.push_back(std::move(v));
    }
    if (groups_.empty() && !aggregate.distinct && function.simple_update) {
      arguments.SetCardinality(count);
      function.simple_update(arguments, sink.states[0] + state_offsets_[a], count);
      continue;
    }
    // Rows that take part: no NULL argument (when the aggregate ignores NULLs) and, for
    // DISTINCT, an argument value this group has not seen yet.
    idx_t selected = 0;
    std::string key;
    for (idx_t row = 0; row < count; row++) {
      bool take = true;
      if (function.ignores_nulls) {
        for (const auto& v : arguments.data) take = take && v.RowIsValid(row);
      }
      if (take && aggregate.distinct) {
        key.assign(reinterpret_cast<const char*>(&row_group[row]), sizeof(idx_t));
        for (const auto& v : arguments.data) EncodeKey(v, row, key);
        take = sink.seen[a].insert(key).second;
      }
      if (take) sel.Set(selected++, row);
    }
    if (selected == 0) continue;
    if (selected < count) {
      arguments.SetCardinality(count);
      arguments.Slice(sel, selected);
    } else {
      arguments.SetCardinality(count);
    }
    for (idx_t i = 0; i < selected; i++) {
      row_states[i] = sink.states[row_group[sel.Get(i)]] + state_offsets_[a];
    }
    function.update(arguments, row_states.data(), selected);
  }
}

void PhysicalHashAggregate::Combine(ExecutionContext&, GlobalSinkState& global_state,
                                    LocalSinkState& local_state) const {
  auto& global = static_cast<AggregateGlobal&>(global_state);
  auto& local = static_cast<AggregateSink&>(local_state);
  std::lock_guard<std::mutex> guard(global.lock);
  if (!global.table) {
    // The local state is owned by the pipeline run: move its contents.
    global.table = std::make_unique<AggregateSink>(std::move(local));
    return;
  }
  AggregateSink& target = *global.table;
  std::vector<LogicalType> group_types;
  for (const auto& g : groups_) group_types.push_back(g->type);
  std::string key;
  for (idx_t group = 0; group < local.states.size(); group++) {
    idx_t target_group = 0;
    if (!groups_.empty()) {
      const DataChunk& values = *local.group_values[group / kVectorSize];
      idx_t row = group % kVectorSize;
      key.clear();
      EncodeRow(values.data, row, key);
      auto it = target.group_index.find(key);
      if (it == target.group_index.end()) {
        idx_t created = NewGroup(target, values.data, row, group_types, state_size_, aggregates_,
                                 state_offsets_);
        it = target.group_index.emplace(key, created).first;
      }
      target_group = it->second;
    }
    for (idx_t a = 0; a < aggregates_.size(); a++) {
      aggregates_[a]->aggregate->combine(local.states[group] + state_offsets_[a],
                                         target.states[target_group] + state_offsets_[a]);
    }
  }
}

namespace {
struct AggregateSource : GlobalSourceState {
  const AggregateSink* table = nullptr;
  idx_t next_group = 0;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<AggregateSource>();
  auto& global = SinkStateOf<AggregateGlobal>(context, *this);
  if (!global.table) {
    // No thread ran (cannot happen: one always does), or none combined yet.
    throw InternalError("HASH_GROUP_BY read before its input was aggregated");
  }
  source->table = global.table.get();
  return source;
}

void PhysicalHashAggregate::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                                    LocalSourceState&) const {
  auto& source = static_cast<AggregateSource&>(global);
  const auto& sink = *source.table;
  idx_t total = sink.states.size();
  if (source.next_group >= total) {
    chunk.SetCardinality(0);
    return;
  }
  // Groups were created in chunks of kVectorSize, so one output chunk is one of them.
  idx_t block = source.next_group / kVectorSize;
  idx_t n = std::min(kVectorSize, total - source.next_group);
  SelectionVector none;
  for (idx_t g = 0; g < groups_.size(); g++) {
    chunk.data[g].CopyFrom(sink.group_values[block]->data[g], none, n, 0, 0);
  }
  std::vector<data_ptr_t> states(n);
  for (idx_t a = 0; a < aggregates_.size(); a++) {
    for (idx_t i = 0; i < n; i++)
      states[i] = sink.states[source.next_group + i] + state_offsets_[a];
    aggregates_[a]->aggregate->finalize(states.data(), n, chunk.data[groups_.size() + a], 0);
  }
  chunk.SetCardinality(n);
  source.next_group += n;
}

}  // namespace teal
