// PhysicalHashAggregate: GROUP BY (and aggregates without one, as a single group).
//
// Sink: each thread finds the group of every input row in its own GroupTable (typed keys,
// open addressing, states in an arena) and updates the aggregates' states a chunk at a
// time, each row pointing at its group's states. A DISTINCT aggregate only records its
// (group, argument) pairs in a second GroupTable of its own, the group as the address of
// its row in the thread's table (a number: the group's keys, strings perhaps, are not
// hashed or copied a second time). Combine hands a thread's tables to the global state.
//
// Finalize merges the threads' tables: with one table and no DISTINCT aggregate that
// table is the result; else the groups are split into partitions by hash and each
// partition is merged by its own task (in parallel when threads allow), combining the
// states of a group that several threads saw, and noting in each thread's group row the
// row it went to. Then each task reads the DISTINCT pairs whose thread group is in its
// partition, replaces the group by the merged row, makes the pairs of several threads
// distinct in one more table, and updates each group's state once per distinct argument
// value. Without groups the pairs are the argument values, partitioned by their hash.
//
// Source: per partition, the group values followed by each aggregate's finalized result.
// On one thread groups come out in the order they were first seen.
//
// Without groups there is exactly one group, present even when no row arrives, so that
// SELECT count(*) FROM empty gives 0; with groups, no input means no output rows.
// Aggregates whose result depends on the order of their rows (first, list, string_agg…)
// make the sink run on one thread.
#pragma once

#include <memory>

#include "execution/group_table.hpp"
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
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  struct Local;
  /// Without groups: updates DISTINCT aggregate `a`'s state in `target` from the merged
  /// argument values `pairs`.
  void ApplyDistinct(const GroupTable& pairs, idx_t a, GroupTable& target) const;
  /// With groups: updates DISTINCT aggregate `a`'s states of the groups in partition
  /// `partition` of `partitions`, merged with note_rows, from the threads' pairs.
  void ApplyGroupedDistinct(const std::vector<Local*>& locals, idx_t a, idx_t partition,
                            idx_t partitions) const;

  std::vector<ExpressionPtr> groups_;
  std::vector<ExpressionPtr> aggregates_;
  std::shared_ptr<GroupLayout> layout_;
  std::vector<std::shared_ptr<GroupLayout>> distinct_layouts_;  // null unless DISTINCT
  bool has_distinct_ = false;
};

}  // namespace teal
