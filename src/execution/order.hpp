// PhysicalOrder: ORDER BY. Every thread gathers its chunks with their place in the
// single-thread order; Finalize sorts the rows' numbers (chunk, row) by normalized keys
// where the chunks are (sort_key.hpp: ties keep the input order, whatever the number of
// threads), and gathers the rows in that order into the output's chunks, on every thread;
// the source hands those over. Keys the sort cannot encode have the chunks concatenated
// into one first.
#pragma once

#include "execution/physical_operator.hpp"
#include "execution/sunk_chunks.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// The rows of `chunks` (of `types`, in single-thread order) sorted by `keys`, stably, in
/// chunks of kVectorSize rows (the last one may be shorter), gathered on every thread.
std::vector<std::unique_ptr<DataChunk>> SortIntoChunks(ExecutionContext& context,
                                                       std::vector<SunkChunk> chunks,
                                                       const std::vector<LogicalType>& types,
                                                       const std::vector<OrderKey>& keys);

/// The row numbers of `rows` in the order of `keys` (stable: ties keep their order).
void SortRows(const DataChunk& rows, const std::vector<OrderKey>& keys, std::vector<sel_t>& order);

class PhysicalOrder : public PhysicalSink {
 public:
  PhysicalOrder(std::vector<LogicalType> types, std::vector<OrderKey> keys)
      : PhysicalSink(std::move(types)), keys_(std::move(keys)) {}
  std::string Name() const override { return "ORDER_BY"; }
  idx_t SourceChunkCapacity() const override { return 0; }
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
