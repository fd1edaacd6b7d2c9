// ValidityMask: one bit per row, set = valid. No mask at all means "no NULLs", so the
// common all-valid case costs a null-pointer test and no memory.
#pragma once

#include <cstring>
#include <memory>

#include "teal/basic_types.hpp"

namespace teal {

class ValidityMask {
 public:
  static constexpr idx_t kBitsPerEntry = 64;
  static idx_t EntryCount(idx_t rows) { return (rows + kBitsPerEntry - 1) / kBitsPerEntry; }

  ValidityMask() = default;
  explicit ValidityMask(idx_t capacity) : capacity_(capacity) {}

  bool AllValid() const { return bits_ == nullptr; }
  /// True when rows [0, count) are all valid, whether or not there is a mask.
  bool AllSet(idx_t count) const {
    if (!bits_) return true;
    idx_t full = count / kBitsPerEntry;
    for (idx_t i = 0; i < full; i++) {
      if (bits_[i] != ~uint64_t(0)) return false;
    }
    idx_t rest = count % kBitsPerEntry;
    return rest == 0 || (bits_[full] | (~uint64_t(0) << rest)) == ~uint64_t(0);
  }
  /// True when another mask shares these bits.
  bool Shared() const { return bits_ && (owner_.use_count() > 1 || bits_ != owner_.get()); }
  bool RowIsValid(idx_t row) const {
    return !bits_ || ((bits_[row / kBitsPerEntry] >> (row % kBitsPerEntry)) & 1);
  }
  void SetInvalid(idx_t row) {
    EnsureWritable();
    bits_[row / kBitsPerEntry] &= ~(uint64_t(1) << (row % kBitsPerEntry));
  }
  void SetValid(idx_t row) {
    if (!bits_) return;
    bits_[row / kBitsPerEntry] |= uint64_t(1) << (row % kBitsPerEntry);
  }
  void Set(idx_t row, bool valid) { valid ? SetValid(row) : SetInvalid(row); }
  /// Makes every row valid again and drops the mask. Its words are kept for the next
  /// EnsureWritable when no other mask shares them (a vector reused chunk after chunk
  /// then allocates its mask once).
  void Reset() {
    bits_ = nullptr;
    if (owner_.use_count() > 1) owner_.reset();
  }
  /// Allocates the mask (all valid) if there is none yet.
  void EnsureWritable() {
    if (bits_) return;
    idx_t n = EntryCount(capacity_ ? capacity_ : kVectorSize);
    if (!owner_ || owner_.use_count() > 1) owner_ = std::shared_ptr<uint64_t[]>(new uint64_t[n]);
    bits_ = owner_.get();
    std::memset(bits_, 0xFF, n * sizeof(uint64_t));
  }
  /// The raw words, or nullptr when all rows are valid.
  uint64_t* Data() { return bits_; }
  const uint64_t* Data() const { return bits_; }
  idx_t Capacity() const { return capacity_ ? capacity_ : kVectorSize; }
  /// Grows the mask to hold `capacity` rows, keeping existing bits (new rows valid).
  void Resize(idx_t capacity) {
    if (capacity <= Capacity()) {
      capacity_ = Capacity();
      return;
    }
    if (!bits_) owner_.reset();  // words kept by Reset() are too few
    if (bits_) {
      idx_t old_n = EntryCount(Capacity()), n = EntryCount(capacity);
      std::shared_ptr<uint64_t[]> grown(new uint64_t[n]);
      std::memcpy(grown.get(), bits_, old_n * sizeof(uint64_t));
      std::memset(grown.get() + old_n, 0xFF, (n - old_n) * sizeof(uint64_t));
      owner_ = std::move(grown);
      bits_ = owner_.get();
    }
    capacity_ = capacity;
  }

 private:
  uint64_t* bits_ = nullptr;
  std::shared_ptr<uint64_t[]> owner_;
  idx_t capacity_ = 0;
};

}  // namespace teal
