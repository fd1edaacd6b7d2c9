// WindowRows and WindowSegmentTree: what the window operator (window.hpp) reads its rows
// through, and how it computes an aggregate over any frame without visiting every row of
// the frame.
//
// WindowRows are the input's rows in window order, in chunks of kVectorSize rows: row i is
// row i % kVectorSize of chunk i / kVectorSize.
//
// The segment tree holds, for every aligned run of 16 rows, the aggregate's state over the
// run (level 1), for every 16 of those the state over 256 rows (level 2), and so on up to a
// level of one node. An aggregate over rows [begin, end) adds the rows of its ragged ends
// one by one and whole nodes for the aligned middle: at most 2 x 15 rows or nodes per level,
// so a frame costs O(log n) whatever its size. Single rows are gathered into a batch and
// added with one `update` call per batch (LeafBatch); nodes are merged with `combine`.
// Aggregates whose result depends on the order of their rows (list, string_agg, first) get
// no tree: their frames are added row by row, in order.
#pragma once

#include <memory>
#include <vector>

#include "common/block_allocator.hpp"
#include "function/function.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

class TaskScheduler;

struct WindowRows {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  idx_t count = 0;
  static constexpr int kShift = 11;
  static_assert(kVectorSize == idx_t{1} << kShift, "rows are addressed by kVectorSize chunks");
  const Vector& At(idx_t column, idx_t row) const { return chunks[row >> kShift]->data[column]; }
  static idx_t Local(idx_t row) { return row & (kVectorSize - 1); }
  bool IsValid(idx_t column, idx_t row) const { return At(column, row).RowIsValid(Local(row)); }
};

/// Rows of WindowRows waiting to be added to aggregate states: each row's argument values go
/// into a batch, and one `update` adds the batch to the rows' target states.
class LeafBatch {
 public:
  LeafBatch(const AggregateFunction& function, const WindowRows& rows,
            const std::vector<idx_t>& argument_columns);
  void Add(idx_t row, data_ptr_t state) {
    rows_[count_] = row;
    states_[count_] = state;
    if (++count_ == kVectorSize) Flush();
  }
  /// Adds the waiting rows to their states.
  void Flush();

 private:
  const AggregateFunction& function_;
  const WindowRows& input_;
  const std::vector<idx_t>& columns_;
  DataChunk batch_;
  std::vector<idx_t> rows_;
  std::vector<data_ptr_t> states_;
  idx_t count_ = 0;
};

class WindowSegmentTree {
 public:
  /// `usable[row]` (empty: every row is) says whether the row counts: false for rows with a
  /// NULL argument of an aggregate that skips them, or that FILTER leaves out.
  WindowSegmentTree(const AggregateFunction& function, const WindowRows& rows,
                    const std::vector<idx_t>& argument_columns, const std::vector<uint8_t>& usable,
                    TaskScheduler* scheduler, idx_t threads);
  ~WindowSegmentTree();
  WindowSegmentTree(const WindowSegmentTree&) = delete;
  WindowSegmentTree& operator=(const WindowSegmentTree&) = delete;

  /// Adds rows [begin, end) to `state`: single rows through `leaves` (flushed by the caller
  /// before the state is read), nodes at once.
  void Add(idx_t begin, idx_t end, data_ptr_t state, LeafBatch& leaves) const;
  bool Usable(idx_t row) const { return usable_.empty() || usable_[row]; }

 private:
  static constexpr idx_t kFanout = 16;
  data_ptr_t Node(idx_t level, idx_t index) const {
    return reinterpret_cast<data_ptr_t>(levels_[level - 1].get()) + index * state_stride_;
  }

  const AggregateFunction& function_;
  const std::vector<uint8_t>& usable_;
  bool ordered_;  // order-dependent: no tree, rows one by one
  idx_t state_stride_;
  std::vector<OwnedBlock> levels_;  // level 1, 2, …: the nodes' states
  std::vector<idx_t> level_sizes_;
};

}  // namespace teal
