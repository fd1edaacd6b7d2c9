// PhysicalLimitPercent: DuckDB's LIMIT p % [OFFSET m] — the first p percent of the rows
// (rounded down), after the first m. How many that is depends on how many rows there are,
// so every row is sunk first, in the order the input gives them (SunkChunks), then the
// chosen ones come out.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

class PhysicalLimitPercent : public PhysicalSink {
 public:
  /// `percent`: a DOUBLE over no columns (NULL: every row); `offset` is replaced by
  /// `offset_expression` (a BIGINT over no columns) when that is set.
  PhysicalLimitPercent(std::vector<LogicalType> types, ExpressionPtr percent, idx_t offset,
                       ExpressionPtr offset_expression);
  std::string Name() const override { return "LIMIT_PERCENT"; }
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
  ExpressionPtr percent_;
  idx_t offset_;
  ExpressionPtr offset_expression_;
};

}  // namespace teal
