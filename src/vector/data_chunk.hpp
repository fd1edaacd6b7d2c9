// DataChunk: a horizontal slice of up to kVectorSize rows, one Vector per column.
// Operators consume and produce DataChunks.
#pragma once

#include <string>
#include <vector>

#include "vector/vector.hpp"

namespace teal {

class DataChunk {
 public:
  DataChunk() = default;
  /// `zero_fill` false: the vectors' values start undefined — for a chunk whose every row
  /// the caller writes (an Append of all its rows) before anything reads it.
  explicit DataChunk(const std::vector<LogicalType>& types, idx_t capacity = kVectorSize,
                     bool zero_fill = true) {
    Initialize(types, capacity, zero_fill);
  }
  void Initialize(const std::vector<LogicalType>& types, idx_t capacity = kVectorSize,
                  bool zero_fill = true);

  idx_t ColumnCount() const { return data.size(); }
  idx_t size() const { return count_; }
  void SetCardinality(idx_t count) { count_ = count; }
  idx_t Capacity() const { return capacity_; }
  std::vector<LogicalType> Types() const;

  /// Empties the chunk for reuse (vectors flat, valid, heaps cleared).
  void Reset();
  /// Makes this chunk a view of `other` (same columns, shared buffers).
  void Reference(const DataChunk& other);
  /// Keeps only rows sel[0..count) (copying them into fresh flat vectors).
  void Slice(const SelectionVector& sel, idx_t count);
  /// Turns every constant vector flat.
  void Flatten();
  /// Appends rows of `other` (same types) after this chunk's rows. Precondition: room.
  void Append(const DataChunk& other);
  Value GetValue(idx_t column, idx_t row) const { return data[column].GetValue(row); }
  /// Rows as text, one per line (debugging and tests).
  std::string ToString() const;

  std::vector<Vector> data;

 private:
  idx_t count_ = 0;
  idx_t capacity_ = kVectorSize;
};

}  // namespace teal
