// DELETE and UPDATE: sinks that collect the affected rows' ids (and new values) and change
// the table only at Finalize, so a statement that fails part-way changes nothing. As
// sources they yield the number of rows changed.
#pragma once

#include "catalog/catalog.hpp"
#include "execution/physical_operator.hpp"

namespace teal {

/// Input: rows whose column `row_id_column` holds their row id.
class PhysicalDelete : public PhysicalOperator {
 public:
  PhysicalDelete(std::shared_ptr<TableEntry> table, idx_t row_id_column)
      : PhysicalOperator({LogicalType(TypeId::kBigInt)}),
        table_(std::move(table)),
        row_id_column_(row_id_column) {}
  std::string Name() const override { return "DELETE"; }
  bool IsSink() const override { return true; }
  std::unique_ptr<SinkState> GetSinkState() const override;
  void Sink(DataChunk& input, SinkState& state) const override;
  void Finalize(SinkState& state) const override;
  bool IsSource() const override { return true; }
  std::unique_ptr<SourceState> GetSourceState() const override;
  void GetData(DataChunk& chunk, SourceState& state) const override;

 private:
  std::shared_ptr<TableEntry> table_;
  idx_t row_id_column_;
};

/// Input: the new values of table columns `columns` (in that order), then the row id.
class PhysicalUpdate : public PhysicalOperator {
 public:
  PhysicalUpdate(std::shared_ptr<TableEntry> table, std::vector<idx_t> columns)
      : PhysicalOperator({LogicalType(TypeId::kBigInt)}),
        table_(std::move(table)),
        columns_(std::move(columns)) {}
  std::string Name() const override { return "UPDATE"; }
  bool IsSink() const override { return true; }
  std::unique_ptr<SinkState> GetSinkState() const override;
  void Sink(DataChunk& input, SinkState& state) const override;
  void Finalize(SinkState& state) const override;
  bool IsSource() const override { return true; }
  std::unique_ptr<SourceState> GetSourceState() const override;
  void GetData(DataChunk& chunk, SourceState& state) const override;

 private:
  std::shared_ptr<TableEntry> table_;
  std::vector<idx_t> columns_;
};

}  // namespace teal
