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

class PhysicalHashAggregate : public PhysicalSink {
 public:
  PhysicalHashAggregate(std::vector<LogicalType> types, std::vector<ExpressionPtr> groups,
                        std::vector<ExpressionPtr> aggregates);
  std::string Name() const override {
    return groups_.empty() ? "UNGROUPED_AGGREGATE" : "HASH_GROUP_BY";
  }
  bool ParallelSink() const override;
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::vector<ExpressionPtr> groups_;
  std::vector<ExpressionPtr> aggregates_;
  std::vector<idx_t> state_offsets_;  // of each aggregate inside a group's state block
  idx_t state_size_ = 0;
};

}  // namespace teal
