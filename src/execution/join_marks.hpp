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

#include "execution/execution_context.hpp"

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

}  // namespace teal
