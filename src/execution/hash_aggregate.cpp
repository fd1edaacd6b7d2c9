// PhysicalHashAggregate: the sink over GroupTables, the partitioned merge and the source.
#include "execution/hash_aggregate.hpp"

#include <algorithm>
#include <mutex>
#include <optional>

#include "common/assert.hpp"
#include "execution/aggregate_update.hpp"
#include "execution/expression_executor.hpp"
#include "execution/task_scheduler.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
/// The rows of `arguments` with no NULL argument, into `sel`; returns how many.
idx_t NonNullRows(const std::vector<Vector>& arguments, idx_t count, SelectionVector& sel) {
  bool all_valid = true;
  for (const auto& v : arguments) all_valid = all_valid && v.Validity().AllValid();
  if (all_valid) return count;  // the caller keeps every row, sel unused
  idx_t n = 0;
  for (idx_t row = 0; row < count; row++) {
    bool valid = true;
    for (const auto& v : arguments) valid = valid && v.RowIsValid(row);
    if (valid) sel.Set(n++, row);
  }
  return n;
}
}  // namespace

void UpdateStates(const AggregateFunction& function, DataChunk& arguments, const data_ptr_t* rows,
                  idx_t offset, idx_t count, SelectionVector& sel,
                  std::vector<data_ptr_t>& states) {
  idx_t selected = count;
  if (function.ignores_nulls) {
    sel.Reserve(count);
    selected = NonNullRows(arguments.data, count, sel);
    if (selected == 0) return;
    if (selected < count) arguments.Slice(sel, selected);
  }
  if (states.size() < selected) states.resize(selected);
  for (idx_t i = 0; i < selected; i++) states[i] = rows[selected < count ? sel.Get(i) : i] + offset;
  function.update(arguments, states.data(), selected);
}

namespace {

struct AggregateGlobal : GlobalSinkState {
  std::mutex lock;
  std::vector<std::unique_ptr<LocalSinkState>> locals;  // handed over by Combine
  std::vector<std::unique_ptr<GroupTable>> results;     // after Finalize, in output order
};

struct AggregateSource : GlobalSourceState {
  const AggregateGlobal* global = nullptr;
  idx_t table = 0;
  idx_t next_group = 0;
};
}  // namespace

/// A thread's tables, and its scratch space.
struct PhysicalHashAggregate::Local : LocalSinkState {
  std::unique_ptr<GroupTable> groups;
  std::vector<std::unique_ptr<GroupTable>> distinct;  // per aggregate; null unless DISTINCT
  std::vector<data_ptr_t> rows, states;
  /// The group keys (first) and every aggregate's arguments, in order.
  ExpressionExecutor inputs;
  std::vector<const Vector*> keys;
  DataChunk arguments;
  SelectionVector non_null{kVectorSize};
  Vector group_rows{LogicalType(TypeId::kUBigInt)};  // each row's group, as its address
};

PhysicalHashAggregate::PhysicalHashAggregate(std::vector<LogicalType> types,
                                             std::vector<ExpressionPtr> groups,
                                             std::vector<ExpressionPtr> aggregates)
    : PhysicalSink(std::move(types)),
      groups_(std::move(groups)),
      aggregates_(std::move(aggregates)) {
  std::vector<LogicalType> group_types;
  for (const auto& g : groups_) group_types.push_back(g->type);
  std::vector<const AggregateFunction*> functions;
  for (const auto& a : aggregates_) functions.push_back(a->aggregate.get());
  for (const auto& a : aggregates_) {
    if (!a->distinct) {
      distinct_layouts_.push_back(nullptr);
      continue;
    }
    has_distinct_ = true;
    // With groups, the pair's group is the address of its row in the thread's table.
    std::vector<LogicalType> pair_types;
    if (!groups_.empty()) pair_types.emplace_back(TypeId::kUBigInt);
    for (const auto& child : a->children) pair_types.push_back(child->type);
    distinct_layouts_.push_back(
        std::make_shared<GroupLayout>(pair_types, std::vector<const AggregateFunction*>{}));
  }
  // A thread's group row notes the row it was merged into (GroupTable::Merge's note_rows).
  const bool grouped_distinct = has_distinct_ && !groups_.empty();
  layout_ = std::make_shared<GroupLayout>(group_types, functions, 0,
                                          grouped_distinct ? sizeof(data_ptr_t) : 0);
}

bool PhysicalHashAggregate::ParallelSink() const {
  for (const auto& a : aggregates_) {
    if (a->aggregate->order_dependent) return false;
  }
  return true;
}

std::unique_ptr<GlobalSinkState> PhysicalHashAggregate::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<AggregateGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalHashAggregate::GetLocalSinkState(ExecutionContext&) const {
  auto local = std::make_unique<Local>();
  local->groups = std::make_unique<GroupTable>(layout_);
  for (const auto& layout : distinct_layouts_) {
    local->distinct.push_back(layout ? std::make_unique<GroupTable>(layout) : nullptr);
  }
  local->rows.resize(kVectorSize);
  local->states.resize(kVectorSize);
  for (const auto& g : groups_) local->inputs.Add(*g);
  for (const auto& a : aggregates_) {
    for (const auto& child : a->children) local->inputs.Add(*child);
  }
  return local;
}

void PhysicalHashAggregate::Sink(ExecutionContext&, DataChunk& input, GlobalSinkState&,
                                 LocalSinkState& local_state) const {
  auto& local = static_cast<Local&>(local_state);
  const idx_t count = input.size();
  std::vector<const Vector*>& key_columns = local.keys;
  key_columns.clear();
  idx_t next = 0;  // in local.inputs
  for (; next < groups_.size(); next++)
    key_columns.push_back(&local.inputs.ExecuteFlat(input, next));
  if (local.rows.size() < count) {
    local.rows.resize(count);
    local.states.resize(count);
  }
  local.groups->FindOrCreate(key_columns, count, local.rows.data());
  if (has_distinct_ && !groups_.empty()) {
    if (local.group_rows.Capacity() < count) {
      local.group_rows = Vector(LogicalType(TypeId::kUBigInt), count, /*zero_fill=*/false);
    }
    auto* addresses = local.group_rows.Values<uint64_t>();
    for (idx_t i = 0; i < count; i++) addresses[i] = reinterpret_cast<uintptr_t>(local.rows[i]);
  }

  SelectionVector& sel = local.non_null;
  sel.Reserve(count);
  DataChunk& arguments = local.arguments;
  for (idx_t a = 0; a < aggregates_.size(); a++) {
    const Expression& aggregate = *aggregates_[a];
    const AggregateFunction& function = *aggregate.aggregate;
    while (arguments.data.size() > aggregate.children.size()) arguments.data.pop_back();
    while (arguments.data.size() < aggregate.children.size()) {
      arguments.data.emplace_back(TypeId::kBoolean, 0);
    }
    for (auto& v : arguments.data) v.Reference(local.inputs.ExecuteFlat(input, next++));
    arguments.SetCardinality(count);
    if (aggregate.distinct) {
      // Only the pairs now; Finalize updates the states once per distinct value.
      std::vector<const Vector*> pair;
      if (!groups_.empty()) pair.push_back(&local.group_rows);
      for (const auto& v : arguments.data) pair.push_back(&v);
      local.distinct[a]->FindOrCreate(pair, count, local.states.data());
      continue;
    }
    const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
    if (groups_.empty() && function.simple_update) {
      function.simple_update(arguments, local.rows[0] + offset, count);
      continue;
    }
    UpdateStates(function, arguments, local.rows.data(), offset, count, sel, local.states);
  }
  // The executor writes into its vectors again on the next chunk.
  for (auto& v : arguments.data) v.Release();
}

void PhysicalHashAggregate::Combine(ExecutionContext&, GlobalSinkState& global_state,
                                    LocalSinkState& local_state) const {
  auto& global = static_cast<AggregateGlobal&>(global_state);
  auto moved = std::make_unique<Local>(std::move(static_cast<Local&>(local_state)));
  std::lock_guard<std::mutex> guard(global.lock);
  global.locals.push_back(std::move(moved));
}

void PhysicalHashAggregate::ApplyDistinct(const GroupTable& pairs, idx_t a,
                                          GroupTable& target) const {
  TEAL_ASSERT(groups_.empty());
  const AggregateFunction& function = *aggregates_[a]->aggregate;
  const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
  DataChunk values(pairs.Layout().key_types);
  if (pairs.Count() == 0) return;
  std::vector<data_ptr_t> rows(kVectorSize, target.SingleGroup()), states(kVectorSize);
  SelectionVector sel(kVectorSize);
  for (idx_t first = 0; first < pairs.Count(); first += kVectorSize) {
    idx_t n = std::min(kVectorSize, pairs.Count() - first);
    values.Reset();
    pairs.ScanKeys(first, n, values);
    values.SetCardinality(n);
    UpdateStates(function, values, rows.data(), offset, n, sel, states);
  }
}

void PhysicalHashAggregate::ApplyGroupedDistinct(const std::vector<Local*>& locals, idx_t a,
                                                 idx_t partition, idx_t partitions) const {
  const AggregateFunction& function = *aggregates_[a]->aggregate;
  const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
  const auto& pair_layout = distinct_layouts_[a];
  const idx_t arity = pair_layout->key_types.size() - 1;
  // One thread's pairs are distinct; several threads' are made so in a table of (merged
  // group row, arguments) first.
  std::optional<GroupTable> merged;
  if (locals.size() > 1) merged.emplace(pair_layout);
  DataChunk values(pair_layout->key_types);
  Vector targets{LogicalType(TypeId::kUBigInt)};
  std::vector<data_ptr_t> rows(kVectorSize), states(kVectorSize), found(kVectorSize);
  SelectionVector taken(kVectorSize), non_null(kVectorSize);
  DataChunk arguments;
  for (idx_t c = 0; c < arity; c++) arguments.data.emplace_back(pair_layout->key_types[c + 1], 0);
  auto update = [&](DataChunk& chunk, const data_ptr_t* group_rows, idx_t n) {
    for (idx_t c = 0; c < arity; c++) arguments.data[c].Reference(chunk.data[c + 1]);
    arguments.SetCardinality(chunk.size());
    if (n < chunk.size()) arguments.Slice(taken, n);
    UpdateStates(function, arguments, group_rows, offset, n, non_null, states);
  };
  for (const Local* local : locals) {
    const GroupTable& pairs = *local->distinct[a];
    const GroupTable& groups = *local->groups;
    for (idx_t first = 0; first < pairs.Count(); first += kVectorSize) {
      const idx_t n = std::min(kVectorSize, pairs.Count() - first);
      values.Reset();
      pairs.ScanKeys(first, n, values);
      values.SetCardinality(n);
      const uint64_t* local_rows = values.data[0].Values<uint64_t>();
      auto* target_rows = targets.Values<uint64_t>();
      idx_t m = 0;
      for (idx_t i = 0; i < n; i++) {
        const auto* row = reinterpret_cast<const_data_ptr_t>(local_rows[i]);
        if (partitions > 1 &&
            GroupTable::PartitionOf(groups.PartitionHash(row), partitions) != partition) {
          continue;
        }
        data_ptr_t merged_row = groups.MergedRow(row);
        target_rows[i] = reinterpret_cast<uintptr_t>(merged_row);
        rows[m] = merged_row;
        taken.Set(m++, static_cast<sel_t>(i));
      }
      if (m == 0) continue;
      if (!merged) {
        update(values, rows.data(), m);
        continue;
      }
      std::vector<const Vector*> keys{&targets};
      for (idx_t c = 1; c <= arity; c++) keys.push_back(&values.data[c]);
      merged->FindOrCreate(keys, n, found.data(), taken.Data(), m);
    }
  }
  if (!merged) return;
  for (idx_t first = 0; first < merged->Count(); first += kVectorSize) {
    const idx_t n = std::min(kVectorSize, merged->Count() - first);
    values.Reset();
    merged->ScanKeys(first, n, values);
    values.SetCardinality(n);
    const uint64_t* group_rows = values.data[0].Values<uint64_t>();
    for (idx_t i = 0; i < n; i++) rows[i] = reinterpret_cast<data_ptr_t>(group_rows[i]);
    update(values, rows.data(), n);
  }
}

void PhysicalHashAggregate::Finalize(ExecutionContext& context,
                                     GlobalSinkState& global_state) const {
  auto& global = static_cast<AggregateGlobal&>(global_state);
  std::vector<Local*> locals;
  for (auto& l : global.locals) locals.push_back(static_cast<Local*>(l.get()));
  auto& results = global.results;
  if (locals.size() == 1 && !has_distinct_) {
    results.push_back(std::move(locals[0]->groups));
  } else {
    // Groups without keys all fall in partition 0: split only grouped or DISTINCT work.
    idx_t partitions = 1;
    if ((!groups_.empty() || has_distinct_) && context.query.Scheduler()) {
      partitions = std::min<idx_t>(context.query.Threads() * 2, 64);
    }
    for (idx_t p = 0; p < partitions; p++) results.push_back(std::make_unique<GroupTable>(layout_));
    // A partition has at least its share of the most groups one thread saw (all of them
    // when every thread saw every group): its entry array grows once, not by doubling.
    idx_t most = 0;
    for (auto* l : locals) most = std::max(most, l->groups->Count());
    // Each thread's groups listed by partition first (a task per thread): a partition's
    // task then reads its own groups only, not every thread's every row.
    std::vector<std::vector<std::vector<uint32_t>>> by_partition;
    if (partitions > 1) {
      by_partition.resize(locals.size());
      context.query.Scheduler()->Run(locals.size(), [&](TaskScheduler::Job&, idx_t l) {
        by_partition[l] = locals[l]->groups->RowsByPartition(partitions);
      });
    }
    auto merge = [&](idx_t p) {
      context.query.CheckInterrupt();
      if (!groups_.empty()) results[p]->Reserve(most / partitions);
      const bool note_rows = has_distinct_ && !groups_.empty();
      for (idx_t l = 0; l < locals.size(); l++) {
        results[p]->Merge(*locals[l]->groups, p, partitions, note_rows,
                          by_partition.empty() ? nullptr : &by_partition[l][p]);
      }
      for (idx_t a = 0; a < aggregates_.size(); a++) {
        if (!distinct_layouts_[a]) continue;
        if (!groups_.empty()) {
          ApplyGroupedDistinct(locals, a, p, partitions);
          continue;
        }
        GroupTable pairs(distinct_layouts_[a]);
        for (auto* l : locals) pairs.Merge(*l->distinct[a], p, partitions);
        ApplyDistinct(pairs, a, *results[p]);
      }
    };
    if (partitions > 1) {
      context.query.Scheduler()->Run(partitions, [&](TaskScheduler::Job&, idx_t p) { merge(p); });
    } else {
      merge(0);
    }
    if (groups_.empty()) {
      // Each partition computed its DISTINCT values' share of the one group.
      for (idx_t p = 1; p < partitions; p++) {
        if (results[p]->Count() > 0) results[0]->Merge(*results[p], 0, 1);
      }
      results.resize(1);
    }
  }
  if (groups_.empty()) results[0]->SingleGroup();
  global.locals.clear();
}

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<AggregateSource>();
  source->global = &SinkStateOf<AggregateGlobal>(context, *this);
  return source;
}

void PhysicalHashAggregate::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                                    LocalSourceState&) const {
  auto& source = static_cast<AggregateSource&>(global);
  const auto& results = source.global->results;
  while (source.table < results.size() && source.next_group >= results[source.table]->Count()) {
    source.table++;
    source.next_group = 0;
  }
  if (source.table >= results.size()) {
    chunk.SetCardinality(0);
    return;
  }
  const GroupTable& table = *results[source.table];
  // Group values are kept in runs of kVectorSize, so one output chunk is one run.
  idx_t n = std::min(kVectorSize, table.Count() - source.next_group);
  table.ScanKeys(source.next_group, n, chunk);
  std::vector<data_ptr_t> states(n);
  for (idx_t a = 0; a < aggregates_.size(); a++) {
    const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
    for (idx_t i = 0; i < n; i++) states[i] = table.Row(source.next_group + i) + offset;
    aggregates_[a]->aggregate->finalize(states.data(), n, chunk.data[groups_.size() + a], 0);
  }
  chunk.SetCardinality(n);
  source.next_group += n;
}

}  // namespace teal
