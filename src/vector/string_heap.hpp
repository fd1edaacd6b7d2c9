// StringHeap: an append-only arena for the bytes of strings longer than string_t
// inlines. Strings live until the heap dies; a vector shares its heap with every
// vector that references it.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "common/block_allocator.hpp"
#include "teal/string_type.hpp"

namespace teal {

class StringHeap {
 public:
  /// A string_t for `s`: inline when it fits, else pointing at a copy in this heap.
  string_t AddString(std::string_view s) {
    if (s.size() <= string_t::kInlineLength) return string_t(s);
    return string_t(Copy(s), static_cast<uint32_t>(s.size()));
  }
  /// Room for `size` bytes that the caller fills before building a string_t on them.
  char* Allocate(size_t size) {
    if (size > kBlockSize / 4) {
      big_.emplace_back(size);
      return big_.back().get();
    }
    if (!current_ || used_ + size > kBlockSize) {
      // Reuse a block kept by Clear() before allocating a new one.
      if (next_block_ == blocks_.size()) blocks_.emplace_back(kBlockSize);
      current_ = blocks_[next_block_++].get();
      used_ = 0;
    }
    char* p = current_ + used_;
    used_ += size;
    return p;
  }
  /// Forgets every string (string_ts made before become invalid) but keeps the blocks,
  /// so a heap that is filled and cleared over and over allocates only once.
  void Clear() {
    big_.clear();
    current_ = nullptr;
    next_block_ = 0;
    used_ = 0;
  }

 private:
  static constexpr size_t kBlockSize = 64 * 1024;
  const char* Copy(std::string_view s) {
    char* p = Allocate(s.size());
    std::memcpy(p, s.data(), s.size());
    return p;
  }
  std::vector<OwnedBlock> blocks_;
  std::vector<OwnedBlock> big_;
  char* current_ = nullptr;
  size_t next_block_ = 0;  // blocks_[0, next_block_) are in use
  size_t used_ = 0;
};

}  // namespace teal
