// PhysicalOrder: ORDER BY. Every thread gathers its chunks with their place in the
// single-thread order; Finalize puts all rows in that order into one set of column vectors
// and sorts their numbers by normalized keys (sort_key.hpp: ties keep the input order,
// whatever the number of threads); the source then gathers the rows in sorted order a
// chunk at a time.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// The row numbers of `rows` in the order of `keys` (stable: ties keep their order).
void SortRows(const DataChunk& rows, const std::vector<OrderKey>& keys, std::vector<sel_t>& order);

class PhysicalOrder : public PhysicalSink {
 public:
  PhysicalOrder(std::vector<LogicalType> types, std::vector<OrderKey> keys)
      : PhysicalSink(std::move(types)), keys_(std::move(keys)) {}
  std::string Name() const override { return "ORDER_BY"; }
  bool ParallelSink() const override { return true; }
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
  std::vector<OrderKey> keys_;
};

}  // namespace teal
