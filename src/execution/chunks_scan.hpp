// PhysicalChunksScan: a source that reads rows already kept as full chunks — a
// materialized WITH query, a recursive query's working table, a trigger's transition
// table — a chunk per morsel, on as many threads as there are chunks.
#pragma once

#include <memory>
#include <vector>

#include "execution/physical_operator.hpp"

namespace teal {

class PhysicalChunksScan : public PhysicalSource {
 public:
  using PhysicalSource::PhysicalSource;
  idx_t SourceChunkCapacity() const override { return 0; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  /// The chunks one execution reads (computed first where they must be): called once per
  /// execution, before any GetData.
  virtual const std::vector<std::unique_ptr<DataChunk>>& Chunks() const = 0;
};

}  // namespace teal
