// src/common/utf8.hpp — UTF-8 validation for every boundary where text becomes VARCHAR.
//
// A VARCHAR value is valid UTF-8 (RFC 3629): the string functions count and cut code
// points on that assumption, so text is checked once where it enters — SQL string
// literals, parameters bound as VARCHAR, the appender's strings into VARCHAR columns —
// and never again. Valid means every sequence is a shortest-form encoding of a scalar
// value: no continuation byte without a lead, no lead byte 0xC0, 0xC1 or 0xF5..0xFF, no
// overlong form, no surrogate (U+D800..U+DFFF), nothing above U+10FFFF, no truncated
// sequence (Unicode 15, table 3-7). NUL bytes are valid (as in DuckDB).
//
// Text is mostly ASCII, so the check skips ASCII 8 bytes at a time and decodes only the
// multi-byte sequences.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace teal {

/// The offset of the first byte of the first invalid sequence in `text`, or text.size()
/// when all of it is valid UTF-8.
size_t FindInvalidUtf8(std::string_view text);

inline bool IsValidUtf8(std::string_view text) { return FindInvalidUtf8(text) == text.size(); }

/// True when none of the `n` bytes at `p` has its high bit set (then they are valid
/// UTF-8). For the callers' own fast paths on short strings.
inline bool IsAscii(const char* p, size_t n) {
  constexpr uint64_t kHigh = 0x8080808080808080ull;
  uint64_t any = 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    any |= w;
  }
  for (; i < n; i++) any |= static_cast<uint8_t>(p[i]);
  return (any & kHigh) == 0;
}

/// The code points of valid UTF-8 `text` (a sequence cut short by the end is read as far
/// as it goes).
std::u32string DecodeUtf8(std::string_view text);

/// What is wrong at `offset` (a result of FindInvalidUtf8 below text.size()), e.g.
/// "byte 0xff at offset 3 (never valid in UTF-8)" or "bytes 0xed 0xa0 at offset 0 (a
/// surrogate, U+D800..U+DFFF)".
std::string DescribeInvalidUtf8(std::string_view text, size_t offset);

}  // namespace teal
