// UUID parsing and formatting (see uuid.hpp for the stored form).
#include "types/uuid.hpp"

#include <cstdint>

namespace teal {

namespace {
constexpr uint64_t kTopBit = uint64_t(1) << 63;

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr bool IsHyphenPosition(size_t i) { return i == 8 || i == 13 || i == 18 || i == 23; }
}  // namespace

bool ParseUuid(std::string_view text, hugeint_t& stored) {
  if (text.size() >= 2 && text.front() == '{' && text.back() == '}') {
    text = text.substr(1, text.size() - 2);
  }
  bool hyphenated = text.size() == kUuidTextLength;
  if (!hyphenated && text.size() != 32) return false;
  uint64_t high = 0, low = 0;
  int digits = 0;
  for (size_t i = 0; i < text.size(); i++) {
    if (hyphenated && IsHyphenPosition(i)) {
      if (text[i] != '-') return false;
      continue;
    }
    int v = HexValue(text[i]);
    if (v < 0) return false;
    uint64_t& half = digits < 16 ? high : low;
    half = (half << 4) | static_cast<uint64_t>(v);
    digits++;
  }
  stored.upper = static_cast<int64_t>(high ^ kTopBit);
  stored.lower = low;
  return true;
}

void FormatUuid(hugeint_t stored, char (&buffer)[kUuidTextLength]) {
  static constexpr char kHex[] = "0123456789abcdef";
  uint64_t high = static_cast<uint64_t>(stored.upper) ^ kTopBit;
  uint64_t low = stored.lower;
  int digit = 0;
  for (size_t i = 0; i < kUuidTextLength; i++) {
    if (IsHyphenPosition(i)) {
      buffer[i] = '-';
      continue;
    }
    uint64_t half = digit < 16 ? high : low;
    int shift = 60 - 4 * (digit % 16);
    buffer[i] = kHex[(half >> shift) & 0xF];
    digit++;
  }
}

std::string UuidToString(hugeint_t stored) {
  char buffer[kUuidTextLength];
  FormatUuid(stored, buffer);
  return std::string(buffer, kUuidTextLength);
}

}  // namespace teal
