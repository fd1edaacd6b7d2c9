// SunkChunks: chunks that the threads of a pipeline sink, kept with their place in the
// single-thread order, for sinks whose result must not depend on the number of threads
// (a sort's ties, a join's build order).
//
// A morsel is read by one thread, in order, so (morsel, the thread's chunk sequence)
// orders the chunks as one thread would have produced them: each thread collects its
// chunks in a LocalSunkChunks, Combine hands them to the GlobalSunkChunks, and
// TakeInOrder returns all of them sorted that way.
#pragma once

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include "execution/physical_operator.hpp"

namespace teal {

struct SunkChunk {
  idx_t batch = 0;
  idx_t sequence = 0;
  std::unique_ptr<DataChunk> rows;
  std::vector<Vector> extra;  // what the sink computed from the rows (a join's keys)
};

struct LocalSunkChunks : LocalSinkState {
  /// Copies `input` (of `types`) as the thread's next chunk; the caller may fill `extra`.
  SunkChunk& Add(ExecutionContext& context, const DataChunk& input,
                 const std::vector<LogicalType>& types) {
    SunkChunk chunk;
    chunk.batch = context.thread.batch;
    chunk.sequence = sequence_++;
    // Every row is written by the Append: no need to zero the buffers first.
    chunk.rows = std::make_unique<DataChunk>(types, std::max<idx_t>(input.size(), 1),
                                             /*zero_fill=*/input.size() == 0);
    chunk.rows->Append(input);
    chunks.push_back(std::move(chunk));
    return chunks.back();
  }
  std::vector<SunkChunk> chunks;

 private:
  idx_t sequence_ = 0;
};

class GlobalSunkChunks {
 public:
  /// Takes a thread's chunks (thread-safe).
  void Combine(LocalSunkChunks& local) {
    std::lock_guard<std::mutex> guard(lock_);
    for (auto& chunk : local.chunks) chunks_.push_back(std::move(chunk));
    local.chunks.clear();
  }
  /// Every chunk, in single-thread order; leaves none behind. After the last Combine.
  std::vector<SunkChunk> TakeInOrder() {
    std::sort(chunks_.begin(), chunks_.end(), [](const SunkChunk& a, const SunkChunk& b) {
      return a.batch != b.batch ? a.batch < b.batch : a.sequence < b.sequence;
    });
    return std::move(chunks_);
  }

 private:
  std::mutex lock_;
  std::vector<SunkChunk> chunks_;
};

/// The rows of `chunks` in one chunk of `types`, in order; frees each chunk's rows as it
/// goes.
inline std::unique_ptr<DataChunk> Concatenate(std::vector<SunkChunk>& chunks,
                                              const std::vector<LogicalType>& types) {
  idx_t rows = 0;
  for (const auto& chunk : chunks) rows += chunk.rows->size();
  auto all = std::make_unique<DataChunk>(types, std::max<idx_t>(rows, 1), /*zero_fill=*/rows == 0);
  for (auto& chunk : chunks) {
    all->Append(*chunk.rows);
    chunk.rows.reset();
  }
  return all;
}

}  // namespace teal
