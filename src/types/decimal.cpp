// DECIMAL parsing, formatting and rescaling (see decimal.hpp).
#include "types/decimal.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace teal {

uint8_t IntegerDigits(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
    case TypeId::kUTinyInt:
      return 3;
    case TypeId::kSmallInt:
    case TypeId::kUSmallInt:
      return 5;
    case TypeId::kInteger:
    case TypeId::kUInteger:
      return 10;
    case TypeId::kBigInt:
      return 19;
    case TypeId::kUBigInt:
      return 20;
    case TypeId::kHugeInt:
    case TypeId::kUHugeInt:
      return 39;
    default:
      return 0;
  }
}

NumberParse ParseScaledMagnitude(std::string_view text, uint8_t scale, bool& negative,
                                 uint128& magnitude) {
  text = TrimSpace(text);
  const size_t n = text.size();
  size_t i = 0;
  negative = false;
  if (i < n && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  const size_t int_begin = i;
  while (i < n && IsDigit(text[i])) i++;
  const size_t int_length = i - int_begin;
  size_t frac_begin = i, frac_length = 0;
  if (i < n && text[i] == '.') {
    frac_begin = ++i;
    while (i < n && IsDigit(text[i])) i++;
    frac_length = i - frac_begin;
  }
  const int64_t digits = static_cast<int64_t>(int_length + frac_length);
  if (digits == 0) return NumberParse::kInvalid;
  int64_t exponent = 0;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    i++;
    bool exponent_negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) exponent_negative = text[i++] == '-';
    size_t exponent_begin = i;
    for (; i < n && IsDigit(text[i]); i++) {
      // Saturate: beyond 10^6 the outcome no longer changes.
      if (exponent < 1000000) exponent = exponent * 10 + (text[i] - '0');
    }
    if (i == exponent_begin) return NumberParse::kInvalid;
    // DuckDB reads an exponent into 16 bits: '1e-100000' is no number, not 0.
    if (exponent > (exponent_negative ? 32768 : 32767)) return NumberParse::kInvalid;
    if (exponent_negative) exponent = -exponent;
  }
  if (i != n) return NumberParse::kInvalid;

  // The number is D * 10^(exponent - frac_length) for the digit string D, so
  // value * 10^scale keeps the first `keep` digits of D (padding with zeros when keep
  // exceeds them) and rounds on the digit after.
  auto digit_at = [&](int64_t k) -> unsigned {
    size_t pos = k < static_cast<int64_t>(int_length)
                     ? int_begin + static_cast<size_t>(k)
                     : frac_begin + static_cast<size_t>(k) - int_length;
    return static_cast<unsigned>(text[pos] - '0');
  };
  const int64_t keep = static_cast<int64_t>(int_length) + exponent + scale;
  const int64_t take = keep < 0 ? 0 : (keep > digits ? digits : keep);
  uint128 value = 0;
  for (int64_t k = 0; k < take; k++) {
    if (__builtin_mul_overflow(value, uint128(10), &value) ||
        __builtin_add_overflow(value, uint128(digit_at(k)), &value)) {
      return NumberParse::kOutOfRange;
    }
  }
  if (value != 0) {
    for (int64_t k = digits; k < keep; k++) {
      if (__builtin_mul_overflow(value, uint128(10), &value)) return NumberParse::kOutOfRange;
    }
  }
  if (keep >= 0 && keep < digits && digit_at(keep) >= 5) {
    if (__builtin_add_overflow(value, uint128(1), &value)) return NumberParse::kOutOfRange;
  }
  magnitude = value;
  return NumberParse::kOk;
}

NumberParse ParseDecimal(std::string_view text, uint8_t width, uint8_t scale, int128& unscaled) {
  bool negative;
  uint128 magnitude;
  NumberParse status = ParseScaledMagnitude(text, scale, negative, magnitude);
  if (status != NumberParse::kOk) return status;
  if (magnitude >= static_cast<uint128>(kPowersOfTen[width])) return NumberParse::kOutOfRange;
  unscaled = negative ? -static_cast<int128>(magnitude) : static_cast<int128>(magnitude);
  return NumberParse::kOk;
}

std::string_view FormatDecimal(int128 unscaled, uint8_t scale, char (&buffer)[kMaxDecimalChars]) {
  char* end = buffer + kMaxDecimalChars;
  uint128 magnitude = UnsignedAbs(unscaled);
  char* p;
  if (scale == 0) {
    p = WriteDigitsBackward(magnitude, end);
  } else {
    uint128 divisor = static_cast<uint128>(kPowersOfTen[scale]);
    char* fraction_end = end;
    p = WriteDigitsBackward(magnitude % divisor, fraction_end);
    while (fraction_end - p < scale) *--p = '0';
    *--p = '.';
    p = WriteDigitsBackward(magnitude / divisor, p);
  }
  if (unscaled < 0) *--p = '-';
  return std::string_view(p, static_cast<size_t>(end - p));
}

std::string DecimalToString(int128 unscaled, uint8_t scale) {
  char buffer[kMaxDecimalChars];
  return std::string(FormatDecimal(unscaled, scale, buffer));
}

bool TryRescaleDecimal(int128 unscaled, uint8_t from_scale, uint8_t to_scale, uint8_t to_width,
                       int128& out) {
  int128 value;
  if (to_scale >= from_scale) {
    if (!TryMulInt128(unscaled, kPowersOfTen[to_scale - from_scale], value)) return false;
  } else {
    value = DivideRoundHalfAway<int128>(unscaled, kPowersOfTen[from_scale - to_scale]);
  }
  if (!DecimalFitsWidth(value, to_width)) return false;
  out = value;
  return true;
}

double DecimalToDouble(int128 unscaled, uint8_t scale) {
  // Both operands are exact for the common case (|unscaled| < 2^53, scale <= 22), so the
  // quotient is the correctly rounded double.
  static constexpr std::array<double, kMaxDecimalDigits + 1> kDoublePowers = [] {
    std::array<double, kMaxDecimalDigits + 1> powers{};
    double p = 1;
    for (auto& entry : powers) {
      entry = p;
      p *= 10;
    }
    return powers;
  }();
  constexpr int128 kExactLimit = int128{1} << 53;
  if (unscaled < kExactLimit && unscaled > -kExactLimit && scale <= 22) {
    return static_cast<double>(unscaled) / kDoublePowers[scale];
  }
  // Otherwise two roundings (of unscaled, then of the quotient) can miss the nearest
  // double (99999999999999999999.99999 gave 1.0000000000000002e+20): strtod of the exact
  // decimal text rounds once. Rare (more than 15 significant digits), so the text is fine.
  char buffer[kMaxDecimalChars];
  std::string text(FormatDecimal(unscaled, scale, buffer));
  return std::strtod(text.c_str(), nullptr);
}

namespace {
template <typename F>
bool FloatingToDecimal(F value, uint8_t width, uint8_t scale, int128& out) {
  if (!std::isfinite(value)) return false;
  char buffer[64];
  auto result = fmt::format_to_n(buffer, sizeof(buffer), "{}", value);
  std::string_view text(buffer, result.size < sizeof(buffer) ? result.size : sizeof(buffer));
  return ParseDecimal(text, width, scale, out) == NumberParse::kOk;
}
}  // namespace

bool TryDoubleToDecimal(double value, uint8_t width, uint8_t scale, int128& out) {
  return FloatingToDecimal(value, width, scale, out);
}

bool TryFloatToDecimal(float value, uint8_t width, uint8_t scale, int128& out) {
  return FloatingToDecimal(value, width, scale, out);
}

}  // namespace teal
