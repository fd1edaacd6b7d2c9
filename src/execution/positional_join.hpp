// PhysicalPositionalJoin: DuckDB's POSITIONAL JOIN — row i of the left input beside row i of
// the right input, in the order each produces its rows; the shorter side is padded with
// NULLs (like a FULL OUTER JOIN on the row number).
//
// The right input is sunk first, in parallel, and kept in its single-thread order
// (SunkChunks); the left rows then stream through on one thread, so that a count of them
// is each row's position. The right rows no left row reached come out at the end
// (FinalExecute).
#pragma once

#include "execution/physical_operator.hpp"

namespace teal {

class PhysicalPositionalJoin : public PhysicalOperator {
 public:
  /// `joined`: the left columns, then the right ones; `projection`: which of them are
  /// output, in order (`types` are theirs); empty: all.
  PhysicalPositionalJoin(std::vector<LogicalType> types, std::vector<LogicalType> joined,
                         std::vector<idx_t> projection);
  std::string Name() const override { return "POSITIONAL_SCAN"; }

  bool SinksSecondChild() const override { return true; }
  bool ParallelSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  bool ParallelOperator() const override { return false; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;
  bool HasFinalOutput() const override { return true; }
  bool FinalExecute(ExecutionContext& context, DataChunk& output,
                    OperatorState& state) const override;

 private:
  /// Fills `output` with `count` joined rows: left rows [0, count) of `left` (null: NULLs)
  /// beside right rows [right_first, …) while there are any, NULLs past them.
  void Emit(const DataChunk* left, idx_t count, idx_t right_first, OperatorState& state,
            DataChunk& output) const;

  std::vector<LogicalType> joined_;
  std::vector<idx_t> projection_;
};

}  // namespace teal
