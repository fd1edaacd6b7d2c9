// PhysicalTopN: keep the best limit + offset rows, compacting in batches.
#include "execution/top_n.hpp"

#include <algorithm>
#include <cstring>

#include "execution/order.hpp"
#include "execution/sort_key.hpp"

namespace teal {

struct PhysicalTopN::Kept : GlobalSinkState {
  explicit Kept(const std::vector<LogicalType>& types, const std::vector<OrderKey>& keys)
      : sort_keys(types, keys) {}
  std::unique_ptr<DataChunk> best;                 // at most limit + offset rows, sorted
  std::vector<std::unique_ptr<DataChunk>> staged;  // arrived since the last compaction
  idx_t staged_rows = 0;
  // Once `best` is full: the encoded keys of its last row. A later row whose keys encode
  // to bytes at or past it cannot make the cut (a tie loses to the earlier row) — unless
  // a string key's prefix ties, which only a comparison of the strings decides.
  SortKeys sort_keys;
  std::vector<data_t> boundary;
  std::vector<data_t> records;  // the current chunk's, for the comparison
};

std::unique_ptr<GlobalSinkState> PhysicalTopN::GetGlobalSinkState(ExecutionContext& context) const {
  return std::make_unique<Kept>(types, keys_);
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
  if (n == keep && kept.sort_keys.Normalizable()) {
    kept.boundary.resize(kept.sort_keys.RecordWidth());
    kept.sort_keys.Encode(*kept.best, n - 1, 1, kept.boundary.data());
  }
}

void PhysicalTopN::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                        LocalSinkState& local) const {
  auto& kept = static_cast<Kept&>(state);
  if (limit_ == 0) return;
  DataChunk* rows = &input;
  DataChunk candidates;
  if (!kept.boundary.empty()) {
    const SortKeys& sort_keys = kept.sort_keys;
    const idx_t width = sort_keys.RecordWidth(), key_width = sort_keys.KeyWidth();
    kept.records.resize(input.size() * width);
    sort_keys.Encode(input, 0, input.size(), kept.records.data());
    SelectionVector sel(std::max<idx_t>(input.size(), 1));
    idx_t n = 0;
    for (idx_t i = 0; i < input.size(); i++) {
      int c = std::memcmp(kept.records.data() + i * width, kept.boundary.data(), key_width);
      if (c < 0 || (c == 0 && sort_keys.HasStrings())) sel.Set(n++, i);
    }
    if (n == 0) return;
    if (n < input.size()) {
      candidates.Reference(input);
      candidates.Slice(sel, n);
      rows = &candidates;
    }
  }
  auto copy = std::make_unique<DataChunk>(types, std::max<idx_t>(rows->size(), 1));
  copy->Append(*rows);
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
