// PhysicalNestedLoopJoin: joins two inputs on any condition (or none: a cross product).
//
// Child 1, the right side, runs first: its pipeline sinks its rows into this operator
// (on several threads, each chunk kept with its place in the single-thread order), and
// Finalize puts them in that order into one chunk. Child 0, the left side, then streams
// through, a chunk at a time, on as many threads as its pipeline: every left row is
// paired with the right rows a vector at a time, the condition picks the matches, and
// output chunks are filled across left rows (a small right side must not make one tiny
// chunk per left row). Left and full joins add each left row that matched nothing,
// padded with NULLs; semi and anti joins output each left row once, when some right row
// matches (semi) or none does (anti, NOT EXISTS's NULL rule: an unknown condition is no
// match). Right and full joins mark the right rows that matched (atomic stores, so the
// probe threads share the marks) and the probe thread that finishes last adds those that
// matched nothing. The join outputs only the joined row's columns of its projection.
// O(left × right): the planner picks a hash join whenever the condition has equality
// keys.
#pragma once

#include "common/join_type.hpp"
#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

class PhysicalNestedLoopJoin : public PhysicalOperator {
 public:
  /// `joined`: the types of the joined row (left's columns, then right's but for semi and
  /// anti joins); `condition` (may be null) is over it. `projection`: the joined row's
  /// columns that are output, in order (`types` are theirs); empty: all.
  PhysicalNestedLoopJoin(std::vector<LogicalType> types, std::vector<LogicalType> joined,
                         JoinType join_type, ExpressionPtr condition,
                         std::vector<idx_t> projection);
  std::string Name() const override { return "NESTED_LOOP_JOIN"; }

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
  /// With an empty right side, a join that keeps no left row alone may stop its left side;
  /// not when that side computes something that is not deterministic (nextval()).
  void SetProbeMayStop(bool may) { probe_may_stop_ = may; }

 private:
  struct Pairing;
  /// Points `output` at the projected columns of the joined rows in `joined`.
  void Project(DataChunk& joined, DataChunk& output) const;

  std::vector<LogicalType> joined_;
  JoinType join_type_;
  ExpressionPtr condition_;
  std::vector<idx_t> projection_;
  bool probe_may_stop_ = false;
};

}  // namespace teal
