// The physical operators of operators.hpp.
#include "execution/operators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <optional>
#include <span>

#include "execution/expression_executor.hpp"
#include "execution/hash_join.hpp"
#include "execution/insert_on_conflict.hpp"
#include "execution/returned_rows.hpp"
#include "execution/zone_filter.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {
struct DoneState : GlobalSourceState {
  bool done = false;
};
}  // namespace

// ---- scans ------------------------------------------------------------------------

/// A thread's use of one join filter.
struct JoinFilterUse {
  KeyScratch scratch;
  std::vector<const Vector*> keys;
  idx_t seen = 0, kept = 0;  // rows looked at and let through
  bool active = true;
};

/// Hands out morsels: morsel m is vectors [first, first + morsel_vectors) of row group
/// groups[m / per_group], numbered in table order so that one thread reads the table in
/// order.
struct TableScanGlobal : GlobalSourceState {
  /// Set when the scan reads the rows its index found: these ids, kVectorSize a morsel.
  std::optional<std::vector<int64_t>> index_rows;
  idx_t morsel_vectors = 0;
  idx_t per_group = 0;        // morsels per row group
  std::vector<idx_t> groups;  // the row groups to read: those the zones do not rule out
  idx_t morsels = 0;
  idx_t threads = 1;
  std::atomic<idx_t> next{0};
  idx_t MaxThreads() const override { return std::max<idx_t>(1, std::min(threads, morsels)); }
  // Per join filter of the scan: the join's finished build side (null: not ready).
  std::vector<const JoinKeyFilter*> join_filters;
  std::vector<std::unique_ptr<JoinKeyFilter>> partial_filters;  // the partial ones' owners
  // The order to apply them in: those that begin with a bit test a row before the scan's own
  // filter, the hashed ones after it; each kind fewest build keys first, the likeliest to
  // drop most rows (TPC-H Q8's 1,347 parts before its 91,904 orders), so that the costlier
  // tests see fewer rows.
  std::vector<idx_t> bit_join_filters, hashed_join_filters;
};

struct TableScanLocal : LocalSourceState {
  TableScanState scan;
  bool in_morsel = false;
  ExpressionExecutor filter;
  SelectionVector sel;
  std::vector<JoinFilterUse> join_filters;
};

namespace {
// A join filter that lets this share of a thread's first rows through is not worth its
// hashing (the join hashes the same keys again): the thread stops applying it.
constexpr idx_t kJoinFilterTrialRows = 16 * kVectorSize;
constexpr double kJoinFilterUselessShare = 0.9;
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalTableScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto global = std::make_unique<TableScanGlobal>();
  global->threads = context.query.Threads();
  if (index_scan_) {
    const idx_t rows = table_->RowCount();
    const idx_t limit =
        std::max(index_max_count_, static_cast<idx_t>(static_cast<double>(rows) * index_share_));
    std::vector<int64_t> ids;
    if (index_scan_->RowIds(limit, ids)) {
      global->morsels = (ids.size() + kVectorSize - 1) / kVectorSize;
      context.query.Control().progress_total += ids.size();
      context.query.NoteChoice(*this, fmt::format("Type: Index Scan using {} ({} row ids)",
                                                  index_scan_->Describe(), ids.size()));
      global->index_rows = std::move(ids);
    } else {
      context.query.NoteChoice(*this,
                               fmt::format("Type: Sequential Scan ({} holds more than {} row ids)",
                                           index_scan_->Describe(), limit));
    }
  }
  if (!global->index_rows) {
    const idx_t group_count = table_->RowGroupCount();
    std::string note = "Type: Sequential Scan";
    if (filter_ && ZonesCanJudge(*filter_)) {
      global->groups = table_->RowGroupsToScan(column_ids_, [&](std::span<const ColumnZone> zones) {
        return ZonesMayPass(*filter_, zones);
      });
      note += fmt::format("  Row Groups Scanned: {} / {}", global->groups.size(), group_count);
    } else {
      global->groups.resize(group_count);
      std::iota(global->groups.begin(), global->groups.end(), 0);
    }
    if (!index_scan_) context.query.NoteChoice(*this, std::move(note));
    const idx_t vectors_per_group = table_->VectorsPerRowGroup();
    global->morsel_vectors = std::min(context.query.MorselVectors(), vectors_per_group);
    global->per_group = (vectors_per_group + global->morsel_vectors - 1) / global->morsel_vectors;
    global->morsels = global->groups.size() * global->per_group;
    // About the rows the groups read hold (the last group may be short).
    const idx_t rows = table_->RowCount();
    context.query.Control().progress_total +=
        group_count == 0 ? 0 : rows / group_count * global->groups.size();
  }
  // The joins' build sides are done: the pipeline that probes them starts after them.
  for (const auto& filter : join_filters_) {
    if (filter.keys.empty()) {
      global->join_filters.push_back(filter.join->KeyFilter(context));
      continue;
    }
    global->partial_filters.push_back(filter.join->PartialKeyFilter(context, filter.keys));
    global->join_filters.push_back(global->partial_filters.back().get());
  }
  for (idx_t f = 0; f < join_filters_.size(); f++) {
    const JoinKeyFilter* filter = global->join_filters[f];
    (filter && filter->BitTestFirst() ? global->bit_join_filters : global->hashed_join_filters)
        .push_back(f);
  }
  auto keys = [&](idx_t f) {
    const JoinKeyFilter* filter = global->join_filters[f];
    return filter ? filter->KeyCount() : std::numeric_limits<idx_t>::max();
  };
  for (auto* order : {&global->bit_join_filters, &global->hashed_join_filters}) {
    std::stable_sort(order->begin(), order->end(),
                     [&](idx_t a, idx_t b) { return keys(a) < keys(b); });
  }
  return global;
}

std::unique_ptr<LocalSourceState> PhysicalTableScan::GetLocalSourceState(ExecutionContext&,
                                                                         GlobalSourceState&) const {
  auto local = std::make_unique<TableScanLocal>();
  if (filter_) local->filter.Add(*filter_);
  local->join_filters.resize(join_filters_.size());
  return local;
}

void PhysicalTableScan::AddJoinFilter(const PhysicalHashJoin& join, std::vector<idx_t> columns,
                                      std::vector<idx_t> keys) {
  join_filters_.push_back({&join, std::move(columns), std::move(keys)});
}

idx_t PhysicalTableScan::ApplyJoinFilters(const std::vector<const JoinKeyFilter*>& filters,
                                          const std::vector<idx_t>& order,
                                          std::vector<JoinFilterUse>& uses, DataChunk& chunk,
                                          bool& selected, idx_t count, SelectionVector& sel) const {
  for (idx_t k = 0; k < order.size() && count > 0; k++) {
    const idx_t f = order[k];
    JoinFilterUse& use = uses[f];
    if (!filters[f] || !use.active) continue;
    use.keys.clear();
    for (idx_t column : join_filters_[f].columns) use.keys.push_back(&chunk.data[column]);
    if (!selected) sel.Reserve(chunk.size());
    const idx_t before = count;
    count = filters[f]->Select(use.keys, chunk.size(), selected ? sel.Data() : nullptr, count,
                               sel.Data(), use.scratch);
    selected = true;
    use.seen += before;
    use.kept += count;
    if (use.seen >= kJoinFilterTrialRows &&
        static_cast<double>(use.kept) > kJoinFilterUselessShare * static_cast<double>(use.seen)) {
      use.active = false;
    }
  }
  return count;
}

bool PhysicalTableScan::Narrow(TableScanGlobal& global, TableScanLocal& local,
                               DataChunk& chunk) const {
  SelectionVector& sel = local.sel;
  idx_t count = chunk.size();
  bool selected = false;  // whether sel holds the rows kept so far
  if (!global.bit_join_filters.empty()) {
    count = ApplyJoinFilters(global.join_filters, global.bit_join_filters, local.join_filters,
                             chunk, selected, count, sel);
  }
  if (filter_ && count > 0) {
    if (!selected) sel.Reserve(chunk.size());
    count =
        selected ? local.filter.Refine(chunk, sel.Data(), count) : local.filter.Select(chunk, sel);
    selected = true;
  }
  if (count > 0 && !global.hashed_join_filters.empty()) {
    count = ApplyJoinFilters(global.join_filters, global.hashed_join_filters, local.join_filters,
                             chunk, selected, count, sel);
  }
  if (count > 0 && count < chunk.size()) chunk.Slice(sel, count);
  return count > 0;
}

void PhysicalTableScan::GetData(ExecutionContext& context, DataChunk& chunk,
                                GlobalSourceState& global_state,
                                LocalSourceState& local_state) const {
  auto& global = static_cast<TableScanGlobal&>(global_state);
  auto& local = static_cast<TableScanLocal&>(local_state);
  const Transaction& transaction = context.query.ReadTransaction(*table_);
  if (global.index_rows) {
    // Morsel m: the ids [m × kVectorSize, …) — at most a chunk of rows.
    const std::vector<int64_t>& ids = *global.index_rows;
    while (true) {
      const idx_t morsel = global.next.fetch_add(1);
      if (morsel >= global.morsels) break;
      context.thread.batch = morsel;
      const idx_t first = morsel * kVectorSize;
      const std::span<const int64_t> batch(ids.data() + first,
                                           std::min(kVectorSize, ids.size() - first));
      table_->FetchVisible(transaction, batch, column_ids_, chunk);
      context.query.Control().progress_done += batch.size();
      if (chunk.size() > 0 && Narrow(global, local, chunk)) return;
    }
    chunk.SetCardinality(0);
    return;
  }
  while (true) {
    if (!local.in_morsel) {
      idx_t morsel = global.next.fetch_add(1);
      if (morsel >= global.morsels) break;
      idx_t group = global.groups[morsel / global.per_group];
      idx_t first = morsel % global.per_group * global.morsel_vectors;
      local.scan =
          TableScanState{group, first, group,
                         std::min(first + global.morsel_vectors, table_->VectorsPerRowGroup())};
      local.in_morsel = true;
      context.thread.batch = morsel;
    }
    // Vectors whose rows all fail the filters are skipped.
    while (table_->Scan(transaction, local.scan, column_ids_, chunk)) {
      context.query.Control().progress_done += chunk.size();
      if (Narrow(global, local, chunk)) return;
    }
    local.in_morsel = false;
  }
  chunk.SetCardinality(0);
}

std::string PhysicalTableScan::PlanNote() const {
  return index_scan_ ? "USING " + index_scan_->Describe() + " when it finds few rows"
                     : std::string();
}

std::unique_ptr<GlobalSourceState> PhysicalDummyScan::GetGlobalSourceState(
    ExecutionContext&) const {
  return std::make_unique<DoneState>();
}

void PhysicalDummyScan::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                                LocalSourceState&) const {
  auto& done = static_cast<DoneState&>(global);
  chunk.SetCardinality(done.done ? 0 : 1);
  done.done = true;
}

namespace {
struct ValuesSource : GlobalSourceState {
  idx_t next_row = 0;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalValues::GetGlobalSourceState(ExecutionContext&) const {
  return std::make_unique<ValuesSource>();
}

void PhysicalValues::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                             LocalSourceState&) const {
  auto& s = static_cast<ValuesSource&>(global);
  DataChunk one_row;
  one_row.SetCardinality(1);
  idx_t produced = 0;
  while (s.next_row < rows_.size() && produced < kVectorSize) {
    const auto& row = rows_[s.next_row];
    for (idx_t c = 0; c < row.size(); c++) {
      Vector v(row[c]->type, 0);
      ExpressionExecutor(*row[c]).Execute(one_row, v);
      chunk.data[c].SetValue(produced, v.GetValue(0));
    }
    produced++;
    s.next_row++;
  }
  chunk.SetCardinality(produced);
}

// ---- streaming operators ------------------------------------------------------------

namespace {
struct FilterState : OperatorState {
  ExpressionExecutor predicate;
  SelectionVector sel;
};
struct ProjectionState : OperatorState {
  ExpressionExecutor expressions;
};
}  // namespace

std::unique_ptr<OperatorState> PhysicalFilter::GetOperatorState(ExecutionContext&) const {
  auto state = std::make_unique<FilterState>();
  state->predicate.Add(*predicate_);
  return state;
}

OperatorResult PhysicalFilter::Execute(ExecutionContext&, DataChunk& input, DataChunk& output,
                                       OperatorState& state) const {
  auto& s = static_cast<FilterState&>(state);
  SelectionVector& sel = s.sel;
  sel.Reserve(input.size());
  idx_t count = s.predicate.Select(input, sel);
  output.Reference(input);
  if (count < input.size()) output.Slice(sel, count);
  return OperatorResult::kNeedMoreInput;
}

std::unique_ptr<OperatorState> PhysicalProjection::GetOperatorState(ExecutionContext&) const {
  auto state = std::make_unique<ProjectionState>();
  for (const auto& e : expressions_) state->expressions.Add(*e);
  return state;
}

OperatorResult PhysicalProjection::Execute(ExecutionContext&, DataChunk& input, DataChunk& output,
                                           OperatorState& state) const {
  auto& s = static_cast<ProjectionState&>(state);
  for (idx_t i = 0; i < expressions_.size(); i++) s.expressions.Execute(input, output.data[i], i);
  output.SetCardinality(input.size());
  return OperatorResult::kNeedMoreInput;
}

namespace {
struct LimitState : OperatorState {
  idx_t seen = 0;  // rows of input seen so far
  idx_t limit = kInvalidIndex, offset = 0;
};

/// The value of a LIMIT / OFFSET expression: NULL is none (kInvalidIndex), a negative
/// value an error.
idx_t LimitValue(const Expression& e, const char* what) {
  DataChunk one_row;
  one_row.SetCardinality(1);
  Vector result(e.type, 0);
  ExpressionExecutor(e).Execute(one_row, result);
  const Value value = result.GetValue(0);
  if (value.IsNull()) return kInvalidIndex;
  const int64_t n = value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
  if (n < 0) throw OutOfRangeError(fmt::format("{} cannot be negative, got {}", what, n));
  return static_cast<idx_t>(n);
}
}  // namespace

std::unique_ptr<OperatorState> PhysicalLimit::GetOperatorState(ExecutionContext&) const {
  auto state = std::make_unique<LimitState>();
  state->limit = limit_expression_ ? LimitValue(*limit_expression_, "LIMIT") : limit_;
  state->offset = offset_;
  if (offset_expression_) {
    const idx_t offset = LimitValue(*offset_expression_, "OFFSET");
    state->offset = offset == kInvalidIndex ? 0 : offset;
  }
  return state;
}

OperatorResult PhysicalLimit::Execute(ExecutionContext&, DataChunk& input, DataChunk& output,
                                      OperatorState& state) const {
  auto& s = static_cast<LimitState&>(state);
  idx_t end = s.limit == kInvalidIndex ? kInvalidIndex : s.offset + s.limit;
  idx_t first = s.seen, last = s.seen + input.size();  // rows [first, last) of the stream
  s.seen = last;
  idx_t from = std::max(first, s.offset), to = std::min(last, end);
  output.Reference(input);
  if (from >= to) {
    output.SetCardinality(0);
  } else if (from != first || to != last) {
    SelectionVector sel(to - from);
    for (idx_t i = 0; i < to - from; i++) sel.Set(i, from - first + i);
    output.Slice(sel, to - from);
  }
  return last >= end ? OperatorResult::kFinished : OperatorResult::kNeedMoreInput;
}

// ---- range -------------------------------------------------------------------------

namespace {
/// Morsels of morsel_vectors vectors of values, in order.
struct RangeGlobal : GlobalSourceState {
  uint64_t morsel_rows = 0;
  uint64_t morsels = 0;
  idx_t threads = 1;
  std::atomic<uint64_t> next{0};
  idx_t MaxThreads() const override {
    return static_cast<idx_t>(std::max<uint64_t>(1, std::min<uint64_t>(threads, morsels)));
  }
};

struct RangeLocal : LocalSourceState {
  uint64_t emitted = 0;  // the next value's position
  uint64_t end = 0;      // the end of the current morsel
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalRange::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto global = std::make_unique<RangeGlobal>();
  global->morsel_rows = context.query.MorselVectors() * kVectorSize;
  global->morsels = (count_ + global->morsel_rows - 1) / global->morsel_rows;
  global->threads = context.query.Threads();
  context.query.Control().progress_total += count_;
  return global;
}

std::unique_ptr<LocalSourceState> PhysicalRange::GetLocalSourceState(ExecutionContext&,
                                                                     GlobalSourceState&) const {
  return std::make_unique<RangeLocal>();
}

void PhysicalRange::GetData(ExecutionContext& context, DataChunk& chunk,
                            GlobalSourceState& global_state, LocalSourceState& local_state) const {
  auto& global = static_cast<RangeGlobal&>(global_state);
  auto& s = static_cast<RangeLocal&>(local_state);
  if (s.emitted == s.end) {
    uint64_t morsel = global.next.fetch_add(1);
    if (morsel >= global.morsels) {
      chunk.SetCardinality(0);
      return;
    }
    s.emitted = morsel * global.morsel_rows;
    s.end = std::min(count_, s.emitted + global.morsel_rows);
    context.thread.batch = static_cast<idx_t>(morsel);
  }
  idx_t n = static_cast<idx_t>(std::min<uint64_t>(s.end - s.emitted, chunk.Capacity()));
  int64_t* out = chunk.data[0].Values<int64_t>();
  if (values_) {
    std::copy_n(values_->data() + s.emitted, n, out);
    s.emitted += n;
    context.query.Control().progress_done += n;
    chunk.SetCardinality(n);
    return;
  }
  // In unsigned arithmetic, so the last value may be near the int64 limits without
  // an intermediate overflowing; the binder made sure every value fits.
  uint64_t value = static_cast<uint64_t>(start_) + s.emitted * static_cast<uint64_t>(step_);
  for (idx_t i = 0; i < n; i++) {
    out[i] = static_cast<int64_t>(value);
    value += static_cast<uint64_t>(step_);
  }
  s.emitted += n;
  context.query.Control().progress_done += n;
  chunk.SetCardinality(n);
}

// ---- insert -------------------------------------------------------------------------

namespace {
struct InsertSink : GlobalSinkState {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  idx_t rows = 0;
  ReturnedRows returned;
};

struct InsertSource : GlobalSourceState {
  InsertSink* sink = nullptr;
  bool done = false;
  size_t next = 0;
};
}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalInsert::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<InsertSink>();
}

void PhysicalInsert::Sink(ExecutionContext&, DataChunk& input, GlobalSinkState& global,
                          LocalSinkState&) const {
  auto& s = static_cast<InsertSink&>(global);
  s.chunks.push_back(append_.Build(input, s.rows, "insert"));
  s.rows += input.size();
}

void PhysicalInsert::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& sink = static_cast<InsertSink&>(global);
  Transaction& transaction =
      context.query.WriteTransaction(*append_.Table().storage, append_.Table().name);
  if (on_conflict_) {
    ReturnedRows* changed = returning_ ? &sink.returned : capture_ ? &capture_->new_rows : nullptr;
    sink.rows = InsertOnConflict(transaction, append_.Table(), *on_conflict_, sink.chunks, changed);
    if (returning_ && capture_) {
      for (const auto& chunk : sink.returned.chunks) capture_->new_rows.Add(*chunk);
    }
    return;
  }
  // Copied before the append, which may take the chunks' vectors.
  for (const auto& chunk : sink.chunks) {
    if (returning_) sink.returned.Add(*chunk);
    if (capture_) capture_->new_rows.Add(*chunk);
  }
  append_.AppendAll(transaction, sink.chunks);
}

std::unique_ptr<GlobalSourceState> PhysicalInsert::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<InsertSource>();
  source->sink = &SinkStateOf<InsertSink>(context, *this);
  return source;
}

void PhysicalInsert::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                             LocalSourceState&) const {
  auto& done = static_cast<InsertSource&>(global);
  if (returning_) {
    done.sink->returned.Emit(done.next, chunk);
    return;
  }
  if (done.done) {
    chunk.SetCardinality(0);
    return;
  }
  chunk.data[0].Values<int64_t>()[0] = static_cast<int64_t>(done.sink->rows);
  chunk.SetCardinality(1);
  done.done = true;
}

}  // namespace teal
