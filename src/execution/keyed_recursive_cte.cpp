// PhysicalKeyedRecursiveCte: the rounds of WITH RECURSIVE … USING KEY over a GroupTable of
// the kept rows.
#include "execution/keyed_recursive_cte.hpp"

#include <algorithm>
#include <optional>

#include "execution/aggregate_update.hpp"
#include "execution/cte_scan.hpp"
#include "execution/expression_executor.hpp"
#include "planner/recursive_reads.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// What each group keeps after the aggregates' states: its number (plus one; zero for a
/// group just created) and the last round that touched it (plus one).
struct GroupMarks {
  uint64_t number;
  uint64_t round;
};

std::vector<const AggregateFunction*> Functions(const std::vector<RecursiveKeyAggregate>& folds) {
  std::vector<const AggregateFunction*> out;
  for (const auto& fold : folds) {
    if (fold.function) out.push_back(fold.function.get());
  }
  return out;
}

std::vector<LogicalType> KeyTypes(const std::vector<idx_t>& keys,
                                  const std::vector<LogicalType>& types) {
  std::vector<LogicalType> out;
  for (idx_t k : keys) out.push_back(types[k]);
  return out;
}

}  // namespace

struct PhysicalKeyedRecursiveCte::State : GlobalSourceState {
  std::unique_ptr<GroupTable> table;
  /// The kept rows, kVectorSize groups per chunk (group g is row g % kVectorSize of chunk
  /// g / kVectorSize): the recurring table, and at the end the query's rows.
  std::shared_ptr<WorkingTable> kept = std::make_shared<WorkingTable>();
  std::shared_ptr<WorkingTable> working = std::make_shared<WorkingTable>();
  std::vector<std::unique_ptr<DataChunk>> next;  // the next round's working table
  bool done = false;
  idx_t rounds = 0;            // of the recursive part, run so far
  idx_t emitted = 0;           // chunks of `kept` handed out
  std::vector<idx_t> touched;  // groups the running round folded rows into
  idx_t numbered = 0;          // groups numbered so far
  std::shared_ptr<MaterializedCtes> round_ctes;
  // Scratch space.
  std::vector<data_ptr_t> rows, states;
  SelectionVector sel;
  DataChunk arguments;
};

PhysicalKeyedRecursiveCte::PhysicalKeyedRecursiveCte(
    std::vector<LogicalType> types, std::shared_ptr<RecursiveCteDefinition> definition,
    bool union_all, idx_t max_iterations, PhysicalOperatorPtr anchor, RecursivePart recursive,
    const ExecutorOptions& options, std::vector<idx_t> key_columns,
    std::vector<RecursiveKeyAggregate> aggregates, std::vector<LogicalType> input_types)
    : PhysicalRecursiveCte(std::move(types), std::move(definition), union_all, max_iterations,
                           std::move(anchor), std::move(recursive), options),
      key_columns_(std::move(key_columns)),
      aggregates_(std::move(aggregates)),
      input_types_(std::move(input_types)) {
  column_types_.assign(input_types_.begin(), input_types_.begin() + aggregates_.size());
  for (idx_t c = 0; c < aggregates_.size(); c++) {
    if (aggregates_[c].function) folded_.push_back(c);
  }
  recursive_part_reads_ = ReadsRecursiveTable(*recursive_.plan, *definition_);
  layout_ = std::make_shared<GroupLayout>(KeyTypes(key_columns_, input_types_),
                                          Functions(aggregates_), 0, sizeof(GroupMarks));
}

std::unique_ptr<GlobalSourceState> PhysicalKeyedRecursiveCte::GetGlobalSourceState(
    ExecutionContext&) const {
  auto state = std::make_unique<State>();
  state->table = std::make_unique<GroupTable>(layout_);
  return state;
}

void PhysicalKeyedRecursiveCte::Fold(DataChunk& rows, State& state) const {
  rows.Flatten();
  const idx_t count = rows.size();
  GroupTable& table = *state.table;
  std::vector<const Vector*> keys;
  for (idx_t k : key_columns_) keys.push_back(&rows.data[k]);
  if (state.rows.size() < count) state.rows.resize(count);
  table.FindOrCreate(keys, count, state.rows.data());
  const uint64_t round = state.rounds + 1;
  for (idx_t i = 0; i < count; i++) {
    auto* marks = reinterpret_cast<GroupMarks*>(state.rows[i] + layout_->payload_offset);
    if (marks->number == 0) {
      // The table numbers its groups in the order it creates them: the rows' order.
      const idx_t number = state.numbered++;
      if (table.Row(number) != state.rows[i]) {
        throw InternalError("USING KEY: a group's number is not its place in the table");
      }
      marks->number = number + 1;
    }
    if (marks->round != round) {
      marks->round = round;
      state.touched.push_back(marks->number - 1);
    }
  }
  DataChunk& arguments = state.arguments;
  for (idx_t a = 0; a < folded_.size(); a++) {
    const RecursiveKeyAggregate& fold = aggregates_[folded_[a]];
    arguments.data.clear();
    for (idx_t column : fold.arguments) {
      arguments.data.emplace_back(rows.data[column].Type(), 0);
      arguments.data.back().Reference(rows.data[column]);
    }
    arguments.SetCardinality(count);
    const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
    UpdateStates(*fold.function, arguments, state.rows.data(), offset, count, state.sel,
                 state.states);
  }
  arguments.data.clear();
  if (union_all_) {
    // The working table is the rows as produced: the columns, without the arguments.
    DataChunk columns;
    for (idx_t c = 0; c < column_types_.size(); c++) {
      columns.data.emplace_back(column_types_[c], 0);
      columns.data.back().Reference(rows.data[c]);
    }
    columns.SetCardinality(count);
    AppendToFullChunks(state.next, columns, column_types_);
  }
}

void PhysicalKeyedRecursiveCte::Refresh(State& state) const {
  std::sort(state.touched.begin(), state.touched.end());
  const GroupTable& table = *state.table;
  DataChunk keys(layout_->key_types);
  std::vector<data_ptr_t> states(kVectorSize);
  std::vector<sel_t> changed;
  Vector same{LogicalType(TypeId::kBoolean)};
  for (size_t t = 0; t < state.touched.size();) {
    const idx_t block = state.touched[t] / kVectorSize;
    const idx_t first = block * kVectorSize;
    const idx_t n = std::min(kVectorSize, table.Count() - first);
    auto fresh = std::make_unique<DataChunk>(types, kVectorSize);
    keys.Reset();
    table.ScanKeys(first, n, keys);
    for (idx_t k = 0; k < key_columns_.size(); k++) {
      // A collated key's column is its first value as written (an aggregate's).
      if (key_columns_[k] < aggregates_.size()) {
        fresh->data[key_columns_[k]].Reference(keys.data[k]);
      }
    }
    for (idx_t a = 0; a < folded_.size(); a++) {
      const idx_t offset = layout_->states_offset + layout_->state_offsets[a];
      for (idx_t i = 0; i < n; i++) states[i] = table.Row(first + i) + offset;
      aggregates_[folded_[a]].function->finalize(states.data(), n, fresh->data[folded_[a]], 0);
    }
    fresh->SetCardinality(n);
    if (state.kept->chunks.size() <= block) state.kept->chunks.resize(block + 1);
    std::unique_ptr<DataChunk>& kept = state.kept->chunks[block];
    // The block's touched groups; with UNION, those whose row is new or changed go on.
    changed.clear();
    const idx_t old_count = kept ? kept->size() : 0;
    std::vector<bool> differs(n, false);
    if (!union_all_ && old_count > 0) {
      for (idx_t c : folded_) {
        same.Reset();
        const Vector* before = &kept->data[c];
        const Vector* after = &fresh->data[c];
        std::optional<ExpressionExecutor> old_keys, new_keys;
        if (const auto& key = aggregates_[c].change_key) {
          // A collated value changed when its collated value did.
          old_keys.emplace(*key);
          new_keys.emplace(*key);
          DataChunk fresh_rows;
          fresh_rows.Reference(*fresh);
          fresh_rows.SetCardinality(old_count);
          before = &old_keys->ExecuteFlat(*kept);
          after = &new_keys->ExecuteFlat(fresh_rows);
        }
        CompareVectors(CompareOp::kNotDistinct, *before, *after, same, old_count);
        const auto* equal = same.Values<bool>();
        for (idx_t i = 0; i < old_count; i++) differs[i] = differs[i] || !equal[i];
      }
    }
    for (; t < state.touched.size() && state.touched[t] / kVectorSize == block; t++) {
      const idx_t row = state.touched[t] - first;
      if (row >= old_count || differs[row]) changed.push_back(static_cast<sel_t>(row));
    }
    if (!union_all_) AppendToFullChunks(state.next, *fresh, types, &changed);
    kept = std::move(fresh);
  }
  state.touched.clear();
}

void PhysicalKeyedRecursiveCte::RunRound(ExecutionContext& context, PhysicalOperator& plan,
                                         State& state) const {
  state.next.clear();
  Executor executor(plan, options_);
  executor.Initialize();
  while (auto chunk = executor.FetchChunk()) {
    context.query.CheckInterrupt();
    Fold(*chunk, state);
  }
  Refresh(state);
}

void PhysicalKeyedRecursiveCte::GetData(ExecutionContext& context, DataChunk& chunk,
                                        GlobalSourceState& global, LocalSourceState&) const {
  auto& state = static_cast<State&>(global);
  if (!state.done) {
    RunRound(context, *anchor_, state);
    // A second half that reads neither the working nor the recurring table runs once.
    while (!state.next.empty() && (recursive_part_reads_ || state.rounds == 0)) {
      state.rounds++;
      state.working->chunks = std::move(state.next);
      state.round_ctes = RoundCtes();
      PhysicalOperatorPtr round = BuildRecursivePart(state.working, state.round_ctes, state.kept);
      RunRound(context, *round, state);
      CheckRounds(state.rounds, !state.next.empty());
    }
    state.working->chunks.clear();
    state.done = true;
  }
  if (state.emitted >= state.kept->chunks.size()) {
    chunk.SetCardinality(0);
    return;
  }
  const DataChunk& rows = *state.kept->chunks[state.emitted++];
  chunk.Reference(rows);
  chunk.SetCardinality(rows.size());
}

}  // namespace teal
