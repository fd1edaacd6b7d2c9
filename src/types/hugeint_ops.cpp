// 128-bit integer arithmetic and text conversion (see hugeint_ops.hpp).
#include "types/hugeint_ops.hpp"

#include <cstring>

namespace teal {

bool TryAddInt128(int128 a, int128 b, int128& out) { return !__builtin_add_overflow(a, b, &out); }
bool TrySubInt128(int128 a, int128 b, int128& out) { return !__builtin_sub_overflow(a, b, &out); }

bool TryMulInt128(int128 a, int128 b, int128& out) {
  // Through the magnitudes: clang lowers a signed 128-bit __builtin_mul_overflow to
  // __muloti4, which libgcc does not provide.
  bool negative = (a < 0) != (b < 0);
  uint128 product;
  if (__builtin_mul_overflow(UnsignedAbs(a), UnsignedAbs(b), &product)) return false;
  uint128 limit = (uint128(1) << 127) - (negative ? 0 : 1);
  if (product > limit) return false;
  out = static_cast<int128>(negative ? uint128(0) - product : product);
  return true;
}

bool TryNegInt128(int128 a, int128& out) {
  if (a == MinOf<int128>()) return false;
  out = -a;
  return true;
}

bool TryAddUInt128(uint128 a, uint128 b, uint128& out) {
  return !__builtin_add_overflow(a, b, &out);
}
bool TrySubUInt128(uint128 a, uint128 b, uint128& out) {
  return !__builtin_sub_overflow(a, b, &out);
}
bool TryMulUInt128(uint128 a, uint128 b, uint128& out) {
  return !__builtin_mul_overflow(a, b, &out);
}

namespace {
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
constexpr uint64_t kTenToNineteen = 10000000000000000000ULL;
}  // namespace

char* WriteDigitsBackward(uint64_t v, char* end) {
  char* p = end;
  while (v >= 100) {
    uint64_t pair = v % 100;
    v /= 100;
    p -= 2;
    std::memcpy(p, kDigitPairs + pair * 2, 2);
  }
  if (v >= 10) {
    p -= 2;
    std::memcpy(p, kDigitPairs + v * 2, 2);
  } else {
    *--p = static_cast<char>('0' + v);
  }
  return p;
}

char* WriteDigitsBackward(uint128 v, char* end) {
  // 128-bit division is a library call; peel off 19 digits at a time with one, then
  // finish with 64-bit arithmetic.
  char* p = end;
  while (v > UINT64_MAX) {
    uint64_t low = static_cast<uint64_t>(v % kTenToNineteen);
    v /= kTenToNineteen;
    char* start = WriteDigitsBackward(low, p);
    while (p - start < 19) *--start = '0';
    p = start;
  }
  return WriteDigitsBackward(static_cast<uint64_t>(v), p);
}

std::string Int128ToString(int128 v) {
  char buffer[40];
  char* end = buffer + sizeof(buffer);
  char* p = WriteDigitsBackward(UnsignedAbs(v), end);
  if (v < 0) *--p = '-';
  return std::string(p, end);
}

std::string UInt128ToString(uint128 v) {
  char buffer[40];
  char* end = buffer + sizeof(buffer);
  char* p = WriteDigitsBackward(v, end);
  return std::string(p, end);
}

std::string_view TrimSpace(std::string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && IsSpace(text[begin])) begin++;
  while (end > begin && IsSpace(text[end - 1])) end--;
  return text.substr(begin, end - begin);
}

namespace {
// [ws][+|-]digits[ws] into sign and magnitude.
NumberParse ParseSignedMagnitude(std::string_view text, bool& negative, uint128& magnitude) {
  text = TrimSpace(text);
  size_t i = 0;
  negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return NumberParse::kInvalid;
  uint128 value = 0;
  for (; i < text.size(); i++) {
    if (!IsDigit(text[i])) return NumberParse::kInvalid;
    if (__builtin_mul_overflow(value, uint128(10), &value) ||
        __builtin_add_overflow(value, uint128(text[i] - '0'), &value)) {
      // Keep scanning: "123...x" is invalid rather than out of range.
      for (; i < text.size(); i++) {
        if (!IsDigit(text[i])) return NumberParse::kInvalid;
      }
      return NumberParse::kOutOfRange;
    }
  }
  magnitude = value;
  return NumberParse::kOk;
}
}  // namespace

NumberParse ParseInt128(std::string_view text, int128& out) {
  bool negative;
  uint128 magnitude;
  NumberParse status = ParseSignedMagnitude(text, negative, magnitude);
  if (status != NumberParse::kOk) return status;
  uint128 limit = (uint128(1) << 127) - (negative ? 0 : 1);
  if (magnitude > limit) return NumberParse::kOutOfRange;
  out = static_cast<int128>(negative ? uint128(0) - magnitude : magnitude);
  return NumberParse::kOk;
}

NumberParse ParseUInt128(std::string_view text, uint128& out) {
  bool negative;
  uint128 magnitude;
  NumberParse status = ParseSignedMagnitude(text, negative, magnitude);
  if (status != NumberParse::kOk) return status;
  if (negative && magnitude != 0) return NumberParse::kOutOfRange;
  out = magnitude;
  return NumberParse::kOk;
}

}  // namespace teal
