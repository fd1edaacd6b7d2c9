// src/common/utf8.cpp — the UTF-8 check: an ASCII skip a word at a time, then an automaton
// over byte classes through the multi-byte text (Unicode 15, table 3-7).
#include "common/utf8.hpp"

#include <fmt/format.h>

#include <array>
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

// The scan of non-ASCII text is a finite automaton over byte classes, built below from
// table 3-7: a state says what the rest of the current sequence must be, and one table
// lookup per byte moves it on (cheaper than a branch per byte on mixed-length text).
// CheckSequence above states the same rules as code; DescribeInvalidUtf8 uses it to say
// what is wrong where the automaton stopped (the unit tests hold the two together).
enum ByteClass : uint8_t {
  kAscii,     // 0x00..0x7F
  kContLow,   // 0x80..0x8F
  kContMid,   // 0x90..0x9F
  kContHigh,  // 0xA0..0xBF
  kInvalid,   // 0xC0, 0xC1, 0xF5..0xFF
  kLead2,     // 0xC2..0xDF
  kLeadE0,    // 0xE0: second byte 0xA0..0xBF
  kLead3,     // 0xE1..0xEC, 0xEE, 0xEF
  kLeadED,    // 0xED: second byte 0x80..0x9F
  kLeadF0,    // 0xF0: second byte 0x90..0xBF
  kLead4,     // 0xF1..0xF3
  kLeadF4,    // 0xF4: second byte 0x80..0x8F
};
constexpr size_t kClassCount = kLeadF4 + 1;

enum State : uint8_t {
  kAccept,  // between sequences
  kNeed1,   // one more continuation byte
  kNeed2,
  kNeed3,
  kAfterE0,  // then 0xA0..0xBF, then one continuation
  kAfterED,  // then 0x80..0x9F, then one continuation
  kAfterF0,  // then 0x90..0xBF, then two continuations
  kAfterF4,  // then 0x80..0x8F, then two continuations
  kReject,
};
constexpr size_t kStateCount = kReject + 1;

constexpr std::array<uint8_t, 256> kClassOf = [] {
  std::array<uint8_t, 256> c{};
  for (int b = 0; b < 256; b++) {
    c[b] = b < 0x80                ? kAscii
           : b < 0x90              ? kContLow
           : b < 0xA0              ? kContMid
           : b < 0xC0              ? kContHigh
           : b < 0xC2 || b >= 0xF5 ? kInvalid
           : b < 0xE0              ? kLead2
           : b == 0xE0             ? kLeadE0
           : b == 0xED             ? kLeadED
           : b < 0xF0              ? kLead3
           : b == 0xF0             ? kLeadF0
           : b < 0xF4              ? kLead4
                                   : kLeadF4;
  }
  return c;
}();

constexpr std::array<uint8_t, kStateCount* kClassCount> kNextState = [] {
  std::array<uint8_t, kStateCount * kClassCount> next{};
  auto set = [&](State from, ByteClass c, State to) { next[from * kClassCount + size_t{c}] = to; };
  for (auto& n : next) n = kReject;
  set(kAccept, kAscii, kAccept);
  set(kAccept, kLead2, kNeed1);
  set(kAccept, kLeadE0, kAfterE0);
  set(kAccept, kLead3, kNeed2);
  set(kAccept, kLeadED, kAfterED);
  set(kAccept, kLeadF0, kAfterF0);
  set(kAccept, kLead4, kNeed3);
  set(kAccept, kLeadF4, kAfterF4);
  for (ByteClass c : {kContLow, kContMid, kContHigh}) {
    set(kNeed1, c, kAccept);
    set(kNeed2, c, kNeed1);
    set(kNeed3, c, kNeed2);
  }
  set(kAfterE0, kContHigh, kNeed1);
  set(kAfterED, kContLow, kNeed1);
  set(kAfterED, kContMid, kNeed1);
  set(kAfterF0, kContMid, kNeed2);
  set(kAfterF0, kContHigh, kNeed2);
  set(kAfterF4, kContLow, kNeed2);
  return next;
}();

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
    // Non-ASCII: run the automaton until a sequence ends and ASCII follows (or the end).
    uint8_t state = kAccept;
    size_t sequence = i;
    do {
      if (state == kAccept) {
        sequence = i;
        // Whole 2- and 3-byte sequences whose second byte may be any continuation (most
        // non-ASCII text) skip the automaton.
        if (i + 3 <= n && (p[i + 1] & 0xC0) == 0x80) {
          uint8_t c = kClassOf[p[i]];
          if (c == kLead2) {
            i += 2;
            continue;
          }
          if (c == kLead3 && (p[i + 2] & 0xC0) == 0x80) {
            i += 3;
            continue;
          }
        }
      }
      state = kNextState[size_t{state} * kClassCount + kClassOf[p[i]]];
      if (state == kReject) return sequence;
      i++;
    } while (i < n && (state != kAccept || p[i] >= 0x80));
    if (state != kAccept) return sequence;  // truncated by the end of the text
  }
  return n;
}

std::u32string DecodeUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const size_t n = text.size();
  std::u32string out;
  out.reserve(n);
  for (size_t i = 0; i < n;) {
    const uint8_t lead = p[i];
    const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t cp = length == 1 ? lead : lead & (0x7F >> length);
    for (size_t k = 1; k < length && i + k < n; k++) cp = (cp << 6) | (p[i + k] & 0x3F);
    out.push_back(cp);
    i += length;
  }
  return out;
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
