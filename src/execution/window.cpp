// PhysicalWindow: sink with the computed keys and arguments, sort, find partitions and
// peer groups, compute each call chunk by chunk on every thread, emit.
#include "execution/window.hpp"

#include <algorithm>
#include <array>

#include "execution/expression_executor.hpp"
#include "execution/order.hpp"
#include "execution/sunk_chunks.hpp"
#include "execution/task_scheduler.hpp"
#include "execution/window_segment_tree.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// -1, 0 or 1 comparing row ra of `a` with row rb of `b` (same type, both valid).
using RowCompare = int (*)(const Vector& a, idx_t ra, const Vector& b, idx_t rb);

template <typename T, typename C>
int CompareRows(const Vector& a, idx_t ra, const Vector& b, idx_t rb) {
  return C::Cmp(a.Values<T>()[ra], b.Values<T>()[rb]);
}

int CompareRowValues(const Vector& a, idx_t ra, const Vector& b, idx_t rb) {
  return CompareValues(a.GetValue(ra), b.GetValue(rb));
}

RowCompare CompareFor(const LogicalType& type) {
  const PhysicalType physical = type.Physical();
  if (physical == PhysicalType::kVarchar) return CompareRows<string_t, StringCompare>;
  if (type.Id() == TypeId::kTimeTz) return CompareRows<uint64_t, TimeTzCompare>;
  if (physical == PhysicalType::kList || PhysicalTypeSize(physical) == 0) {
    return CompareRowValues;
  }
  return DispatchFixedWidth(physical, [&]<typename T>() -> RowCompare {
    if constexpr (std::is_same_v<T, interval_t>) {
      return CompareRows<T, IntervalCompare>;
    } else {
      return CompareRows<T, PlainCompare<T>>;
    }
  });
}

/// Sets flags[i] where row i's value of `column` differs from row i - 1's (NULLs equal).
void MarkChanges(const WindowRows& rows, idx_t column, std::vector<uint8_t>& flags) {
  if (rows.count == 0) return;
  const RowCompare compare = CompareFor(rows.chunks[0]->data[column].Type());
  for (idx_t i = 1; i < rows.count; i++) {
    if (flags[i]) continue;
    const Vector& a = rows.At(column, i - 1);
    const Vector& b = rows.At(column, i);
    const idx_t ra = WindowRows::Local(i - 1), rb = WindowRows::Local(i);
    const bool va = a.RowIsValid(ra), vb = b.RowIsValid(rb);
    if (va != vb || (va && compare(a, ra, b, rb) != 0)) flags[i] = 1;
  }
}

/// Where partitions and peer groups begin, each list ending with the row count.
struct Boundaries {
  std::vector<idx_t> partitions;
  std::vector<idx_t> peers;  // every partition's first row begins a peer group too
};

/// The partition and peer group of one row, moved along row by row.
struct Cursor {
  const Boundaries& b;
  idx_t p = 0;        // partition
  idx_t q = 0;        // peer group
  idx_t q_first = 0;  // the partition's first peer group
  idx_t q_end = 0;    // the group after its last

  void Seek(idx_t row) {
    auto find = [row](const std::vector<idx_t>& starts) {
      return static_cast<idx_t>(std::upper_bound(starts.begin(), starts.end() - 1, row) -
                                starts.begin()) -
             1;
    };
    p = find(b.partitions);
    q = find(b.peers);
    q_first = static_cast<idx_t>(std::lower_bound(b.peers.begin(), b.peers.end(), b.partitions[p]) -
                                 b.peers.begin());
    q_end = static_cast<idx_t>(
        std::lower_bound(b.peers.begin(), b.peers.end(), b.partitions[p + 1]) - b.peers.begin());
  }
  /// To `row`, the row after the current one.
  void Next(idx_t row) {
    if (row >= b.partitions[p + 1]) return Seek(row);
    while (row >= b.peers[q + 1]) q++;
  }
  idx_t PartitionBegin() const { return b.partitions[p]; }
  idx_t PartitionEnd() const { return b.partitions[p + 1]; }
  idx_t PeerBegin() const { return b.peers[q]; }
  idx_t PeerEnd() const { return b.peers[q + 1]; }
};

/// A frame: up to three ranges of rows, in row order (EXCLUDE cuts holes into it).
struct Frame {
  std::array<std::pair<idx_t, idx_t>, 3> pieces;
  idx_t count = 0;
  bool operator==(const Frame& other) const {
    return count == other.count &&
           std::equal(pieces.begin(), pieces.begin() + count, other.pieces.begin());
  }
};

/// Computes the calls of one chunk of rows.
class ChunkEvaluator {
 public:
  ChunkEvaluator(const WindowRows& rows, const Boundaries& boundaries,
                 const PhysicalWindow::Call& call, const OrderKey* range_order)
      : rows_(rows), boundaries_(boundaries), call_(call), range_order_(range_order) {
    if (call.range_key != kInvalidIndex && rows.count > 0) {
      compare_ = CompareFor(rows.chunks[0]->data[call.range_key].Type());
    }
  }

  /// Rows [first, end) of `call` into `result` (rows 0 … end - first).
  void Evaluate(idx_t first, idx_t end, Vector& result, const WindowSegmentTree* tree) const;

 private:
  /// The frame offset in `column` at `row`, of the boundary that is `preceding` or not.
  int64_t Count(idx_t column, idx_t row, bool preceding) const {
    const Vector& v = rows_.At(column, row);
    const idx_t local = WindowRows::Local(row);
    // DuckDB's words first ("Window ROWS PRECEDING expression cannot be NULL").
    const std::string boundary =
        fmt::format("Window {} {} expression", call_.unit == FrameUnit::kRows ? "ROWS" : "GROUPS",
                    preceding ? "PRECEDING" : "FOLLOWING");
    if (!v.RowIsValid(local)) {
      throw InvalidInputError(fmt::format("{} cannot be NULL: a frame offset must not be NULL ({})",
                                          boundary, call_.text));
    }
    const int64_t n = v.Values<int64_t>()[local];
    if (n < 0) {
      throw InvalidInputError(fmt::format(
          "{} cannot be negative: a frame offset must not be negative ({})", boundary, call_.text));
    }
    return n;
  }
  /// The first row of the partition (from `cursor`) not before the RANGE boundary in
  /// `column` at `row` (`after`: the first row after it).
  idx_t RangeSearch(const Cursor& cursor, idx_t row, idx_t column, bool after) const;
  idx_t FrameStart(const Cursor& cursor, idx_t row) const;
  idx_t FrameEnd(const Cursor& cursor, idx_t row) const;
  Frame FrameOf(const Cursor& cursor, idx_t row) const;
  void CopyValue(idx_t column, idx_t from, Vector& result, idx_t to) const {
    SelectionVector one(1);
    one.Set(0, WindowRows::Local(from));
    result.CopyFrom(rows_.At(column, from), one, 1, 0, to);
  }
  bool ValueIsNull(idx_t row) const { return !rows_.IsValid(call_.arguments[0], row); }

  const WindowRows& rows_;
  const Boundaries& boundaries_;
  const PhysicalWindow::Call& call_;
  const OrderKey* range_order_;  // the one ORDER BY key of a RANGE frame with offsets
  RowCompare compare_ = nullptr;
};

idx_t ChunkEvaluator::RangeSearch(const Cursor& cursor, idx_t row, idx_t column, bool after) const {
  // The partition's rows with a non-NULL key: NULLs sort together at one end.
  idx_t begin = cursor.PartitionBegin(), end = cursor.PartitionEnd();
  const idx_t key = call_.range_key;
  if (range_order_->nulls_first) {
    idx_t lo = begin, hi = end;
    while (lo < hi) {
      const idx_t mid = lo + (hi - lo) / 2;
      if (!rows_.IsValid(key, mid)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    begin = lo;
  } else {
    idx_t lo = begin, hi = end;
    while (lo < hi) {
      const idx_t mid = lo + (hi - lo) / 2;
      if (rows_.IsValid(key, mid)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    end = lo;
  }
  const Vector& boundary = rows_.At(column, row);
  const idx_t boundary_row = WindowRows::Local(row);
  if (!boundary.RowIsValid(boundary_row)) {
    throw InvalidInputError(fmt::format("a RANGE frame boundary is NULL ({})", call_.text));
  }
  const bool descending = range_order_->descending;
  // Rows before the boundary (or not after it) come first in the partition.
  auto goes_before = [&](idx_t r) {
    int c = compare_(rows_.At(key, r), WindowRows::Local(r), boundary, boundary_row);
    if (descending) c = -c;
    return after ? c <= 0 : c < 0;
  };
  idx_t lo = begin, hi = end;
  while (lo < hi) {
    const idx_t mid = lo + (hi - lo) / 2;
    if (goes_before(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

idx_t ChunkEvaluator::FrameStart(const Cursor& cursor, idx_t row) const {
  const idx_t begin = cursor.PartitionBegin(), end = cursor.PartitionEnd();
  switch (call_.start) {
    case FrameBoundary::kUnboundedPreceding:
      return begin;
    case FrameBoundary::kUnboundedFollowing:
      return end;
    case FrameBoundary::kCurrentRow:
      return call_.unit == FrameUnit::kRows ? row : cursor.PeerBegin();
    case FrameBoundary::kPreceding:
    case FrameBoundary::kFollowing:
      break;
  }
  const bool preceding = call_.start == FrameBoundary::kPreceding;
  if (call_.unit == FrameUnit::kRange) {
    if (!rows_.IsValid(call_.range_key, row)) return cursor.PeerBegin();
    return RangeSearch(cursor, row, call_.start_offset, false);
  }
  const auto n = static_cast<idx_t>(Count(call_.start_offset, row, preceding));
  if (call_.unit == FrameUnit::kRows) {
    if (preceding) return row - begin < n ? begin : row - n;
    return end - row < n ? end : row + n;
  }
  // GROUPS: the first row of the peer group n groups away.
  const idx_t group = cursor.q;
  if (preceding) return boundaries_.peers[group - cursor.q_first < n ? cursor.q_first : group - n];
  return cursor.q_end - group <= n ? end : boundaries_.peers[group + n];
}

idx_t ChunkEvaluator::FrameEnd(const Cursor& cursor, idx_t row) const {
  const idx_t begin = cursor.PartitionBegin(), end = cursor.PartitionEnd();
  switch (call_.end) {
    case FrameBoundary::kUnboundedPreceding:
      return begin;
    case FrameBoundary::kUnboundedFollowing:
      return end;
    case FrameBoundary::kCurrentRow:
      return call_.unit == FrameUnit::kRows ? row + 1 : cursor.PeerEnd();
    case FrameBoundary::kPreceding:
    case FrameBoundary::kFollowing:
      break;
  }
  const bool preceding = call_.end == FrameBoundary::kPreceding;
  if (call_.unit == FrameUnit::kRange) {
    if (!rows_.IsValid(call_.range_key, row)) return cursor.PeerEnd();
    return RangeSearch(cursor, row, call_.end_offset, true);
  }
  const auto n = static_cast<idx_t>(Count(call_.end_offset, row, preceding));
  if (call_.unit == FrameUnit::kRows) {
    if (preceding) return row - begin < n ? begin : row - n + 1;
    return end - row <= n ? end : row + n + 1;
  }
  // GROUPS: the end of the peer group n groups away.
  const idx_t group = cursor.q;
  if (preceding) return group - cursor.q_first < n ? begin : boundaries_.peers[group - n + 1];
  return cursor.q_end - group <= n + 1 ? end : boundaries_.peers[group + n + 1];
}

Frame ChunkEvaluator::FrameOf(const Cursor& cursor, idx_t row) const {
  const idx_t begin = FrameStart(cursor, row);
  const idx_t end = std::max(begin, FrameEnd(cursor, row));
  Frame frame;
  auto add = [&](idx_t a, idx_t b) {
    if (a < b) frame.pieces[frame.count++] = {a, b};
  };
  switch (call_.exclude) {
    case FrameExclude::kNoOthers:
      add(begin, end);
      break;
    case FrameExclude::kCurrentRow:
      add(begin, std::min(end, row));
      add(std::max(begin, row + 1), end);
      break;
    case FrameExclude::kGroup:
    case FrameExclude::kTies:
      add(begin, std::min(end, cursor.PeerBegin()));
      if (call_.exclude == FrameExclude::kTies && begin <= row && row < end) add(row, row + 1);
      add(std::max(begin, cursor.PeerEnd()), end);
      break;
  }
  return frame;
}

void ChunkEvaluator::Evaluate(idx_t first, idx_t end, Vector& result,
                              const WindowSegmentTree* tree) const {
  Cursor cursor{boundaries_};
  cursor.Seek(first);
  const idx_t count = end - first;
  switch (call_.function) {
    case WindowFunction::kRowNumber:
    case WindowFunction::kRank:
    case WindowFunction::kDenseRank: {
      auto* out = result.Values<int64_t>();
      for (idx_t i = 0; i < count; i++) {
        const idx_t row = first + i;
        if (i) cursor.Next(row);
        const idx_t base = cursor.PartitionBegin();
        out[i] = call_.function == WindowFunction::kRowNumber ? static_cast<int64_t>(row - base + 1)
                 : call_.function == WindowFunction::kRank
                     ? static_cast<int64_t>(cursor.PeerBegin() - base + 1)
                     : static_cast<int64_t>(cursor.q - cursor.q_first + 1);
      }
      return;
    }
    case WindowFunction::kPercentRank:
    case WindowFunction::kCumeDist: {
      auto* out = result.Values<double>();
      for (idx_t i = 0; i < count; i++) {
        if (i) cursor.Next(first + i);
        const idx_t base = cursor.PartitionBegin();
        const auto size = static_cast<double>(cursor.PartitionEnd() - base);
        if (call_.function == WindowFunction::kPercentRank) {
          out[i] = size > 1 ? static_cast<double>(cursor.PeerBegin() - base) / (size - 1) : 0.0;
        } else {
          out[i] = static_cast<double>(cursor.PeerEnd() - base) / size;
        }
      }
      return;
    }
    case WindowFunction::kNtile: {
      auto* out = result.Values<int64_t>();
      for (idx_t i = 0; i < count; i++) {
        const idx_t row = first + i;
        if (i) cursor.Next(row);
        const idx_t column = call_.arguments[0];
        if (!rows_.IsValid(column, row)) {
          result.SetNull(i);
          continue;
        }
        int64_t buckets = rows_.At(column, row).Values<int64_t>()[WindowRows::Local(row)];
        if (buckets <= 0) {
          throw InvalidInputError(
              fmt::format("the argument of ntile must be greater than zero ({})", call_.text));
        }
        // The first (size % buckets) buckets hold one row more than the others.
        const auto size = static_cast<int64_t>(cursor.PartitionEnd() - cursor.PartitionBegin());
        const auto position = static_cast<int64_t>(row - cursor.PartitionBegin());
        buckets = std::min(buckets, size);
        const int64_t small = size / buckets, large = size % buckets;
        const int64_t in_large = large * (small + 1);
        out[i] = position < in_large ? 1 + position / (small + 1)
                                     : 1 + large + (position - in_large) / small;
      }
      return;
    }
    case WindowFunction::kLag:
    case WindowFunction::kLead: {
      const idx_t value = call_.arguments[0];
      for (idx_t i = 0; i < count; i++) {
        const idx_t row = first + i;
        if (i) cursor.Next(row);
        int64_t offset = 1;
        if (call_.arguments.size() >= 2) {
          const idx_t column = call_.arguments[1];
          if (!rows_.IsValid(column, row)) {
            result.SetNull(i);
            continue;
          }
          offset = rows_.At(column, row).Values<int64_t>()[WindowRows::Local(row)];
        }
        if (call_.function == WindowFunction::kLag) offset = -offset;
        const auto begin = static_cast<int64_t>(cursor.PartitionBegin());
        const auto end = static_cast<int64_t>(cursor.PartitionEnd());
        int64_t target = static_cast<int64_t>(row);
        if (!call_.ignore_nulls) {
          target = offset < begin - target || offset >= end - target ? -1 : target + offset;
        } else if (offset != 0) {
          // |offset| rows with a value, away from the current one.
          const int64_t step = offset > 0 ? 1 : -1;
          int64_t left = offset > 0 ? offset : -offset;
          while (left > 0) {
            target += step;
            if (target < begin || target >= end) break;
            if (!ValueIsNull(static_cast<idx_t>(target))) left--;
          }
          if (left > 0) target = -1;
        }
        if (target >= 0) {
          CopyValue(value, static_cast<idx_t>(target), result, i);
        } else if (call_.arguments.size() == 3) {
          CopyValue(call_.arguments[2], row, result, i);
        } else {
          result.SetNull(i);
        }
      }
      return;
    }
    case WindowFunction::kFirstValue:
    case WindowFunction::kLastValue:
    case WindowFunction::kNthValue: {
      const idx_t value = call_.arguments[0];
      for (idx_t i = 0; i < count; i++) {
        const idx_t row = first + i;
        if (i) cursor.Next(row);
        int64_t nth = 1;
        if (call_.function == WindowFunction::kNthValue) {
          const idx_t column = call_.arguments[1];
          if (!rows_.IsValid(column, row)) {
            result.SetNull(i);
            continue;
          }
          nth = rows_.At(column, row).Values<int64_t>()[WindowRows::Local(row)];
          if (nth <= 0) {
            throw InvalidInputError(fmt::format(
                "the argument n of nth_value must be greater than zero ({})", call_.text));
          }
        }
        const Frame frame = FrameOf(cursor, row);
        idx_t found = kInvalidIndex;
        if (call_.function == WindowFunction::kLastValue) {
          for (idx_t p = frame.count; p-- > 0 && found == kInvalidIndex;) {
            for (idx_t r = frame.pieces[p].second; r-- > frame.pieces[p].first;) {
              if (!call_.ignore_nulls || !ValueIsNull(r)) {
                found = r;
                break;
              }
            }
          }
        } else {
          for (idx_t p = 0; p < frame.count && found == kInvalidIndex; p++) {
            for (idx_t r = frame.pieces[p].first; r < frame.pieces[p].second; r++) {
              if (call_.ignore_nulls && ValueIsNull(r)) continue;
              if (--nth == 0) {
                found = r;
                break;
              }
            }
          }
        }
        if (found == kInvalidIndex) {
          result.SetNull(i);
        } else {
          CopyValue(value, found, result, i);
        }
      }
      return;
    }
    case WindowFunction::kAggregate:
      break;
  }
  // An aggregate over each row's frame; rows with the same frame share one state.
  const AggregateFunction& function = *call_.aggregate;
  const idx_t stride = (function.state_size + 15) / 16 * 16;
  OwnedBlock block(std::max<idx_t>(count * stride, 16));
  std::vector<data_ptr_t> states(count);
  idx_t used = 0;
  LeafBatch leaves(function, rows_, call_.arguments);
  Frame previous;
  struct DestroyStates {
    const AggregateFunction& function;
    OwnedBlock& block;
    idx_t stride;
    idx_t& used;
    ~DestroyStates() {
      if (!function.destroy) return;
      for (idx_t s = 0; s < used; s++) {
        function.destroy(reinterpret_cast<data_ptr_t>(block.get()) + s * stride);
      }
    }
  } destroy{function, block, stride, used};
  for (idx_t i = 0; i < count; i++) {
    const idx_t row = first + i;
    if (i) cursor.Next(row);
    const Frame frame = FrameOf(cursor, row);
    if (i && frame == previous) {
      states[i] = states[i - 1];
      continue;
    }
    previous = frame;
    data_ptr_t state = reinterpret_cast<data_ptr_t>(block.get()) + used * stride;
    function.initialize(state);
    used++;
    for (idx_t p = 0; p < frame.count; p++) {
      tree->Add(frame.pieces[p].first, frame.pieces[p].second, state, leaves);
    }
    states[i] = state;
  }
  leaves.Flush();
  function.finalize(states.data(), count, result, 0);
}

struct WindowLocal : LocalSunkChunks {
  ExpressionExecutor executor;
  DataChunk rows;  // the input's columns and the computed ones, as Sink passes them on
};

struct WindowSink : GlobalSinkState {
  GlobalSunkChunks sunk;
  WindowRows rows;                           // after Finalize: sorted
  std::vector<std::vector<Vector>> results;  // per chunk of rows, per call
};

struct WindowSource : GlobalSourceState {
  WindowSink* sink = nullptr;
  idx_t next = 0;
};

}  // namespace

PhysicalWindow::PhysicalWindow(std::vector<LogicalType> types, LogicalWindow& window)
    : PhysicalSink(std::move(types)) {
  input_width_ = this->types.size() - window.calls.size();
  sunk_types_.assign(this->types.begin(),
                     this->types.begin() + static_cast<std::ptrdiff_t>(input_width_));
  for (auto& e : window.partitions) {
    partition_columns_.push_back(ColumnOf(std::move(e)));
    sort_keys_.push_back(OrderKey{partition_columns_.back(), false, false});
  }
  for (size_t k = 0; k < window.orders.size(); k++) {
    order_columns_.push_back(ColumnOf(std::move(window.orders[k])));
    OrderKey key = window.order_keys[k];
    key.column = order_columns_.back();
    order_keys_.push_back(key);
    sort_keys_.push_back(key);
  }
  for (auto& c : window.calls) {
    Call call;
    call.function = c.function;
    call.aggregate = c.aggregate;
    for (auto& a : c.arguments) call.arguments.push_back(ColumnOf(std::move(a)));
    call.ignore_nulls = c.ignore_nulls;
    call.unit = c.unit;
    call.start = c.start;
    call.end = c.end;
    if (c.start_offset) call.start_offset = ColumnOf(std::move(c.start_offset));
    if (c.end_offset) call.end_offset = ColumnOf(std::move(c.end_offset));
    if (c.range_key) call.range_key = ColumnOf(std::move(c.range_key));
    call.exclude = c.exclude;
    call.type = c.type;
    call.text = c.text;
    calls_.push_back(std::move(call));
  }
}

idx_t PhysicalWindow::ColumnOf(ExpressionPtr e) {
  if (e->kind == BoundKind::kColumnRef) return e->column;
  for (idx_t i = 0; i < computed_.size(); i++) {
    if (computed_[i]->Equals(*e)) return input_width_ + i;
  }
  sunk_types_.push_back(e->type);
  computed_.push_back(std::move(e));
  return input_width_ + computed_.size() - 1;
}

std::unique_ptr<GlobalSinkState> PhysicalWindow::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<WindowSink>();
}

std::unique_ptr<LocalSinkState> PhysicalWindow::GetLocalSinkState(ExecutionContext&) const {
  auto local = std::make_unique<WindowLocal>();
  for (const auto& e : computed_) local->executor.Add(*e);
  local->rows.Initialize(sunk_types_, kVectorSize);
  return local;
}

void PhysicalWindow::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                          LocalSinkState& state) const {
  auto& local = static_cast<WindowLocal&>(state);
  for (idx_t c = 0; c < input_width_; c++) local.rows.data[c].Reference(input.data[c]);
  for (idx_t i = 0; i < computed_.size(); i++) {
    local.executor.Execute(input, local.rows.data[input_width_ + i], i);
  }
  local.rows.SetCardinality(input.size());
  local.Add(context, local.rows, sunk_types_);
}

void PhysicalWindow::Combine(ExecutionContext&, GlobalSinkState& global,
                             LocalSinkState& local) const {
  static_cast<WindowSink&>(global).sunk.Combine(static_cast<WindowLocal&>(local));
}

void PhysicalWindow::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<WindowSink&>(state);
  WindowRows& rows = sink.rows;
  rows.chunks = SortIntoChunks(context, sink.sunk.TakeInOrder(), sunk_types_, sort_keys_);
  for (const auto& chunk : rows.chunks) rows.count += chunk->size();
  context.query.CheckInterrupt();

  Boundaries boundaries;
  std::vector<uint8_t> starts(rows.count, 0);
  if (rows.count) starts[0] = 1;
  for (idx_t c : partition_columns_) MarkChanges(rows, c, starts);
  for (idx_t i = 0; i < rows.count; i++) {
    if (starts[i]) boundaries.partitions.push_back(i);
  }
  for (idx_t c : order_columns_) MarkChanges(rows, c, starts);
  for (idx_t i = 0; i < rows.count; i++) {
    if (starts[i]) boundaries.peers.push_back(i);
  }
  boundaries.partitions.push_back(rows.count);
  boundaries.peers.push_back(rows.count);
  starts = {};
  context.query.CheckInterrupt();

  TaskScheduler* scheduler = context.query.Scheduler();
  const idx_t threads = context.query.Threads();
  // The aggregates' trees, over the rows that count for them.
  std::vector<std::vector<uint8_t>> usable(calls_.size());
  std::vector<std::unique_ptr<WindowSegmentTree>> trees(calls_.size());
  for (idx_t k = 0; k < calls_.size(); k++) {
    const Call& call = calls_[k];
    if (call.function != WindowFunction::kAggregate) continue;
    if (call.aggregate->ignores_nulls) {
      bool any_null = false;
      for (const auto& chunk : rows.chunks) {
        for (idx_t a : call.arguments) {
          if (!chunk->data[a].Validity().AllSet(chunk->size())) any_null = true;
        }
      }
      if (any_null) {
        usable[k].assign(rows.count, 1);
        for (idx_t i = 0; i < rows.count; i++) {
          for (idx_t a : call.arguments) {
            if (!rows.IsValid(a, i)) usable[k][i] = 0;
          }
        }
      }
    }
    trees[k] = std::make_unique<WindowSegmentTree>(*call.aggregate, rows, call.arguments, usable[k],
                                                   scheduler, threads);
  }
  context.query.CheckInterrupt();

  const OrderKey* range_order = order_keys_.empty() ? nullptr : &order_keys_[0];
  sink.results.resize(rows.chunks.size());
  auto evaluate = [&](idx_t chunk) {
    const idx_t first = chunk * kVectorSize;
    const idx_t end = first + rows.chunks[chunk]->size();
    std::vector<Vector>& results = sink.results[chunk];
    for (idx_t k = 0; k < calls_.size(); k++) {
      // Every row is written (or set NULL): no need to zero the buffer first.
      results.emplace_back(calls_[k].type, kVectorSize, /*zero_fill=*/false);
      ChunkEvaluator(rows, boundaries, calls_[k], range_order)
          .Evaluate(first, end, results.back(), trees[k].get());
    }
  };
  const idx_t tasks = std::min<idx_t>(threads, rows.chunks.size());
  if (scheduler && tasks > 1) {
    scheduler->Run(tasks, [&](TaskScheduler::Job& job, idx_t t) {
      for (idx_t k = t; k < rows.chunks.size() && !job.Failed(); k += tasks) evaluate(k);
    });
  } else {
    for (idx_t k = 0; k < rows.chunks.size(); k++) evaluate(k);
  }
}

std::unique_ptr<GlobalSourceState> PhysicalWindow::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<WindowSource>();
  source->sink = &SinkStateOf<WindowSink>(context, *this);
  return source;
}

void PhysicalWindow::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& state,
                             LocalSourceState&) const {
  auto& source = static_cast<WindowSource&>(state);
  WindowSink& sink = *source.sink;
  if (source.next >= sink.rows.chunks.size()) {
    chunk.SetCardinality(0);
    return;
  }
  const idx_t k = source.next++;
  // Handed over: the memory goes as the consumer is done with it.
  std::unique_ptr<DataChunk> rows = std::move(sink.rows.chunks[k]);
  for (idx_t c = 0; c < input_width_; c++) chunk.data[c].Reference(rows->data[c]);
  for (idx_t j = 0; j < calls_.size(); j++) {
    chunk.data[input_width_ + j].Reference(sink.results[k][j]);
  }
  sink.results[k].clear();
  chunk.SetCardinality(rows->size());
}

}  // namespace teal
