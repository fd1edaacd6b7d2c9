// PhysicalTopN: ORDER BY … LIMIT n [OFFSET m] without sorting every row. The sink keeps
// the first n + m rows seen so far in key order and compacts whenever as many new rows
// have arrived (sort the kept and new rows, keep the first n + m), so memory stays
// O(n + m) and the work O(rows · log(n + m)) amortised. Ties keep their input order, as
// ORDER BY does. The source then emits rows m … n + m - 1.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

class PhysicalTopN : public PhysicalSink {
 public:
  PhysicalTopN(std::vector<LogicalType> types, std::vector<OrderKey> keys, idx_t limit,
               idx_t offset)
      : PhysicalSink(std::move(types)), keys_(std::move(keys)), limit_(limit), offset_(offset) {}
  std::string Name() const override { return "TOP_N"; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  struct Kept;
  /// Sorts the kept and the new rows together and keeps the first limit + offset.
  void Compact(Kept& kept) const;

  std::vector<OrderKey> keys_;
  idx_t limit_;
  idx_t offset_;
};

}  // namespace teal
