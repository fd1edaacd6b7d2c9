// ReturnedRows: the rows an INSERT, UPDATE or DELETE … RETURNING hands back. The
// statement's sink collects them (copies: the table may take or change the vectors it
// was given) and, once the change is made, its source emits them a chunk at a time.
#pragma once

#include <memory>
#include <vector>

#include "vector/data_chunk.hpp"

namespace teal {

struct ReturnedRows {
  std::vector<std::unique_ptr<DataChunk>> chunks;

  /// Keeps a copy of `rows` (a flat, owned chunk of the same types).
  void Add(const DataChunk& rows) {
    if (rows.size() == 0) return;
    auto copy = std::make_unique<DataChunk>(rows.Types(), rows.size());
    copy->Append(rows);
    chunks.push_back(std::move(copy));
  }

  /// Makes `out` a view of chunk `next` and advances; leaves `out` empty after the last.
  void Emit(size_t& next, DataChunk& out) const {
    if (next >= chunks.size()) {
      out.SetCardinality(0);
      return;
    }
    out.Reference(*chunks[next++]);
  }
};

}  // namespace teal
