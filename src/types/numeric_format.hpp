// Text forms of BOOLEAN, integers and FLOAT/DOUBLE, both ways, as SQL casts use them.
//
// Formatting writes into a caller's stack buffer and returns a view of it, so the
// cast loops build no std::string per row. The renderings are DuckDB's:
//   integers    plain decimal digits
//   FLOAT/DOUBLE the shortest text that reads back as the same value (fmt's "{}"),
//                with ".0" added to integral values (1.0, 100.0, -0.0) but not to the
//                exponent form (1e+20); "inf", "-inf", "nan"
// Parsing accepts surrounding whitespace and a leading '+'. Integers also accept
// a fraction and an exponent and round half away from zero ('1.5' -> 2, '1e3' -> 1000),
// and PostgreSQL 16's (and DuckDB's) hexadecimal, octal and binary forms: '0x1F', '0o17',
// '-0b101', with underscores between digits ('0xFFFF_FFFF').
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"

namespace teal {

/// Room for any native integer up to 128 bits: a sign and 39 digits.
inline constexpr size_t kMaxIntegerChars = 40;

/// Decimal text of native integer `v`, written into `buffer`.
template <typename N>
std::string_view FormatInteger(N v, char (&buffer)[kMaxIntegerChars]) {
  char* end = buffer + kMaxIntegerChars;
  char* p = WriteDigitsBackward(UnsignedAbs(v), end);
  if constexpr (kIsSignedInt<N>) {
    if (v < 0) *--p = '-';
  }
  return std::string_view(p, static_cast<size_t>(end - p));
}

template <typename N>
std::string IntegerToString(N v) {
  char buffer[kMaxIntegerChars];
  return std::string(FormatInteger(v, buffer));
}

/// Room for any FLOAT or DOUBLE rendering ("-2.2250738585072014e-308" and ".0").
inline constexpr size_t kMaxFloatChars = 32;
std::string_view FormatDouble(double v, char (&buffer)[kMaxFloatChars]);
std::string_view FormatFloat(float v, char (&buffer)[kMaxFloatChars]);
std::string DoubleToString(double v);
std::string FloatToString(float v);

/// The magnitude and sign of integer text in the 0x / 0o / 0b forms; kInvalid when the
/// text is not in one of them, kOutOfRange beyond 128 bits.
NumberParse ParseRadixMagnitude(std::string_view text, bool& negative, uint128& magnitude);

/// Integer text (see the top of this file) into native integer type N.
template <typename N>
NumberParse ParseInteger(std::string_view text, N& out) {
  // Fast path: [-]digits with at most 18 digits fits uint64 without checks.
  {
    size_t i = 0, n = text.size();
    bool negative = n > 0 && text[0] == '-';
    i = negative ? 1 : 0;
    if (n > i && n - i <= 18) {
      uint64_t value = 0;
      for (; i < n && IsDigit(text[i]); i++) value = value * 10 + uint64_t(text[i] - '0');
      if (i == n) {
        if (negative) {
          if (value == 0) {
            out = 0;
            return NumberParse::kOk;
          }
          if constexpr (!kIsSignedInt<N>) {
            return NumberParse::kOutOfRange;
          } else {
            int64_t signed_value = -static_cast<int64_t>(value);
            if (!IntegerInRange<N>(signed_value)) return NumberParse::kOutOfRange;
            out = static_cast<N>(signed_value);
            return NumberParse::kOk;
          }
        }
        if (!IntegerInRange<N>(value)) return NumberParse::kOutOfRange;
        out = static_cast<N>(value);
        return NumberParse::kOk;
      }
    }
  }
  bool negative;
  uint128 magnitude;
  NumberParse status = ParseRadixMagnitude(text, negative, magnitude);
  if (status == NumberParse::kInvalid) status = ParseScaledMagnitude(text, 0, negative, magnitude);
  if (status != NumberParse::kOk) return status;
  if (negative && magnitude != 0) {
    if constexpr (!kIsSignedInt<N>) {
      return NumberParse::kOutOfRange;
    } else {
      if (magnitude - 1 > static_cast<uint128>(MaxOf<N>())) return NumberParse::kOutOfRange;
      out = static_cast<N>(static_cast<int128>(uint128(0) - magnitude));
      return NumberParse::kOk;
    }
  }
  if (magnitude > static_cast<uint128>(MaxOf<N>())) return NumberParse::kOutOfRange;
  out = static_cast<N>(magnitude);
  return NumberParse::kOk;
}

/// Decimal or exponent text, "inf", "infinity", "nan" (any case, optional sign).
/// Values beyond the type's range are kOutOfRange; values too small to represent
/// become zero.
NumberParse ParseDouble(std::string_view text, double& out);
NumberParse ParseFloat(std::string_view text, float& out);

/// true/false/t/f/yes/no/y/n/on/off/1/0, any case, surrounding whitespace allowed.
bool ParseBoolean(std::string_view text, bool& out);

}  // namespace teal
