// src/common/utf8.cpp — the UTF-8 check: an ASCII skip a word at a time, then one
// sequence at a time by the lead byte's ranges (Unicode 15, table 3-7).
#include "common/utf8.hpp"

#include <fmt/format.h>

#include <bit>

namespace teal {

namespace {

constexpr uint64_t kHigh = 0x8080808080808080ull;

enum class Problem : uint8_t {
  kNone,
  kNeverValid,    // 0xC0, 0xC1, 0xF5..0xFF
  kContinuation,  // 0x80..0xBF where a sequence should start
  kTruncated,     // the text ends, or a byte that is not a continuation comes, too early
  kOverlong,      // 0xE0 0x80..0x9F, 0xF0 0x80..0x8F
  kSurrogate,     // 0xED 0xA0..0xBF
  kTooLarge,      // 0xF4 0x90..0xBF
};

bool IsContinuation(uint8_t b) { return (b & 0xC0) == 0x80; }

/// Checks the sequence starting with the non-ASCII byte at p[0] (n bytes remain); sets
/// `length` to its length when valid.
Problem CheckSequence(const uint8_t* p, size_t n, size_t& length) {
  uint8_t lead = p[0];
  // The second byte's range depends on the lead (table 3-7); later bytes are 0x80..0xBF.
  uint8_t lo = 0x80, hi = 0xBF;
  Problem below = Problem::kTruncated, above = Problem::kTruncated;
  if (lead < 0xC0) return Problem::kContinuation;  // the caller passes lead >= 0x80
  if (lead < 0xC2) return Problem::kNeverValid;
  if (lead < 0xE0) {
    length = 2;
  } else if (lead < 0xF0) {
    length = 3;
    if (lead == 0xE0) lo = 0xA0, below = Problem::kOverlong;
    if (lead == 0xED) hi = 0x9F, above = Problem::kSurrogate;
  } else if (lead < 0xF5) {
    length = 4;
    if (lead == 0xF0) lo = 0x90, below = Problem::kOverlong;
    if (lead == 0xF4) hi = 0x8F, above = Problem::kTooLarge;
  } else {
    return Problem::kNeverValid;
  }
  if (n < 2) return Problem::kTruncated;
  if (p[1] < lo) return IsContinuation(p[1]) ? below : Problem::kTruncated;
  if (p[1] > hi) return IsContinuation(p[1]) ? above : Problem::kTruncated;
  for (size_t k = 2; k < length; k++) {
    if (k >= n || !IsContinuation(p[k])) return Problem::kTruncated;
  }
  return Problem::kNone;
}

}  // namespace

size_t FindInvalidUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    // Skip ASCII a word at a time; stop at the word's first non-ASCII byte.
    while (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      uint64_t high = w & kHigh;
      if (high) {
        i += static_cast<size_t>(std::countr_zero(high)) / 8;  // little-endian: first byte
        break;
      }
      i += 8;
    }
    while (i < n && p[i] < 0x80) i++;
    if (i == n) break;
    size_t length = 0;
    if (CheckSequence(p + i, n - i, length) != Problem::kNone) return i;
    i += length;
  }
  return n;
}

std::string DescribeInvalidUtf8(std::string_view text, size_t offset) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data()) + offset;
  size_t n = text.size() - offset;
  size_t length = 0;
  Problem problem = n ? CheckSequence(p, n, length) : Problem::kTruncated;
  auto one = [&](const char* why) {
    return fmt::format("byte {:#04x} at offset {} ({})", p[0], offset, why);
  };
  auto two = [&](const char* why) {
    return fmt::format("bytes {:#04x} {:#04x} at offset {} ({})", p[0], p[1], offset, why);
  };
  switch (problem) {
    case Problem::kNeverValid:
      return one("never valid in UTF-8");
    case Problem::kContinuation:
      return one("a continuation byte without a lead byte");
    case Problem::kTruncated:
      return one("starts a truncated sequence");
    case Problem::kOverlong:
      return two("an overlong encoding");
    case Problem::kSurrogate:
      return two("a surrogate, U+D800..U+DFFF");
    case Problem::kTooLarge:
      return two("a code point above U+10FFFF");
    case Problem::kNone:
      break;
  }
  return fmt::format("offset {} (no invalid sequence starts there)", offset);
}

}  // namespace teal
