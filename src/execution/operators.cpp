// The physical operators of operators.hpp.
#include "execution/operators.hpp"

#include <fmt/format.h>

#include "execution/expression_executor.hpp"
#include "execution/insert_on_conflict.hpp"
#include "execution/returned_rows.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
struct DoneState : SourceState {
  bool done = false;
};
}  // namespace

// ---- scans ------------------------------------------------------------------------

namespace {
struct TableScanSource : SourceState {
  TableScanState scan;
};
}  // namespace

std::unique_ptr<SourceState> PhysicalTableScan::GetSourceState() const {
  return std::make_unique<TableScanSource>();
}

void PhysicalTableScan::GetData(DataChunk& chunk, SourceState& state) const {
  auto& scan = static_cast<TableScanSource&>(state).scan;
  // Vectors whose rows all fail the filter are skipped: an empty chunk means the end.
  while (table_->Scan(scan, column_ids_, chunk)) {
    if (!filter_) return;
    SelectionVector sel(chunk.size());
    idx_t count = ExpressionExecutor::Select(*filter_, chunk, sel);
    if (count == chunk.size()) return;
    if (count > 0) {
      chunk.Slice(sel, count);
      return;
    }
  }
  chunk.SetCardinality(0);
}

std::unique_ptr<SourceState> PhysicalDummyScan::GetSourceState() const {
  return std::make_unique<DoneState>();
}

void PhysicalDummyScan::GetData(DataChunk& chunk, SourceState& state) const {
  auto& done = static_cast<DoneState&>(state);
  chunk.SetCardinality(done.done ? 0 : 1);
  done.done = true;
}

namespace {
struct ValuesSource : SourceState {
  idx_t next_row = 0;
};
}  // namespace

std::unique_ptr<SourceState> PhysicalValues::GetSourceState() const {
  return std::make_unique<ValuesSource>();
}

void PhysicalValues::GetData(DataChunk& chunk, SourceState& state) const {
  auto& s = static_cast<ValuesSource&>(state);
  DataChunk one_row;
  one_row.SetCardinality(1);
  idx_t produced = 0;
  while (s.next_row < rows_.size() && produced < kVectorSize) {
    const auto& row = rows_[s.next_row];
    for (idx_t c = 0; c < row.size(); c++) {
      Vector v(row[c]->type, 1);
      ExpressionExecutor::Execute(*row[c], one_row, v);
      chunk.data[c].SetValue(produced, v.GetValue(0));
    }
    produced++;
    s.next_row++;
  }
  chunk.SetCardinality(produced);
}

// ---- streaming operators ------------------------------------------------------------

OperatorResult PhysicalFilter::Execute(DataChunk& input, DataChunk& output, OperatorState&) const {
  SelectionVector sel(std::max<idx_t>(input.size(), 1));
  idx_t count = ExpressionExecutor::Select(*predicate_, input, sel);
  output.Reference(input);
  if (count < input.size()) output.Slice(sel, count);
  return OperatorResult::kNeedMoreInput;
}

OperatorResult PhysicalProjection::Execute(DataChunk& input, DataChunk& output,
                                           OperatorState&) const {
  for (idx_t i = 0; i < expressions_.size(); i++) {
    ExpressionExecutor::Execute(*expressions_[i], input, output.data[i]);
  }
  output.SetCardinality(input.size());
  return OperatorResult::kNeedMoreInput;
}

namespace {
struct LimitState : OperatorState {
  idx_t seen = 0;  // rows of input seen so far
};
}  // namespace

std::unique_ptr<OperatorState> PhysicalLimit::GetOperatorState() const {
  return std::make_unique<LimitState>();
}

OperatorResult PhysicalLimit::Execute(DataChunk& input, DataChunk& output,
                                      OperatorState& state) const {
  auto& s = static_cast<LimitState&>(state);
  idx_t end = limit_ == kInvalidIndex ? kInvalidIndex : offset_ + limit_;
  idx_t first = s.seen, last = s.seen + input.size();  // rows [first, last) of the stream
  s.seen = last;
  idx_t from = std::max(first, offset_), to = std::min(last, end);
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
struct RangeState : SourceState {
  uint64_t emitted = 0;
};
}  // namespace

std::unique_ptr<SourceState> PhysicalRange::GetSourceState() const {
  return std::make_unique<RangeState>();
}

void PhysicalRange::GetData(DataChunk& chunk, SourceState& state) const {
  auto& s = static_cast<RangeState&>(state);
  idx_t n = static_cast<idx_t>(std::min<uint64_t>(count_ - s.emitted, chunk.Capacity()));
  int64_t* out = chunk.data[0].Values<int64_t>();
  // In unsigned arithmetic, so the last value may be near the int64 limits without
  // an intermediate overflowing; the binder made sure every value fits.
  uint64_t value = static_cast<uint64_t>(start_) + s.emitted * static_cast<uint64_t>(step_);
  for (idx_t i = 0; i < n; i++) {
    out[i] = static_cast<int64_t>(value);
    value += static_cast<uint64_t>(step_);
  }
  s.emitted += n;
  chunk.SetCardinality(n);
}

// ---- insert -------------------------------------------------------------------------

namespace {
struct InsertSink : SinkState {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  idx_t rows = 0;
  ReturnedRows returned;
};

struct InsertSource : SourceState {
  bool done = false;
  size_t next = 0;
};
}  // namespace

std::unique_ptr<SinkState> PhysicalInsert::GetSinkState() const {
  return std::make_unique<InsertSink>();
}

void PhysicalInsert::Sink(DataChunk& input, SinkState& state) const {
  auto& s = static_cast<InsertSink&>(state);
  s.chunks.push_back(append_.Build(input, s.rows, "insert"));
  s.rows += input.size();
}

void PhysicalInsert::Finalize(SinkState& state) const {
  auto& sink = static_cast<InsertSink&>(state);
  if (on_conflict_) {
    sink.rows = InsertOnConflict(append_.Table(), *on_conflict_, sink.chunks,
                                 returning_ ? &sink.returned : nullptr);
    return;
  }
  // Copied before the append, which may take the chunks' vectors.
  if (returning_) {
    for (const auto& chunk : sink.chunks) sink.returned.Add(*chunk);
  }
  append_.AppendAll(sink.chunks);
}

std::unique_ptr<SourceState> PhysicalInsert::GetSourceState() const {
  return std::make_unique<InsertSource>();
}

void PhysicalInsert::GetData(DataChunk& chunk, SourceState& state) const {
  auto& done = static_cast<InsertSource&>(state);
  if (returning_) {
    static_cast<InsertSink&>(*sink_state).returned.Emit(done.next, chunk);
    return;
  }
  if (done.done) {
    chunk.SetCardinality(0);
    return;
  }
  chunk.data[0].Values<int64_t>()[0] =
      static_cast<int64_t>(static_cast<InsertSink&>(*sink_state).rows);
  chunk.SetCardinality(1);
  done.done = true;
}

}  // namespace teal
