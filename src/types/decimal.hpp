// DECIMAL arithmetic on unscaled integers: powers of ten, parsing text into an
// unscaled integer with rounding, formatting with the scale, and rescaling.
//
// A DECIMAL(w,s) value v is stored as the integer v * 10^s, with |v * 10^s| < 10^w,
// in int16 / int32 / int64 / hugeint by width (DecimalPhysicalType). Every function
// here works on int128 so that it serves all four layouts; the caller narrows.
//
// Rounding, wherever digits are dropped (text with more fractional digits than the
// scale, a rescale to a smaller scale, DECIMAL to integer), is half away from zero:
// 1.25 -> 1.3, -1.25 -> -1.3, as PostgreSQL and DuckDB do for NUMERIC.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "teal/logical_type.hpp"
#include "types/hugeint_ops.hpp"

namespace teal {

inline constexpr uint8_t kMaxDecimalDigits = 38;

/// Decimal digits left of the point that any value of an integer type may need: TINYINT 3,
/// SMALLINT 5, INTEGER 10, BIGINT 19, UBIGINT 20, HUGEINT and UHUGEINT 39 (one more than a
/// DECIMAL holds); 0 for a type that is not an integer.
uint8_t IntegerDigits(TypeId id);

/// 10^0 .. 10^38 (10^38 < 2^127, so every entry fits int128).
inline constexpr std::array<int128, kMaxDecimalDigits + 1> kPowersOfTen = [] {
  std::array<int128, kMaxDecimalDigits + 1> powers{};
  powers[0] = 1;
  for (size_t i = 1; i < powers.size(); i++) powers[i] = powers[i - 1] * 10;
  return powers;
}();

/// True when |unscaled| < 10^width, i.e. the value fits DECIMAL(width, *).
constexpr bool DecimalFitsWidth(int128 unscaled, uint8_t width) {
  int128 limit = kPowersOfTen[width];
  return unscaled < limit && unscaled > -limit;
}

/// v / divisor rounded half away from zero. Precondition: divisor > 0.
template <typename W>
constexpr W DivideRoundHalfAway(W v, W divisor) {
  W quotient = v / divisor;
  W remainder = v % divisor;
  W magnitude = remainder < 0 ? -remainder : remainder;
  // magnitude >= divisor - magnitude  <=>  2 * magnitude >= divisor, without overflow.
  if (magnitude >= divisor - magnitude) quotient += v < 0 ? -1 : 1;
  return quotient;
}

/// Parses a number into round(value * 10^scale) as sign and magnitude. Syntax:
///   [ws] [+|-] digits [. digits] [(e|E) [+|-] digits] [ws]
/// with at least one digit before the exponent ("1.", ".5", "1e3" are fine).
/// kOutOfRange when the magnitude exceeds 2^128 - 1.
NumberParse ParseScaledMagnitude(std::string_view text, uint8_t scale, bool& negative,
                                 uint128& magnitude);

/// Text to the unscaled integer of DECIMAL(width, scale), rounding extra digits.
NumberParse ParseDecimal(std::string_view text, uint8_t width, uint8_t scale, int128& unscaled);

/// Room FormatDecimal needs: sign, 38 digits, point, and a leading "0".
inline constexpr size_t kMaxDecimalChars = 41;
/// `unscaled` with exactly `scale` fractional digits ("1.50", "-0.50", "12" for scale 0),
/// written into `buffer`; returns the text (a view into buffer).
std::string_view FormatDecimal(int128 unscaled, uint8_t scale, char (&buffer)[kMaxDecimalChars]);
std::string DecimalToString(int128 unscaled, uint8_t scale);

/// Moves `unscaled` from `from_scale` to `to_scale` (rounding when digits drop) and
/// checks it fits `to_width` digits. False when it does not.
bool TryRescaleDecimal(int128 unscaled, uint8_t from_scale, uint8_t to_scale, uint8_t to_width,
                       int128& out);

/// The nearest double of unscaled / 10^scale.
double DecimalToDouble(int128 unscaled, uint8_t scale);

/// A finite double as DECIMAL(width, scale): the shortest text that reads back as
/// `value` (what users see printed) rounded half away from zero, so 1.005 gives 1.01
/// at scale 2. False for NaN, infinities and values that do not fit.
bool TryDoubleToDecimal(double value, uint8_t width, uint8_t scale, int128& out);
/// As TryDoubleToDecimal, from the shortest text of the float.
bool TryFloatToDecimal(float value, uint8_t width, uint8_t scale, int128& out);

}  // namespace teal
