// PhysicalOrder: ORDER BY. The sink gathers every row into one set of column vectors;
// finalize sorts row numbers by the keys (stable, so ties keep their input order); the
// source then gathers the rows in that order a chunk at a time.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// The row numbers of `rows` in the order of `keys` (stable: ties keep their order).
void SortRows(const DataChunk& rows, const std::vector<OrderKey>& keys, std::vector<sel_t>& order);

class PhysicalOrder : public PhysicalOperator {
 public:
  PhysicalOrder(std::vector<LogicalType> types, std::vector<OrderKey> keys)
      : PhysicalOperator(std::move(types)), keys_(std::move(keys)) {}
  std::string Name() const override { return "ORDER_BY"; }
  bool IsSink() const override { return true; }
  std::unique_ptr<SinkState> GetSinkState() const override;
  void Sink(DataChunk& input, SinkState& state) const override;
  void Finalize(SinkState& state) const override;
  bool IsSource() const override { return true; }
  std::unique_ptr<SourceState> GetSourceState() const override;
  void GetData(DataChunk& chunk, SourceState& state) const override;

 private:
  std::vector<OrderKey> keys_;
};

}  // namespace teal
