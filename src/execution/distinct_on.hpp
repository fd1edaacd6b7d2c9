// PhysicalDistinctOn: DISTINCT ON (…) as a streaming operator. It remembers the encoded
// key of every row it has passed on and drops later rows with a key it has seen, so
// the output keeps the input's order: over a sorted input it yields the first row of
// each key in ORDER BY order. Memory grows with the number of distinct keys.
#pragma once

#include "execution/physical_operator.hpp"

namespace teal {

class PhysicalDistinctOn : public PhysicalOperator {
 public:
  /// `key_columns`: the input columns whose values together form the key.
  PhysicalDistinctOn(std::vector<LogicalType> types, std::vector<idx_t> key_columns)
      : PhysicalOperator(std::move(types)), key_columns_(std::move(key_columns)) {}
  std::string Name() const override { return "DISTINCT_ON"; }
  /// It keeps the first row of each key in the order of the whole stream.
  bool ParallelOperator() const override { return false; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  std::vector<idx_t> key_columns_;
};

}  // namespace teal
