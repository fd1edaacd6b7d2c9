// PhysicalTopN: each thread keeps its best limit + offset rows, compacting in batches and
// dropping rows past its boundary; Finalize keeps the best of all threads' rows.
#include "execution/top_n.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "execution/order.hpp"
#include "execution/sort_key.hpp"

namespace teal {

/// One thread's best rows. Rows carry an extra last column, their position in the
/// single-thread order (morsel, chunk in the morsel, row), which breaks ties: ties keep
/// their input order whatever the number of threads.
struct PhysicalTopN::Kept : LocalSinkState {
  Kept(const std::vector<LogicalType>& types, const std::vector<OrderKey>& keys)
      : sort_keys(types, keys) {}
  std::unique_ptr<DataChunk> best;                 // at most limit + offset rows, sorted
  std::vector<std::unique_ptr<DataChunk>> staged;  // arrived since the last compaction
  idx_t staged_rows = 0;
  // Once `best` is full: the record of its last row. A later row of this thread whose
  // keys encode to bytes at or past it cannot make the cut (a tie loses to the earlier
  // row) — unless a string key's prefix ties, which only a comparison decides.
  SortKeys sort_keys;
  std::vector<data_t> boundary;
  std::vector<data_t> records;  // the current chunk's tied rows', for the comparison
  std::vector<sel_t> selected;  // the current chunk's rows before and at the boundary
  idx_t batch = kInvalidIndex;  // the morsel of the last chunk, and its chunks so far
  idx_t chunks_in_batch = 0;
};

namespace {
struct TopNGlobal : GlobalSinkState {
  std::mutex lock;
  std::vector<std::unique_ptr<LocalSinkState>> locals;
  std::unique_ptr<DataChunk> best;  // after Finalize
};

struct TopNSource : GlobalSourceState {
  const DataChunk* best = nullptr;
  idx_t next = 0;
};

constexpr int kChunkBits = 11;  // rows of a chunk: kVectorSize = 2^11
constexpr int kBatchShift = 32;
}  // namespace

PhysicalTopN::PhysicalTopN(std::vector<LogicalType> types, std::vector<OrderKey> keys, idx_t limit,
                           idx_t offset)
    : PhysicalSink(std::move(types)), keys_(std::move(keys)), limit_(limit), offset_(offset) {
  kept_types_ = this->types;
  kept_types_.emplace_back(TypeId::kBigInt);
  kept_keys_ = keys_;
  kept_keys_.push_back({kept_types_.size() - 1, false, false});
}

std::unique_ptr<GlobalSinkState> PhysicalTopN::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<TopNGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalTopN::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<Kept>(kept_types_, kept_keys_);
}

void PhysicalTopN::Compact(Kept& kept) const {
  const idx_t keep = limit_ + offset_;
  idx_t total = kept.staged_rows + (kept.best ? kept.best->size() : 0);
  auto all = std::make_unique<DataChunk>(kept_types_, std::max<idx_t>(total, 1));
  if (kept.best) all->Append(*kept.best);
  for (const auto& chunk : kept.staged) all->Append(*chunk);
  kept.staged.clear();
  kept.staged_rows = 0;
  std::vector<sel_t> order;
  SortRows(*all, kept_keys_, order);
  idx_t n = std::min<idx_t>(keep, total);
  SelectionVector sel(std::max<idx_t>(n, 1));
  for (idx_t i = 0; i < n; i++) sel.Set(i, order[i]);
  kept.best = std::make_unique<DataChunk>(kept_types_, std::max<idx_t>(n, 1));
  for (idx_t c = 0; c < kept_types_.size(); c++) {
    kept.best->data[c].CopyFrom(all->data[c], sel, n, 0, 0);
  }
  kept.best->SetCardinality(n);
  if (n == keep && kept.sort_keys.Normalizable()) {
    kept.boundary.resize(kept.sort_keys.RecordWidth());
    kept.sort_keys.Encode(*kept.best, n - 1, 1, kept.boundary.data());
  }
}

void PhysicalTopN::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                        LocalSinkState& local) const {
  auto& kept = static_cast<Kept&>(local);
  if (limit_ == 0) return;
  if (context.thread.batch != kept.batch) {
    kept.batch = context.thread.batch;
    kept.chunks_in_batch = 0;
  }
  DataChunk rows;
  rows.data.reserve(kept_types_.size());
  for (auto& v : input.data) {
    rows.data.emplace_back(v.Type(), 0);
    rows.data.back().Reference(v);
  }
  rows.data.emplace_back(LogicalType(TypeId::kBigInt), std::max<idx_t>(input.size(), 1));
  auto* positions = rows.data.back().Values<int64_t>();
  const auto base =
      static_cast<int64_t>((kept.batch << kBatchShift) | (kept.chunks_in_batch++ << kChunkBits));
  for (idx_t i = 0; i < input.size(); i++) positions[i] = base + static_cast<int64_t>(i);
  rows.SetCardinality(input.size());
  if (!kept.boundary.empty()) {
    // Rows past the boundary on their first key are dropped after comparing that key
    // alone; only rows that tie on it are encoded whole.
    const SortKeys& sort_keys = kept.sort_keys;
    const idx_t width = sort_keys.RecordWidth();
    const idx_t key_width = sort_keys.PrefixWidth(keys_.size());
    kept.selected.resize(2 * input.size());
    sel_t* before = kept.selected.data();
    sel_t* tied = before + input.size();
    auto [n, n_tied] =
        sort_keys.SplitByFirstKey(rows, input.size(), kept.boundary.data(), before, tied);
    if (n_tied > 0) {
      kept.records.resize(n_tied * width);
      sort_keys.EncodeSelected(rows, tied, n_tied, kept.records.data());
      for (idx_t i = 0; i < n_tied; i++) {
        int c = std::memcmp(kept.records.data() + i * width, kept.boundary.data(), key_width);
        if (c < 0 || (c == 0 && sort_keys.HasStrings())) before[n++] = tied[i];
      }
    }
    if (n == 0) return;
    if (n < input.size()) {
      SelectionVector sel(n);
      std::copy(before, before + n, sel.Data());
      rows.Slice(sel, n);
    }
  }
  auto copy = std::make_unique<DataChunk>(kept_types_, std::max<idx_t>(rows.size(), 1));
  copy->Append(rows);
  kept.staged_rows += copy->size();
  kept.staged.push_back(std::move(copy));
  if (kept.staged_rows >= std::max<idx_t>(limit_ + offset_, kVectorSize)) Compact(kept);
}

void PhysicalTopN::Combine(ExecutionContext&, GlobalSinkState& global,
                           LocalSinkState& local) const {
  auto& state = static_cast<TopNGlobal&>(global);
  auto moved = std::make_unique<Kept>(std::move(static_cast<Kept&>(local)));
  std::lock_guard<std::mutex> guard(state.lock);
  state.locals.push_back(std::move(moved));
}

void PhysicalTopN::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& state = static_cast<TopNGlobal&>(global);
  Kept all(kept_types_, kept_keys_);
  for (auto& local : state.locals) {
    auto& kept = static_cast<Kept&>(*local);
    if (kept.best) {
      all.staged_rows += kept.best->size();
      all.staged.push_back(std::move(kept.best));
    }
    for (auto& chunk : kept.staged) {
      all.staged_rows += chunk->size();
      all.staged.push_back(std::move(chunk));
    }
  }
  state.locals.clear();
  Compact(all);
  state.best = std::move(all.best);
}

std::unique_ptr<GlobalSourceState> PhysicalTopN::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<TopNSource>();
  source->best = SinkStateOf<TopNGlobal>(context, *this).best.get();
  source->next = offset_;
  return source;
}

void PhysicalTopN::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& state,
                           LocalSourceState&) const {
  auto& source = static_cast<TopNSource&>(state);
  const DataChunk& best = *source.best;
  idx_t n = best.size() > source.next ? std::min(kVectorSize, best.size() - source.next) : 0;
  SelectionVector none;
  for (idx_t c = 0; c < types.size(); c++) {
    chunk.data[c].CopyFrom(best.data[c], none, n, source.next, 0);
  }
  chunk.SetCardinality(n);
  source.next += n;
}

}  // namespace teal
