// PhysicalAsOfJoin: DuckDB's ASOF JOIN — each left row with the one right row of equal
// keys whose value is nearest to the left row's under the inequality (for left.t >=
// right.t: the right row with the greatest t not past the left row's).
//
// Child 1, the right side, runs first and sinks its rows (on several threads, each chunk
// kept with its place in the single-thread order) together with their keys and values;
// Finalize puts the rows in one chunk and groups the row numbers by key, each group
// sorted by value (ties in input order, the last of them taken). Rows with a NULL key or
// value match nothing (but a NULL key written IS NOT DISTINCT FROM matches NULL). Left
// chunks then stream through on as many threads as their pipeline: a binary search per
// row finds its right row, so the join costs O((left + right) log right). The condition's
// other conjuncts (DuckDB's "arbitrary predicates") make it the nearest right row for
// which they hold too: each left row's candidate is tested with them, vectorized, and the
// failures move one entry further, round after round. At most one right row per left row, so each
// left chunk gives one output chunk. Left and full joins keep a left row without a match, padded
// with NULLs; right and full joins mark the right rows that matched and the probe thread
// that finishes last adds the others (as PhysicalNestedLoopJoin).
#pragma once

#include "common/compare_op.hpp"
#include "common/join_type.hpp"
#include "execution/physical_operator.hpp"
#include "planner/asof_condition.hpp"

namespace teal {

class PhysicalAsOfJoin : public PhysicalOperator {
 public:
  /// `joined`: the types of the joined row (left's columns, then right's); `kind`: kInner,
  /// kLeft, kRight or kFull; `projection`: the joined row's columns that are output, in
  /// order (`types` are theirs); empty: all.
  PhysicalAsOfJoin(std::vector<LogicalType> types, std::vector<LogicalType> joined, JoinType kind,
                   AsOfCondition condition, std::vector<idx_t> projection);
  std::string Name() const override { return "ASOF_JOIN"; }

  bool SinksSecondChild() const override { return true; }
  bool ParallelSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;
  bool HasFinalOutput() const override;
  bool ParallelFinalOutput() const override { return true; }
  bool FinalExecute(ExecutionContext& context, DataChunk& output,
                    OperatorState& state) const override;

 private:
  struct Probe;
  /// Points `output` at the projected columns of the joined rows in `joined`.
  void Project(DataChunk& joined, DataChunk& output) const;

  std::vector<LogicalType> joined_;
  JoinType kind_;
  AsOfCondition condition_;
  std::vector<idx_t> projection_;
};

}  // namespace teal
