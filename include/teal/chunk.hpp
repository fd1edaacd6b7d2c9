// include/teal/chunk.hpp — read access to one chunk of a result, a column at a time.
//
//   for (const teal::Chunk& chunk : result) {
//     std::span<const int32_t> v = chunk.Values<int32_t>(0);
//     const teal::ValidityView& valid = chunk.Validity(0);
//     for (size_t i = 0; i < v.size(); i++) if (valid.IsValid(i)) sum += v[i];
//   }
//
// Values<T> hands out the column's own memory: T must be the column's stored type
// (see cpp_type.hpp); anything else is an error naming both types. A chunk stays valid
// until the result moves on to the next chunk.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/cpp_type.hpp"
#include "teal/error.hpp"
#include "teal/value.hpp"

namespace teal {

class DataChunk;

/// The NULL mask of one column of a chunk: no mask at all means no NULLs.
class ValidityView {
 public:
  ValidityView() = default;
  explicit ValidityView(const uint64_t* bits) : bits_(bits) {}
  bool AllValid() const { return bits_ == nullptr; }
  /// Precondition: `row` is below the chunk's size (unchecked: this is the hot path).
  bool IsValid(idx_t row) const { return !bits_ || ((bits_[row >> 6] >> (row & 63)) & 1); }
  /// The raw words (bit set = valid), or nullptr when every row is valid.
  const uint64_t* Data() const { return bits_; }

 private:
  const uint64_t* bits_ = nullptr;
};

class Chunk {
 public:
  Chunk() = default;
  /// A view of `chunk`, which must be flat and outlive the view.
  explicit Chunk(const DataChunk& chunk);

  idx_t size() const { return count_; }
  idx_t ColumnCount() const { return columns_.size(); }
  const LogicalType& ColumnType(idx_t column) const { return *At(column).type; }

  /// The values of `column` as a span over the column's memory. Throws
  /// InvalidInputError when T is not the column's stored type.
  template <typename T>
  std::span<const T> Values(idx_t column) const {
    const ColumnData& c = At(column);
    if (c.tag != kStorageOf<T> || kStorageOf<T> == StorageTag::kNone) [[unlikely]] {
      ThrowTypeMismatch(column, CppTypeName<T>());
    }
    return {static_cast<const T*>(c.data), count_};
  }
  const ValidityView& Validity(idx_t column) const { return At(column).validity; }
  /// The value at (column, row) boxed; for generic code, not hot loops.
  Value GetValue(idx_t column, idx_t row) const;

  const DataChunk* Internal() const { return chunk_; }

 private:
  struct ColumnData {
    const void* data = nullptr;
    ValidityView validity;
    StorageTag tag = StorageTag::kNone;
    const LogicalType* type = nullptr;
  };
  const ColumnData& At(idx_t column) const {
    if (column >= columns_.size()) [[unlikely]]
      ThrowColumnOutOfRange(column);
    return columns_[column];
  }
  [[noreturn]] void ThrowColumnOutOfRange(idx_t column) const;
  [[noreturn]] void ThrowTypeMismatch(idx_t column, const char* cpp_type) const;

  const DataChunk* chunk_ = nullptr;
  std::vector<ColumnData> columns_;
  idx_t count_ = 0;
};

}  // namespace teal
