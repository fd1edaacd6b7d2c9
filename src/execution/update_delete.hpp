// DELETE and UPDATE: sinks that collect the affected rows' ids (and new values) and change
// the table only at Finalize, so a statement that fails part-way changes nothing. As
// sources they yield the number of rows changed or, for RETURNING, the rows themselves
// (every table column: a deleted row as it was, an updated row with its new values).
#pragma once

#include "catalog/catalog.hpp"
#include "execution/physical_operator.hpp"
#include "planner/trigger_firing.hpp"

namespace teal {

/// Input: rows whose column `row_id_column` holds their row id; with `returning`, rows
/// whose first columns are every table column.
class PhysicalDelete : public PhysicalSink {
 public:
  /// `foreign_keys`: the table's FOREIGN KEY checks (null: none).
  /// With `returning`, it gives the deleted rows (and each one's row id after them, with
  /// `returns_row_id`: DELETE … RETURNING rowid) instead of their count.
  PhysicalDelete(std::shared_ptr<TableEntry> table, idx_t row_id_column, bool returning,
                 std::shared_ptr<const ForeignKeyChecks> foreign_keys = nullptr,
                 bool returns_row_id = false)
      : PhysicalSink(ReturnedTypes(*table, returning, returns_row_id)),
        table_(std::move(table)),
        row_id_column_(row_id_column),
        returning_(returning),
        returns_row_id_(returning && returns_row_id),
        foreign_keys_(std::move(foreign_keys)) {}
  std::string Name() const override { return "DELETE"; }
  /// Keep a copy of the deleted rows there (for AFTER triggers).
  void SetCapture(std::shared_ptr<TransitionCapture> capture) { capture_ = std::move(capture); }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  static std::vector<LogicalType> ReturnedTypes(const TableEntry& table, bool returning,
                                                bool returns_row_id) {
    if (!returning) return {LogicalType(TypeId::kBigInt)};
    std::vector<LogicalType> types = table.Types();
    if (returns_row_id) types.emplace_back(TypeId::kBigInt);
    return types;
  }

  std::shared_ptr<TableEntry> table_;
  idx_t row_id_column_;
  bool returning_;
  bool returns_row_id_;
  std::shared_ptr<const ForeignKeyChecks> foreign_keys_;
  std::shared_ptr<TransitionCapture> capture_;
};

/// Input: the new values of table columns `columns` (in that order), then the row id;
/// with `returning`, then the old value of every table column. A row that several input
/// rows update (UPDATE … FROM) ends with the last one's values and is returned once.
class PhysicalUpdate : public PhysicalSink {
 public:
  PhysicalUpdate(std::shared_ptr<TableEntry> table, std::vector<idx_t> columns, bool returning,
                 std::shared_ptr<const ForeignKeyChecks> foreign_keys = nullptr)
      : PhysicalSink(returning ? table->Types()
                               : std::vector<LogicalType>{LogicalType(TypeId::kBigInt)}),
        table_(std::move(table)),
        columns_(std::move(columns)),
        returning_(returning),
        foreign_keys_(std::move(foreign_keys)) {}
  std::string Name() const override { return "UPDATE"; }
  /// Keep a copy of the old and new rows there (for AFTER triggers); the input then has
  /// the old values as for `returning`.
  void SetCapture(std::shared_ptr<TransitionCapture> capture) { capture_ = std::move(capture); }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::shared_ptr<TableEntry> table_;
  std::vector<idx_t> columns_;
  bool returning_;
  std::shared_ptr<const ForeignKeyChecks> foreign_keys_;
  std::shared_ptr<TransitionCapture> capture_;
};

}  // namespace teal
