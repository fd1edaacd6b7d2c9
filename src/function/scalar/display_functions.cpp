// Functions that render numbers for people, and read such text back: format_bytes
// (formatReadableSize) and formatReadableDecimalSize ("1.5 MiB", "500.0 kB"; DuckDB's,
// truncated to one decimal), PostgreSQL's pg_size_pretty ("10 kB", rounded, switching units
// at 10 KiB — not DuckDB's alias of format_bytes: DIALECT.md), parse_formatted_bytes
// ('1.5 KiB' -> 1536), to_base(n, radix[, min_length]) and bar(x, min, max[, width]), a bar of
// Unicode block characters.
#include <fmt/format.h>

#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

/// `bytes` in the largest unit of `base` (1024: KiB … PiB, 1000: kB … PB) it reaches, with
/// one decimal truncated (DuckDB's: 1,048,575 bytes are "1023.9 KiB", not "1024.0 KiB");
/// below one unit, "N bytes" ("1 byte").
std::string FormatBytes(int64_t bytes, uint64_t base) {
  static constexpr std::array<const char*, 5> kBinary = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  static constexpr std::array<const char*, 5> kDecimal = {"kB", "MB", "GB", "TB", "PB"};
  const char* sign = bytes < 0 ? "-" : "";
  const uint64_t magnitude = UnsignedAbs(bytes);
  if (magnitude < base)
    return fmt::format("{}{} byte{}", sign, magnitude, magnitude == 1 ? "" : "s");
  uint64_t unit = base;
  size_t index = 0;
  while (index + 1 < kBinary.size() && magnitude / unit >= base) {
    unit *= base;
    index++;
  }
  const uint64_t whole = magnitude / unit;
  const uint64_t tenth =
      static_cast<uint64_t>(static_cast<unsigned __int128>(magnitude % unit) * 10 / unit);
  return fmt::format("{}{}.{} {}", sign, whole, tenth,
                     base == 1024 ? kBinary[index] : kDecimal[index]);
}

/// PostgreSQL's pg_size_pretty(bigint): bytes below 10 KiB, then kB, MB, GB, TB, PB (powers
/// of 1024), each used below 20,480 of it, rounded half away from zero.
std::string PgSizePretty(int64_t size) {
  static constexpr std::array<const char*, 5> kUnits = {"kB", "MB", "GB", "TB", "PB"};
  if (UnsignedAbs(size) < 10 * 1024) return fmt::format("{} bytes", size);
  // `halves` counts half units, so that rounding needs one step: kB first.
  int64_t halves = size / 512;
  for (size_t u = 0;; u++) {
    if (u + 1 == kUnits.size() || UnsignedAbs(halves) < 20 * 1024 * 2 - 2) {
      const int64_t rounded = (halves + (halves < 0 ? -1 : 1)) / 2;
      return fmt::format("{} {}", rounded, kUnits[u]);
    }
    halves /= 1024;
  }
}

/// parse_formatted_bytes: a number (fractions and exponents allowed) and a unit — B / byte
/// / bytes, KB … TB (powers of 1000), KiB … TiB (powers of 1024), any case, spaces around.
/// The messages are DuckDB's.
uint64_t ParseFormattedBytes(std::string_view text) {
  size_t i = 0;
  auto skip_spaces = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) i++;
  };
  skip_spaces();
  const size_t start = i;
  while (i < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.' || text[i] == '-' ||
          text[i] == '+' || text[i] == 'e' || text[i] == 'E')) {
    // An 'e' belongs to the number only between digits ("1e3 b"), not in "5 bytes".
    if ((text[i] == 'e' || text[i] == 'E') &&
        (i == start || i + 1 >= text.size() ||
         !(std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '-' ||
           text[i + 1] == '+'))) {
      break;
    }
    i++;
  }
  const std::string number(text.substr(start, i - start));
  bool digits = false;
  for (char c : number) digits = digits || std::isdigit(static_cast<unsigned char>(c));
  if (!digits) throw InvalidInputError("Memory must have a number (e.g. 1GB)");
  char* end = nullptr;
  const double value = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size()) {
    throw InvalidInputError(fmt::format("Invalid memory limit: '{}'", number));
  }
  skip_spaces();
  std::string unit;
  while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) {
    unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
  }
  skip_spaces();
  double multiplier = 0;
  if (unit == "b" || unit == "byte" || unit == "bytes") {
    multiplier = 1;
  } else {
    static constexpr std::array<const char*, 4> kPrefixes = {"k", "m", "g", "t"};
    for (size_t p = 0; p < kPrefixes.size(); p++) {
      if (unit == std::string(kPrefixes[p]) + "b") multiplier = std::pow(1000.0, p + 1);
      if (unit == std::string(kPrefixes[p]) + "ib") multiplier = std::pow(1024.0, p + 1);
    }
  }
  if (multiplier == 0 || i != text.size()) {
    throw InvalidInputError(fmt::format(
        "Unknown unit for memory: '{}' (expected: KB, MB, GB, TB for 1000^i units or KiB, MiB, "
        "GiB, TiB for 1024^i units)",
        unit));
  }
  if (value < 0) throw InvalidInputError("Memory cannot be negative");
  const double bytes = value * multiplier;
  if (!(bytes < 18446744073709551616.0)) {
    throw InvalidInputError("Memory value out of range: value is too large");
  }
  return static_cast<uint64_t>(bytes);
}

/// bar(x, min, max, width): `width` (1 … 1000) characters, the first (x - min) / (max - min)
/// of them filled with full blocks and the last filled one with an eighth-step partial
/// block; x at or below min (or NaN anywhere) is an empty bar, at or above max a full one.
std::string Bar(double x, double min, double max, double width) {
  static constexpr std::array<const char*, 8> kPartial = {"",       "\u258F", "\u258E", "\u258D",
                                                          "\u258C", "\u258B", "\u258A", "\u2589"};
  if (!std::isfinite(width)) throw OutOfRangeError("Max bar width must not be NaN or infinity");
  if (width < 1) throw OutOfRangeError("Max bar width must be >= 1");
  if (width > 1000) throw OutOfRangeError("Max bar width must be <= 1000");
  double filled;
  if (std::isnan(x) || std::isnan(min) || std::isnan(max) || x <= min) {
    filled = 0;
  } else if (x >= max) {
    filled = width;
  } else {
    filled = width * (x - min) / (max - min);
  }
  if (!std::isfinite(filled)) throw OutOfRangeError("Bar width must not be NaN or infinity");
  const auto eighths = static_cast<uint64_t>(filled * 8);
  std::string out;
  uint64_t used = eighths / 8;
  for (uint64_t k = 0; k < used; k++) out += "\u2588";
  if (eighths % 8 != 0) {
    out += kPartial[eighths % 8];
    used++;
  }
  const auto total = static_cast<uint64_t>(width);
  if (used < total) out.append(total - used, ' ');
  return out;
}

/// to_base(n, radix, min_length) (DuckDB's): n's digits in base 2 … 36 (upper-case letters
/// past 9), zero-padded on the left to min_length (0 … 64).
std::string ToBase(int64_t n, int64_t radix, int64_t min_length) {
  if (n < 0) {
    throw InvalidInputError("'to_base' number must be greater than or equal to 0");
  }
  if (radix < 2 || radix > 36) throw InvalidInputError("'to_base' radix must be between 2 and 36");
  if (min_length < 0 || min_length > 64) {
    throw InvalidInputError("'to_base' min_length must be between 0 and 64");
  }
  std::string digits;
  auto value = static_cast<uint64_t>(n);
  do {
    digits.push_back("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value % static_cast<uint64_t>(radix)]);
    value /= static_cast<uint64_t>(radix);
  } while (value != 0);
  if (digits.size() < static_cast<size_t>(min_length)) {
    digits.append(static_cast<size_t>(min_length) - digits.size(), '0');
  }
  return std::string(digits.rbegin(), digits.rend());
}

}  // namespace

void RegisterDisplayFunctions(FunctionCatalog& catalog) {
  const LogicalType V = TypeId::kVarchar, I = TypeId::kBigInt, D = TypeId::kDouble;
  auto bytes_at = [](const DataChunk& a, idx_t i) { return a.data[0].Values<int64_t>()[i]; };
  for (const char* name : {"format_bytes", "formatreadablesize"}) {
    catalog.AddScalar(StringFunction(name, {I}, [bytes_at](const DataChunk& a, idx_t i) {
      return FormatBytes(bytes_at(a, i), 1024);
    }));
  }
  catalog.AddScalar(StringFunction(
      "formatreadabledecimalsize", {I},
      [bytes_at](const DataChunk& a, idx_t i) { return FormatBytes(bytes_at(a, i), 1000); }));
  catalog.AddScalar(StringFunction("pg_size_pretty", {I}, [bytes_at](const DataChunk& a, idx_t i) {
    return PgSizePretty(bytes_at(a, i));
  }));
  catalog.AddScalar(MakeFunction("parse_formatted_bytes", {V}, TypeId::kUBigInt,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   const string_t* text = args.data[0].Values<string_t>();
                                   auto* out = result.Values<uint64_t>();
                                   for (idx_t i = 0; i < count; i++) {
                                     if (result.RowIsValid(i))
                                       out[i] = ParseFormattedBytes(text[i].View());
                                   }
                                 }));
  auto bar = [](const DataChunk& a, idx_t i) {
    auto at = [&](idx_t c) { return a.data[c].Values<double>()[i]; };
    return Bar(at(0), at(1), at(2), a.ColumnCount() > 3 ? at(3) : 80.0);
  };
  auto to_base = [](const DataChunk& a, idx_t i) {
    auto at = [&](idx_t c) { return a.data[c].Values<int64_t>()[i]; };
    return ToBase(at(0), at(1), a.ColumnCount() > 2 ? at(2) : 0);
  };
  catalog.AddScalar(StringFunction("to_base", {I, I}, to_base));
  catalog.AddScalar(StringFunction("to_base", {I, I, I}, to_base));
  catalog.AddScalar(StringFunction("bar", {D, D, D}, bar));
  catalog.AddScalar(StringFunction("bar", {D, D, D, D}, bar));
}

}  // namespace teal
