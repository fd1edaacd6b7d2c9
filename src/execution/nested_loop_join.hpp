// PhysicalNestedLoopJoin: joins two inputs on any condition (or none: a cross product).
//
// Both inputs are materialised when the join starts producing (it runs their plans
// itself, so to the pipeline it is a source). Every left row is paired with the right
// rows a vector at a time, the condition picks the matches, and outer joins add the
// rows of their side that matched nothing, padded with NULLs. O(left × right): the
// planner will pick a hash join for equality conditions once there is one.
#pragma once

#include "common/join_type.hpp"
#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

class PhysicalNestedLoopJoin : public PhysicalOperator {
 public:
  PhysicalNestedLoopJoin(std::vector<LogicalType> types, JoinType join_type,
                         ExpressionPtr condition)
      : PhysicalOperator(std::move(types)),
        join_type_(join_type),
        condition_(std::move(condition)) {}
  std::string Name() const override { return "NESTED_LOOP_JOIN"; }
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  JoinType join_type_;
  ExpressionPtr condition_;
};

}  // namespace teal
