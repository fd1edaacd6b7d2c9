// PhysicalKeyedRecursiveCte: WITH RECURSIVE … USING KEY (LogicalRecursiveCte with
// key_columns).
//
// The rows are kept one per key, in a GroupTable whose states are the columns' aggregates
// (last() for a column written without one: the latest row replaces the earlier). Each
// round — the anchor first, then the recursive part — folds its rows into the table; then
// the blocks of kVectorSize groups the round touched are finalized again into the kept
// rows, which the next round reads as `recurring.name`. The working table of the next round
// is the round's rows as produced (UNION ALL) or the kept rows the round added or changed,
// compared IS NOT DISTINCT FROM (UNION). The rounds end when the working table is empty;
// only then are the kept rows the query's rows.
#pragma once

#include <vector>

#include "execution/group_table.hpp"
#include "execution/recursive_cte.hpp"

namespace teal {

class PhysicalKeyedRecursiveCte : public PhysicalRecursiveCte {
 public:
  /// `types`: the kept rows'; `input_types`: the rows the anchor and recursive part produce
  /// (the columns, then the aggregates' arguments).
  PhysicalKeyedRecursiveCte(std::vector<LogicalType> types,
                            std::shared_ptr<RecursiveCteDefinition> definition, bool union_all,
                            idx_t max_iterations, PhysicalOperatorPtr anchor,
                            RecursivePart recursive, const ExecutorOptions& options,
                            std::vector<idx_t> key_columns,
                            std::vector<RecursiveKeyAggregate> aggregates,
                            std::vector<LogicalType> input_types);
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  struct State;
  /// Runs `plan` (a round) and folds its rows into the kept rows.
  void RunRound(ExecutionContext& context, PhysicalOperator& plan, State& state) const;
  /// Folds one chunk of a round's rows into the table.
  void Fold(DataChunk& rows, State& state) const;
  /// Finalizes the blocks of groups the round touched into the kept rows, and with UNION
  /// collects the rows that changed into the next working table.
  void Refresh(State& state) const;

  std::vector<idx_t> key_columns_;
  std::vector<RecursiveKeyAggregate> aggregates_;  // per column; none for a key
  std::vector<LogicalType> input_types_;
  std::vector<LogicalType> column_types_;  // the produced rows' columns (the working table's
                                           // with UNION ALL)
  std::shared_ptr<const GroupLayout> layout_;
  std::vector<idx_t> folded_;  // the columns with an aggregate, in the layout's order
  bool recursive_part_reads_;  // the recursive part reads the working or recurring table
};

}  // namespace teal
