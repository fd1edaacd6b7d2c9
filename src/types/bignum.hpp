// BIGNUM (DuckDB's; VARINT is its old name): an integer of any size, exact.
//
// Stored form (a VARCHAR-layout string): the bytes compare, as strings do (memcmp, then
// the shorter first), in the numbers' order, so comparison, sorting, grouping, min/max,
// zone maps and index keys need nothing of their own:
//   3 header bytes, big-endian: 0x800000 | n, where n is the magnitude's byte count
//     (1 … kMaxBignumBytes);
//   n magnitude bytes, big-endian, without a leading zero byte (zero is one 0x00 byte).
// A negative number has every byte, header and magnitude, inverted: its first byte is
// below 0x80, so it sorts before every non-negative number, and a larger magnitude (more
// bytes, or larger bytes) sorts lower. There is no negative zero. This is DuckDB's layout,
// so that hex() of a BIGNUM shows the same bytes in both.
//
// BigInteger is the working form for arithmetic and conversions: a sign and a magnitude
// in 32-bit limbs, least significant first, without leading zero limbs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "teal/hugeint.hpp"

namespace teal {

/// The most magnitude bytes a BIGNUM holds (the header's 23 bits of count).
inline constexpr size_t kMaxBignumBytes = (size_t{1} << 23) - 1;

class BigInteger {
 public:
  BigInteger() = default;
  static BigInteger FromInt128(int128 value);
  static BigInteger FromUInt128(uint128 value);
  /// `value` truncated toward zero; it must be finite.
  static BigInteger FromDouble(double value);
  /// Decodes a stored BIGNUM (assumed well-formed: Teal wrote it).
  static BigInteger FromStored(std::string_view stored);

  /// Parses [+|-] digits [. digits]: no whitespace, no exponent; a fraction rounds half away
  /// from zero (DuckDB's rule for strings cast to integers). False for anything else.
  static bool Parse(std::string_view text, BigInteger& out);

  bool IsNegative() const { return negative_; }
  bool IsZero() const { return limbs_.empty(); }
  /// Bytes of the magnitude, without leading zeros (1 for zero).
  size_t MagnitudeBytes() const;

  /// The stored form. Throws OutOfRangeError (DuckDB's words) past kMaxBignumBytes.
  std::string ToStored() const;
  /// Plain decimal text: an optional '-', digits, no leading zeros.
  std::string ToString() const;

  /// Whether the value fits `[min, max]`; writes it to `out` then.
  bool ToInt128(int128 min, int128 max, int128& out) const;
  bool ToUInt128(uint128 max, uint128& out) const;
  /// The nearest DOUBLE (round half to even); false when it is beyond DOUBLE's range.
  bool ToDouble(double& out) const;

  BigInteger operator-() const;
  friend BigInteger operator+(const BigInteger& a, const BigInteger& b);
  friend BigInteger operator-(const BigInteger& a, const BigInteger& b) { return a + (-b); }

 private:
  void Trim();
  /// The magnitude as an unsigned 128-bit number; false when it has more bits.
  bool MagnitudeAsUInt128(uint128& out) const;

  bool negative_ = false;
  std::vector<uint32_t> limbs_;
};

}  // namespace teal
