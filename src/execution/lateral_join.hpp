// PhysicalLateralJoin: a LATERAL FROM item that could not be turned into a plain join
// (optimizer/lateral_join_to_join.cpp), run for each row of the items left of it.
//
// For each input row it runs the item's plan with the row's values for the outer
// references (once per distinct combination of them within an input chunk, when the
// plan is deterministic) and produces the input row followed by each of the plan's rows;
// a LEFT lateral join produces the input row once with NULLs when the plan has none.
// Output comes a chunk at a time, as in PhysicalUnnest: Execute says kHaveMoreOutput
// and is called again with the same input.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

class PhysicalLateralJoin : public PhysicalOperator {
 public:
  /// `types`: the input's, then the plan's. `subquery`: a kSubquery node of kind kLateral
  /// whose children are its outer values over the input row.
  PhysicalLateralJoin(std::vector<LogicalType> types, bool left_join, ExpressionPtr subquery)
      : PhysicalOperator(std::move(types)), left_join_(left_join), subquery_(std::move(subquery)) {}
  std::string Name() const override { return left_join_ ? "LEFT_LATERAL_JOIN" : "LATERAL_JOIN"; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  bool left_join_;
  ExpressionPtr subquery_;
};

}  // namespace teal
