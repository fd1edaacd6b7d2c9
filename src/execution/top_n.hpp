// PhysicalTopN: ORDER BY … LIMIT n [OFFSET m] without sorting every row. Each thread
// keeps the first n + m rows it has seen in key order and compacts whenever as many new
// rows have arrived (sort the kept and new rows, keep the first n + m), so memory stays
// O(n + m) per thread; once it holds n + m rows, a row whose normalized key is not below
// its last kept row's is dropped on arrival, mostly after encoding only the first key.
// Finalize keeps the best n + m of all threads' rows. Ties keep their input order, as
// ORDER BY does, for any number of threads: rows carry their position in the
// single-thread order as a last sort key. The source then emits rows m … n + m - 1.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

class PhysicalTopN : public PhysicalSink {
 public:
  PhysicalTopN(std::vector<LogicalType> types, std::vector<OrderKey> keys, idx_t limit,
               idx_t offset);
  std::string Name() const override { return "TOP_N"; }
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
  struct Kept;
  /// Sorts the kept and the new rows together and keeps the first limit + offset.
  void Compact(Kept& kept) const;

  std::vector<OrderKey> keys_;
  idx_t limit_;
  idx_t offset_;
  std::vector<LogicalType> kept_types_;  // the rows' types, then their position (BIGINT)
  std::vector<OrderKey> kept_keys_;      // keys_, then the position
};

}  // namespace teal
