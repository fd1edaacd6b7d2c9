// PhysicalHashAggregate: GROUP BY (and aggregates without one, as a single group).
//
// Sink: each row's group values are encoded into a byte key; a hash map gives the
// group's number, and with it the group's state block (the aggregates' states side by
// side). Aggregates then update the states of a whole chunk at once, each row pointing
// at its group's state. DISTINCT aggregates skip argument values their group has seen.
// Source: the group values followed by each aggregate's finalized result.
//
// Without groups there is exactly one group, present even when no row arrives, so that
// SELECT count(*) FROM empty gives 0; with groups, no input means no output rows.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

class PhysicalHashAggregate : public PhysicalOperator {
 public:
  PhysicalHashAggregate(std::vector<LogicalType> types, std::vector<ExpressionPtr> groups,
                        std::vector<ExpressionPtr> aggregates);
  std::string Name() const override {
    return groups_.empty() ? "UNGROUPED_AGGREGATE" : "HASH_GROUP_BY";
  }
  bool IsSink() const override { return true; }
  std::unique_ptr<SinkState> GetSinkState() const override;
  void Sink(DataChunk& input, SinkState& state) const override;
  bool IsSource() const override { return true; }
  std::unique_ptr<SourceState> GetSourceState() const override;
  void GetData(DataChunk& chunk, SourceState& state) const override;

 private:
  std::vector<ExpressionPtr> groups_;
  std::vector<ExpressionPtr> aggregates_;
  std::vector<idx_t> state_offsets_;  // of each aggregate inside a group's state block
  idx_t state_size_ = 0;
};

}  // namespace teal
