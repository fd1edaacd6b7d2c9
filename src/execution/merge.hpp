// MERGE: a sink that sorts the rows of its child (MergeLayout) by what their clause does
// and hands each kind to the DELETE, UPDATE and INSERT sinks, which change the table at
// Finalize, in that order — a key a MERGE deletes or moves away is free for the rows it
// inserts. A target row two rows would change, or a row whose clause is ERROR, fails the
// statement before anything changes.
#pragma once

#include "execution/operators.hpp"
#include "execution/update_delete.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

class PhysicalMerge : public PhysicalSink {
 public:
  PhysicalMerge(std::shared_ptr<TableEntry> table, MergeLayout layout, bool returning,
                std::shared_ptr<const ForeignKeyChecks> foreign_keys);
  std::string Name() const override { return "MERGE_INTO"; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  /// The rows `rows` of `input`, columns `columns` (kInvalidIndex: the row id), to `sink`.
  void Pass(ExecutionContext& context, const PhysicalSink& sink, DataChunk& input,
            const std::vector<idx_t>& columns, const SelectionVector& rows, idx_t count) const;

  std::shared_ptr<TableEntry> table_;
  MergeLayout layout_;
  bool returning_;
  // Null when no clause does that.
  std::unique_ptr<PhysicalDelete> delete_;
  std::unique_ptr<PhysicalUpdate> update_;
  std::unique_ptr<PhysicalInsert> insert_;
  std::vector<idx_t> delete_columns_, update_input_, insert_input_;
};

}  // namespace teal
