// include/teal/string_type.hpp — string_t, the 16-byte stored form of VARCHAR and BLOB.
//
// Layout (DuckDB's C API layout):
//   bytes 0..3   uint32 length
//   length <= 12: bytes 4..15 hold the string inline, zero padded
//   length  > 12: bytes 4..7 hold its first 4 bytes (a prefix for fast comparison),
//                 bytes 8..15 a pointer to the whole string, owned by a string heap
// A string_t does not own its bytes; whoever made it keeps the heap alive.
#pragma once

#include <compare>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace teal {

struct string_t {
  static constexpr uint32_t kInlineLength = 12;
  static constexpr uint32_t kPrefixLength = 4;

  constexpr string_t() : value_{} {}
  /// An inline string or one pointing at `data`, which must outlive this string_t.
  string_t(const char* data, uint32_t length) {
    value_.pointer.length = length;
    if (length <= kInlineLength) {
      std::memset(value_.inlined.inlined, 0, kInlineLength);
      if (length) std::memcpy(value_.inlined.inlined, data, length);
    } else {
      std::memcpy(value_.pointer.prefix, data, kPrefixLength);
      value_.pointer.ptr = data;
    }
  }
  explicit string_t(std::string_view s) : string_t(s.data(), static_cast<uint32_t>(s.size())) {}

  uint32_t size() const { return value_.inlined.length; }
  bool IsInlined() const { return size() <= kInlineLength; }
  const char* data() const { return IsInlined() ? value_.inlined.inlined : value_.pointer.ptr; }
  std::string_view View() const { return {data(), size()}; }
  const char* Prefix() const { return value_.pointer.prefix; }

  friend bool operator==(const string_t& a, const string_t& b) {
    if (std::memcmp(&a, &b, 8) != 0) return false;  // length and prefix at once
    if (a.IsInlined())
      return std::memcmp(a.value_.inlined.inlined + 4, b.value_.inlined.inlined + 4, 8) == 0;
    return std::memcmp(a.data(), b.data(), a.size()) == 0;
  }
  friend std::strong_ordering operator<=>(const string_t& a, const string_t& b) {
    int c = a.View().compare(b.View());
    return c < 0 ? std::strong_ordering::less
                 : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }

 private:
  union {
    struct {
      uint32_t length;
      char prefix[kPrefixLength];
      const char* ptr;
    } pointer;
    struct {
      uint32_t length;
      char inlined[kInlineLength];
    } inlined;
  } value_;
};

static_assert(sizeof(string_t) == 16);

}  // namespace teal
