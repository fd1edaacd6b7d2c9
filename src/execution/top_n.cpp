// PhysicalTopN: keep the best limit + offset rows, compacting in batches.
#include "execution/top_n.hpp"

#include <algorithm>

#include "execution/order.hpp"

namespace teal {

struct PhysicalTopN::Kept : GlobalSinkState {
  std::unique_ptr<DataChunk> best;                 // at most limit + offset rows, sorted
  std::vector<std::unique_ptr<DataChunk>> staged;  // arrived since the last compaction
  idx_t staged_rows = 0;
};

std::unique_ptr<GlobalSinkState> PhysicalTopN::GetGlobalSinkState(ExecutionContext& context) const {
  return std::make_unique<Kept>();
}

void PhysicalTopN::Compact(Kept& kept) const {
  const idx_t keep = limit_ + offset_;
  idx_t total = kept.staged_rows + (kept.best ? kept.best->size() : 0);
  auto all = std::make_unique<DataChunk>(types, std::max<idx_t>(total, 1));
  // The kept rows came first in the input, so they go first: ties stay in input order.
  if (kept.best) all->Append(*kept.best);
  for (const auto& chunk : kept.staged) all->Append(*chunk);
  kept.staged.clear();
  kept.staged_rows = 0;
  std::vector<sel_t> order;
  SortRows(*all, keys_, order);
  idx_t n = std::min<idx_t>(keep, total);
  SelectionVector sel(std::max<idx_t>(n, 1));
  for (idx_t i = 0; i < n; i++) sel.Set(i, order[i]);
  kept.best = std::make_unique<DataChunk>(types, std::max<idx_t>(n, 1));
  for (idx_t c = 0; c < types.size(); c++) kept.best->data[c].CopyFrom(all->data[c], sel, n, 0, 0);
  kept.best->SetCardinality(n);
}

void PhysicalTopN::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                        LocalSinkState& local) const {
  auto& kept = static_cast<Kept&>(state);
  if (limit_ == 0) return;
  auto copy = std::make_unique<DataChunk>(types, std::max<idx_t>(input.size(), 1));
  copy->Append(input);
  kept.staged_rows += copy->size();
  kept.staged.push_back(std::move(copy));
  if (kept.staged_rows >= std::max<idx_t>(limit_ + offset_, kVectorSize)) Compact(kept);
}

void PhysicalTopN::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& kept = static_cast<Kept&>(state);
  if (kept.staged_rows > 0 || !kept.best) Compact(kept);
}

namespace {
struct TopNSource : GlobalSourceState {
  idx_t next = 0;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalTopN::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<TopNSource>();
  source->next = offset_;
  return source;
}

void PhysicalTopN::GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& state,
                           LocalSourceState& local) const {
  auto& source = static_cast<TopNSource&>(state);
  const DataChunk& best = *static_cast<Kept&>(context.query.SinkState(*this)).best;
  idx_t n = best.size() > source.next ? std::min(kVectorSize, best.size() - source.next) : 0;
  SelectionVector none;
  for (idx_t c = 0; c < types.size(); c++)
    chunk.data[c].CopyFrom(best.data[c], none, n, source.next, 0);
  chunk.SetCardinality(n);
  source.next += n;
}

}  // namespace teal
