// WindowSegmentTree and LeafBatch: building the tree level by level on every thread, and
// adding a frame's rows and nodes to a state.
#include "execution/window_segment_tree.hpp"

#include <algorithm>

#include "execution/task_scheduler.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

std::vector<LogicalType> TypesOf(const WindowRows& rows, const std::vector<idx_t>& columns) {
  std::vector<LogicalType> types;
  for (idx_t c : columns) {
    types.push_back(rows.chunks.empty() ? LogicalType(TypeId::kInteger)
                                        : rows.chunks[0]->data[c].Type());
  }
  return types;
}

/// Runs fn(i) for i in [0, count), split over the threads in ranges.
template <typename F>
void ParallelFor(TaskScheduler* scheduler, idx_t threads, idx_t count, F&& fn) {
  const idx_t tasks = scheduler ? std::min(threads, (count + 63) / 64) : 1;
  if (tasks <= 1) {
    for (idx_t i = 0; i < count; i++) fn(i);
    return;
  }
  scheduler->Run(tasks, [&](TaskScheduler::Job& job, idx_t t) {
    const idx_t begin = count * t / tasks, end = count * (t + 1) / tasks;
    for (idx_t i = begin; i < end && !job.Failed(); i++) fn(i);
  });
}

}  // namespace

LeafBatch::LeafBatch(const AggregateFunction& function, const WindowRows& rows,
                     const std::vector<idx_t>& argument_columns)
    : function_(function),
      input_(rows),
      columns_(argument_columns),
      batch_(TypesOf(rows, argument_columns), kVectorSize, /*zero_fill=*/false),
      rows_(kVectorSize),
      states_(kVectorSize) {}

void LeafBatch::Flush() {
  if (count_ == 0) return;
  for (idx_t a = 0; a < columns_.size(); a++) {
    Vector& target = batch_.data[a];
    const idx_t column = columns_[a];
    const PhysicalType physical = target.Type().Physical();
    for (idx_t i = 0; i < count_; i++) {
      target.Validity().Set(i, input_.IsValid(column, rows_[i]));
    }
    if (physical == PhysicalType::kList || PhysicalTypeSize(physical) == 0) {
      target.Reset();
      SelectionVector one(1);
      for (idx_t i = 0; i < count_; i++) {
        one.Set(0, WindowRows::Local(rows_[i]));
        target.CopyFrom(input_.At(column, rows_[i]), one, 1, 0, i);
      }
      continue;
    }
    if (physical == PhysicalType::kVarchar) {
      // The rows outlive the batch: their strings are read where they are.
      auto* out = target.Values<string_t>();
      for (idx_t i = 0; i < count_; i++) {
        out[i] = input_.At(column, rows_[i]).Values<string_t>()[WindowRows::Local(rows_[i])];
      }
      continue;
    }
    DispatchFixedWidth(physical, [&]<typename T>() {
      T* out = target.Values<T>();
      for (idx_t i = 0; i < count_; i++) {
        out[i] = input_.At(column, rows_[i]).Values<T>()[WindowRows::Local(rows_[i])];
      }
    });
  }
  batch_.SetCardinality(count_);
  function_.update(batch_, states_.data(), count_);
  count_ = 0;
}

WindowSegmentTree::WindowSegmentTree(const AggregateFunction& function, const WindowRows& rows,
                                     const std::vector<idx_t>& argument_columns,
                                     const std::vector<uint8_t>& usable, TaskScheduler* scheduler,
                                     idx_t threads)
    : function_(function),
      usable_(usable),
      ordered_(function.order_dependent),
      state_stride_((function.state_size + 15) / 16 * 16) {
  if (ordered_ || rows.count == 0) return;
  for (idx_t size = rows.count; size > 1 || level_sizes_.empty();) {
    size = (size + kFanout - 1) / kFanout;
    level_sizes_.push_back(size);
    levels_.emplace_back(std::max<idx_t>(size * state_stride_, 16));
    for (idx_t n = 0; n < size; n++) function_.initialize(Node(levels_.size(), n));
  }
  // Level 1 from the rows, a chunk of rows (kVectorSize / 16 whole nodes) per task.
  ParallelFor(scheduler, threads, rows.chunks.size(), [&](idx_t k) {
    LeafBatch leaves(function_, rows, argument_columns);
    const idx_t first = k * kVectorSize;
    const idx_t end = first + rows.chunks[k]->size();
    for (idx_t row = first; row < end; row++) {
      if (Usable(row)) leaves.Add(row, Node(1, row / kFanout));
    }
    leaves.Flush();
  });
  for (idx_t level = 2; level <= levels_.size(); level++) {
    const idx_t children = level_sizes_[level - 2];
    ParallelFor(scheduler, threads, level_sizes_[level - 1], [&](idx_t n) {
      const idx_t end = std::min(children, (n + 1) * kFanout);
      for (idx_t c = n * kFanout; c < end; c++) {
        function_.combine(Node(level - 1, c), Node(level, n));
      }
    });
  }
}

WindowSegmentTree::~WindowSegmentTree() {
  if (!function_.destroy) return;
  for (idx_t level = 1; level <= levels_.size(); level++) {
    for (idx_t n = 0; n < level_sizes_[level - 1]; n++) function_.destroy(Node(level, n));
  }
}

void WindowSegmentTree::Add(idx_t begin, idx_t end, data_ptr_t state, LeafBatch& leaves) const {
  auto add = [&](idx_t level, idx_t first, idx_t last) {
    for (idx_t i = first; i < last; i++) {
      if (level == 0) {
        if (Usable(i)) leaves.Add(i, state);
      } else {
        function_.combine(Node(level, i), state);
      }
    }
  };
  if (ordered_) {
    add(0, begin, end);
    return;
  }
  for (idx_t level = 0; begin < end; level++) {
    const idx_t inner_begin = (begin + kFanout - 1) / kFanout * kFanout;
    const idx_t inner_end = end / kFanout * kFanout;
    if (level == levels_.size() || inner_begin >= inner_end) {
      add(level, begin, end);
      return;
    }
    add(level, begin, inner_begin);
    add(level, inner_end, end);
    begin = inner_begin / kFanout;
    end = inner_end / kFanout;
  }
}

}  // namespace teal
