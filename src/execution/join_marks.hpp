// Join marks: what a join whose probe side runs on several threads records of its build
// rows (matched or not), and which probe thread emits the rows the marks select.
//
// Probe threads may mark the same row at once, so marks are atomic stores (relaxed: a
// mark is only read after every probe thread has ended, which the acquire-release count
// below orders). The thread whose input ends last sees every mark and emits; the others
// emit nothing.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "execution/execution_context.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

inline void Mark(uint8_t& flag) {
  std::atomic_ref<uint8_t>(flag).store(1, std::memory_order_relaxed);
}

inline bool Marked(uint8_t& flag) {
  return std::atomic_ref<uint8_t>(flag).load(std::memory_order_relaxed) != 0;
}

/// Counts this probe thread's input as ended in `ended`; true for the last of the
/// pipeline's threads, which emits the final output.
inline bool LastProbeThread(std::atomic<idx_t>& ended, const ExecutionContext& context) {
  return ended.fetch_add(1, std::memory_order_acq_rel) + 1 == context.thread.pipeline_threads;
}

/// The build rows of a right or full join that no probe row matched, padded with NULLs on
/// the left: the probe thread that finishes last emits them, a vector at a time. One per
/// probe thread's state.
struct UnmatchedBuildRows {
  /// Fills `out` (the joined row: `left_columns` columns, all NULL, then `build`'s) with
  /// the next unmatched rows of `build`; true while rows remain after them. A thread that
  /// is not the last emits nothing and gets false.
  bool Next(const ExecutionContext& context, std::atomic<idx_t>& probes_done,
            const DataChunk& build, std::vector<uint8_t>& matched, idx_t left_columns,
            DataChunk& out) {
    out.Reset();
    if (!started_) {
      started_ = true;
      emits_ = LastProbeThread(probes_done, context);
    }
    if (!emits_) {
      out.SetCardinality(0);
      return false;
    }
    const idx_t total = build.size();
    SelectionVector pick(kVectorSize);
    idx_t count = 0;
    while (next_ < total && count < kVectorSize) {
      if (!matched[next_]) pick.Set(count++, next_);
      next_++;
    }
    for (idx_t c = 0; c < left_columns; c++) {
      for (idx_t i = 0; i < count; i++) out.data[c].SetNull(i);
    }
    for (idx_t c = 0; c < build.ColumnCount(); c++) {
      out.data[left_columns + c].CopyFrom(build.data[c], pick, count, 0, 0);
    }
    out.SetCardinality(count);
    return next_ < total;
  }

 private:
  bool started_ = false, emits_ = false;
  idx_t next_ = 0;
};

}  // namespace teal
