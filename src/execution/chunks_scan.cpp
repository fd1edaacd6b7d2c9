// PhysicalChunksScan: a chunk per morsel.
#include "execution/chunks_scan.hpp"

#include <algorithm>
#include <atomic>

#include "execution/execution_context.hpp"

namespace teal {

namespace {
struct ChunksScanState : GlobalSourceState {
  const std::vector<std::unique_ptr<DataChunk>>* chunks = nullptr;
  idx_t count = 0;
  idx_t threads = 1;
  std::atomic<idx_t> next{0};
  idx_t MaxThreads() const override { return std::max<idx_t>(1, std::min(threads, count)); }
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalChunksScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto state = std::make_unique<ChunksScanState>();
  state->chunks = &Chunks();
  state->count = state->chunks->size();
  state->threads = context.query.Threads();
  return state;
}

void PhysicalChunksScan::GetData(ExecutionContext& context, DataChunk& chunk,
                                 GlobalSourceState& global, LocalSourceState&) const {
  auto& state = static_cast<ChunksScanState&>(global);
  const idx_t next = state.next.fetch_add(1);
  if (next >= state.count) {
    chunk.SetCardinality(0);
    return;
  }
  context.thread.batch = next;
  const DataChunk& rows = *(*state.chunks)[next];
  chunk.Reference(rows);
  chunk.SetCardinality(rows.size());
}

}  // namespace teal
