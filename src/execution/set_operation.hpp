// The set operations of two inputs with the same types.
//
// PhysicalUnion (UNION ALL) has no role of its own: the executor gives the pipeline it is
// in a branch per input, run one after another (UNION without ALL is a UNION ALL under
// a grouping). PhysicalSetOperation (INTERSECT [ALL], EXCEPT [ALL]) sinks its right input
// first, counting its rows by value (each thread counts its own, Combine adds them up);
// then the left rows stream through and the counts decide which pass: INTERSECT keeps a
// left row whose value the right side has (ALL: as many times as it has it), EXCEPT one
// whose value it has not (ALL: all but as many as it has); without ALL each value passes
// once. The counts change as left rows pass, so the left side runs on one thread.
#pragma once

#include "common/set_operation.hpp"
#include "execution/physical_operator.hpp"

namespace teal {

class PhysicalUnion : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  std::string Name() const override { return "SET_OPERATION"; }
  bool UnitesChildren() const override { return true; }
};

class PhysicalSetOperation : public PhysicalOperator {
 public:
  PhysicalSetOperation(std::vector<LogicalType> types, SetOperation operation, bool all)
      : PhysicalOperator(std::move(types)), operation_(operation), all_(all) {}
  std::string Name() const override { return "SET_OPERATION"; }

  bool SinksSecondChild() const override { return true; }
  bool ParallelSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;

  bool ParallelOperator() const override { return false; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  SetOperation operation_;
  bool all_;
};

}  // namespace teal
