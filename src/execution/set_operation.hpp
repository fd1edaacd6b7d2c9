// PhysicalSetOperation: UNION ALL, INTERSECT [ALL] and EXCEPT [ALL] of two inputs with
// the same types. It runs its children's plans itself (to the pipeline it is a source):
// UNION ALL streams the left rows, then the right ones; INTERSECT and EXCEPT first count
// the right rows by value, then stream the left rows that the counts let through.
#pragma once

#include "common/set_operation.hpp"
#include "execution/physical_operator.hpp"

namespace teal {

class PhysicalSetOperation : public PhysicalOperator {
 public:
  PhysicalSetOperation(std::vector<LogicalType> types, SetOperation operation, bool all)
      : PhysicalOperator(std::move(types)), operation_(operation), all_(all) {}
  std::string Name() const override { return "SET_OPERATION"; }
  bool IsSource() const override { return true; }
  idx_t SourceChunkCapacity() const override { return 0; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  SetOperation operation_;
  bool all_;
};

}  // namespace teal
