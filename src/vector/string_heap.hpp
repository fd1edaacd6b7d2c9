// StringHeap: an append-only arena for the bytes of strings longer than string_t
// inlines. Strings live until the heap dies; a vector shares its heap with every
// vector that references it.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

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
      big_.emplace_back(new char[size]);
      return big_.back().get();
    }
    if (!current_ || used_ + size > kBlockSize) {
      blocks_.emplace_back(new char[kBlockSize]);
      current_ = blocks_.back().get();
      used_ = 0;
    }
    char* p = current_ + used_;
    used_ += size;
    return p;
  }
  void Clear() {
    blocks_.clear();
    big_.clear();
    current_ = nullptr;
    used_ = 0;
  }

 private:
  static constexpr size_t kBlockSize = 64 * 1024;
  const char* Copy(std::string_view s) {
    char* p = Allocate(s.size());
    std::memcpy(p, s.data(), s.size());
    return p;
  }
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::vector<std::unique_ptr<char[]>> big_;
  char* current_ = nullptr;
  size_t used_ = 0;
};

}  // namespace teal
