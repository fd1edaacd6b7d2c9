// Vector: one column of up to a vector's worth of rows, in the layouts of DESIGN.md.
//
// A vector is flat (one value per row) or constant (one value standing for every row).
// Its main buffer, validity mask and auxiliary data (string heap, LIST child, STRUCT
// fields) are
// shared by reference: Reference() makes a cheap view, and a vector keeps alive
// whatever its string_t pointers point into. Not thread-safe.
#pragma once

#include <memory>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/logical_type.hpp"
#include "teal/string_type.hpp"
#include "teal/value.hpp"
#include "vector/selection_vector.hpp"
#include "vector/string_heap.hpp"
#include "vector/validity_mask.hpp"

namespace teal {

/// One row of a LIST vector: its elements are child rows [offset, offset + length).
struct list_entry_t {
  uint64_t offset = 0;
  uint64_t length = 0;
};

enum class VectorKind : uint8_t { kFlat, kConstant };

class Vector {
 public:
  /// A flat vector with room for `capacity` rows, zero-filled unless `zero_fill` is false
  /// (for a vector about to be overwritten row by row: storage, copies).
  explicit Vector(LogicalType type, idx_t capacity = kVectorSize, bool zero_fill = true);
  /// A constant vector holding `value` (cast must already be done).
  explicit Vector(const Value& value);
  Vector(Vector&&) noexcept = default;
  Vector& operator=(Vector&&) noexcept = default;
  Vector(const Vector&) = delete;
  Vector& operator=(const Vector&) = delete;

  const LogicalType& Type() const { return type_; }
  VectorKind Kind() const { return kind_; }
  bool IsConstant() const { return kind_ == VectorKind::kConstant; }
  /// Marks the vector constant: row 0 stands for every row.
  void SetConstant() { kind_ = VectorKind::kConstant; }
  idx_t Capacity() const { return capacity_; }

  data_ptr_t Data() { return data_; }
  const_data_ptr_t Data() const { return data_; }
  template <typename T>
  T* Values() {
    return reinterpret_cast<T*>(data_);
  }
  template <typename T>
  const T* Values() const {
    return reinterpret_cast<const T*>(data_);
  }
  ValidityMask& Validity() { return validity_; }
  const ValidityMask& Validity() const { return validity_; }
  bool RowIsValid(idx_t row) const { return validity_.RowIsValid(IsConstant() ? 0 : row); }
  void SetNull(idx_t row, bool is_null = true) { validity_.Set(row, !is_null); }

  /// A string_t for `s`, copied into this vector's heap when longer than the inline size.
  string_t AddString(std::string_view s) { return Aux().heap.AddString(s); }
  StringHeap& Heap() { return Aux().heap; }
  /// Keeps `other`'s string heap and list child alive as long as this vector's data,
  /// for string_t values copied from `other` without copying their bytes.
  void KeepAlive(const Vector& other);

  /// LIST: the child vector holding every row's elements back to back.
  Vector& ListChild();
  const Vector& ListChild() const;
  /// LIST: whether the child vector exists yet (ListChild() creates it).
  bool HasListChild() const { return aux_ && aux_->list_child; }
  /// LIST: gives the vector a child with room for `capacity` rows, not zero-filled (for a
  /// vector about to be refilled row by row), unless it has a child already.
  Vector& ReserveListChild(idx_t capacity);
  /// LIST: rows of the child vector in use.
  idx_t ListSize() const;
  /// LIST: makes room in the child for `size` rows (keeps existing ones) and sets its size.
  /// Throws OutOfRangeError past 2^40 rows, where the byte size could wrap around.
  void SetListSize(idx_t size);

  /// STRUCT: the vector of field `i` (created on first use, as wide as this one). Row r of
  /// a field belongs to row r of the struct; its value there is NULL where the struct is.
  Vector& StructChild(idx_t i);
  const Vector& StructChild(idx_t i) const;

  /// True when no other vector shares this one's buffers (values, validity, string heap,
  /// list child), so they can be handed to a new owner as a whole.
  bool SharesNothing() const;

  /// Makes this vector a view of `other`: same type, buffers shared, no copy.
  void Reference(const Vector& other);
  /// Turns a constant vector into a flat one of `count` rows. No-op when flat.
  void Flatten(idx_t count);
  /// Prepares the vector to be written again from row 0: flat, all valid, heap cleared.
  /// Must not be called while another vector references its buffers.
  void Reset();
  /// Reset(), and room for at least `count` rows (kVectorSize at the least): for a vector
  /// its owner writes chunk after chunk, reusing its buffers while nobody else views them.
  void Recycle(idx_t count);
  /// Forgets the buffers this vector views (keeps its type), so that their owner can
  /// write into them again without a copy.
  void Release();
  /// Grows the capacity, keeping the first `keep` rows.
  void Resize(idx_t capacity, idx_t keep);

  /// Copies `count` rows of `source`, row sel.Get(i) (or i + source_offset when sel is
  /// unset), into rows target_offset + i of this flat vector. Strings and list elements
  /// are deep-copied — unless `share_strings`: then this vector keeps `source`'s string
  /// heap alive and copies the strings' 16 bytes only. For a copy that lives as long as
  /// a chunk of the pipeline (a filter's, a join's output); a copy kept for the whole
  /// query (a hash table's, a sort's) copies the bytes, so that it does not hold every
  /// source chunk's heap for one string of each.
  void CopyFrom(const Vector& source, const SelectionVector& sel, idx_t count, idx_t source_offset,
                idx_t target_offset, bool share_strings = false);

  /// The value of `row` (row 0 of a constant vector stands for all).
  Value GetValue(idx_t row) const;
  /// Stores `value` at `row`. The value must be NULL or of exactly this vector's type.
  void SetValue(idx_t row, const Value& value);

 private:
  struct Auxiliary {
    StringHeap heap;
    std::vector<std::shared_ptr<Auxiliary>> kept_alive;
    std::unique_ptr<Vector> list_child;
    idx_t list_size = 0;
    std::vector<std::unique_ptr<Vector>> struct_children;  // STRUCT: one per field
  };
  Auxiliary& Aux();

  LogicalType type_;
  VectorKind kind_ = VectorKind::kFlat;
  idx_t capacity_ = 0;
  data_ptr_t data_ = nullptr;
  std::shared_ptr<data_t[]> buffer_;
  ValidityMask validity_;
  std::shared_ptr<Auxiliary> aux_;
};

}  // namespace teal
