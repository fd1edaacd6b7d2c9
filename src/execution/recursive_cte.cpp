// PhysicalRecursiveCte: rounds of the recursive part over the working table; and the scan
// of the working table.
#include "execution/recursive_cte.hpp"

#include <atomic>
#include <string>

#include "execution/cte_scan.hpp"
#include "execution/group_table.hpp"
#include "execution/physical_planner.hpp"
#include "planner/recursive_reads.hpp"

namespace teal {

namespace {

/// One execution's rounds, run as the rows are read: a LIMIT above the query ends it.
struct RecursiveCteState : GlobalSourceState {
  std::shared_ptr<WorkingTable> working = std::make_shared<WorkingTable>();
  /// Every row so far, when the recursive part reads recurring.name.
  std::shared_ptr<WorkingTable> recurring = std::make_shared<WorkingTable>();
  bool started = false;
  idx_t rounds = 0;                                // of the recursive part, run so far
  std::vector<std::unique_ptr<DataChunk>> output;  // the last round's rows, not yet read
  idx_t next = 0;                                  // the next chunk of `output` to hand out
  /// UNION: every row produced so far, as a group whose payload byte says it was emitted.
  std::unique_ptr<GroupTable> seen;
  std::vector<data_ptr_t> groups;
  /// The running round's WITH queries of the recursive part: their rows stay while the
  /// round's plan reads them.
  std::shared_ptr<MaterializedCtes> round_ctes;
};

}  // namespace

PhysicalRecursiveCte::PhysicalRecursiveCte(std::vector<LogicalType> types,
                                           std::shared_ptr<RecursiveCteDefinition> definition,
                                           bool union_all, idx_t max_iterations,
                                           PhysicalOperatorPtr anchor, RecursivePart recursive,
                                           const ExecutorOptions& options)
    : PhysicalSource(std::move(types)),
      definition_(std::move(definition)),
      union_all_(union_all),
      max_iterations_(max_iterations),
      anchor_(std::move(anchor)),
      recursive_(std::move(recursive)),
      options_(options) {
  options_.profiling = false;  // EXPLAIN ANALYZE profiles the statement's own plan
  shown_ = BuildRecursivePart(std::make_shared<WorkingTable>(), RoundCtes());
  reads_recurring_ = ReadsTable(*recursive_.plan, definition_->recurring.get());
}

std::shared_ptr<MaterializedCtes> PhysicalRecursiveCte::RoundCtes() const {
  if (recursive_.round_ctes.empty() || !options_.ctes) return nullptr;
  return std::make_shared<MaterializedCtes>(
      options_.ctes, std::unordered_set<const CteDefinition*>(recursive_.round_ctes.begin(),
                                                              recursive_.round_ctes.end()));
}

PhysicalOperatorPtr PhysicalRecursiveCte::BuildRecursivePart(
    const std::shared_ptr<WorkingTable>& working,
    const std::shared_ptr<MaterializedCtes>& round_ctes,
    const std::shared_ptr<WorkingTable>& recurring) const {
  ExecutorOptions round = options_;
  if (round_ctes) round.ctes = round_ctes;
  round.working_tables =
      (options_.working_tables ? options_.working_tables : std::make_shared<WorkingTables>())
          ->With(definition_.get(), working);
  if (definition_->recurring) {
    round.working_tables = round.working_tables->With(
        definition_->recurring.get(), recurring ? recurring : std::make_shared<WorkingTable>());
  }
  return CreatePhysicalPlan(*recursive_.plan, recursive_.parameters,
                            recursive_.outer ? &*recursive_.outer : nullptr, round);
}

std::unique_ptr<GlobalSourceState> PhysicalRecursiveCte::GetGlobalSourceState(
    ExecutionContext&) const {
  return std::make_unique<RecursiveCteState>();
}

void PhysicalRecursiveCte::RunRound(ExecutionContext& context, GlobalSourceState& global) const {
  auto& state = static_cast<RecursiveCteState&>(global);
  PhysicalOperator* plan = anchor_.get();
  PhysicalOperatorPtr round;
  if (state.started) {
    context.query.CheckInterrupt();
    state.rounds++;
    state.working->chunks = std::move(state.output);  // the last round's rows are read now
    state.round_ctes = RoundCtes();
    round = BuildRecursivePart(state.working, state.round_ctes, state.recurring);
    plan = round.get();
  }
  state.started = true;
  state.output.clear();
  state.next = 0;
  std::vector<sel_t> fresh;
  std::vector<const Vector*> keys;
  if (!union_all_ && !state.seen) {
    state.seen = std::make_unique<GroupTable>(std::make_shared<const GroupLayout>(
        types, std::vector<const AggregateFunction*>{}, 0, /*payload_size=*/1));
  }
  Executor executor(*plan, options_);
  executor.Initialize();
  while (auto chunk = executor.FetchChunk()) {
    chunk->Flatten();
    const std::vector<sel_t>* keep = nullptr;
    if (!union_all_) {
      fresh.clear();
      keys.clear();
      for (const Vector& v : chunk->data) keys.push_back(&v);
      state.groups.resize(chunk->size());
      state.seen->FindOrCreate(keys, chunk->size(), state.groups.data());
      // A new group's payload is zero: the row is the first of its value, and goes on.
      const idx_t emitted = state.seen->Layout().payload_offset;
      for (idx_t row = 0; row < chunk->size(); row++) {
        data_t& flag = state.groups[row][emitted];
        if (flag) continue;
        flag = 1;
        fresh.push_back(static_cast<sel_t>(row));
      }
      keep = &fresh;
    }
    AppendToFullChunks(state.output, *chunk, types, keep);
    if (reads_recurring_) AppendToFullChunks(state.recurring->chunks, *chunk, types, keep);
  }
  CheckRounds(state.rounds, !state.output.empty());
}

void PhysicalRecursiveCte::CheckRounds(idx_t rounds, bool produced) const {
  // A round past the limit may only find that there is nothing more.
  if (rounds > max_iterations_ && produced) {
    throw InvalidInputError(
        fmt::format("WITH RECURSIVE \"{}\" did not end after {} rounds of its recursive part "
                    "(recursive_cte_max_iterations)",
                    definition_->name, max_iterations_));
  }
}

void PhysicalRecursiveCte::GetData(ExecutionContext& context, DataChunk& chunk,
                                   GlobalSourceState& global, LocalSourceState&) const {
  auto& state = static_cast<RecursiveCteState&>(global);
  // A round whose rows are all read starts the next; a round without rows ends it all.
  while (state.next >= state.output.size()) {
    if (state.started && state.output.empty()) {
      state.working->chunks.clear();
      state.recurring->chunks.clear();
      chunk.SetCardinality(0);
      return;
    }
    RunRound(context, state);
  }
  // Shared, not handed over: the next round reads these rows as its working table.
  const DataChunk& rows = *state.output[state.next++];
  chunk.Reference(rows);
  chunk.SetCardinality(rows.size());
}

}  // namespace teal
