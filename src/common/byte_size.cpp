// Byte sizes: parsing '2GB' / '512MiB' and formatting "1.5 GiB".
#include "common/byte_size.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iterator>

#include "teal/error.hpp"

namespace teal {

namespace {
struct Unit {
  const char* name;
  double bytes;
};
constexpr Unit kUnits[] = {
    {"", 1},
    {"b", 1},
    {"byte", 1},
    {"bytes", 1},
    {"kb", 1e3},
    {"mb", 1e6},
    {"gb", 1e9},
    {"tb", 1e12},
    {"k", 1e3},  // DuckDB's one-letter and spelled-out units
    {"m", 1e6},
    {"g", 1e9},
    {"t", 1e12},
    {"kilobyte", 1e3},
    {"kilobytes", 1e3},
    {"megabyte", 1e6},
    {"megabytes", 1e6},
    {"gigabyte", 1e9},
    {"gigabytes", 1e9},
    {"terabyte", 1e12},
    {"terabytes", 1e12},
    {"kib", 1024.0},
    {"mib", 1024.0 * 1024},
    {"gib", 1024.0 * 1024 * 1024},
    {"tib", 1024.0 * 1024 * 1024 * 1024},
};
}  // namespace

uint64_t ParseByteSize(std::string_view text, std::string_view setting) {
  auto malformed = [&]() {
    return InvalidInputError(fmt::format(
        "{}: \"{}\" is not a size; write a number of bytes or one with a unit, e.g. '512MiB', "
        "'2GB' (KB, MB, GB, TB or KiB, MiB, GiB, TiB)",
        setting, text));
  };
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) i++;
  size_t number_start = i;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) i++;
  bool digits = false;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) {
    digits = digits || text[i] != '.';
    i++;
  }
  if (!digits) throw malformed();
  std::string number(text.substr(number_start, i - number_start));
  if (std::count(number.begin(), number.end(), '.') > 1) throw malformed();
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) i++;
  std::string unit;
  for (; i < text.size(); i++) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) break;
    unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) i++;
  if (i != text.size()) throw malformed();
  const Unit* found = nullptr;
  for (const auto& u : kUnits) {
    if (unit == u.name) found = &u;
  }
  if (!found) throw malformed();
  double value = std::strtod(number.c_str(), nullptr) * found->bytes;
  if (number[0] == '-' && value != 0) {
    throw OutOfRangeError(fmt::format("{}: a size cannot be negative, not \"{}\"", setting, text));
  }
  if (!std::isfinite(value) || value >= 9223372036854775808.0) {
    throw OutOfRangeError(
        fmt::format("{}: \"{}\" is too large (at most 8 EiB, 2^63 bytes)", setting, text));
  }
  return static_cast<uint64_t>(value);
}

std::string FormatByteSize(uint64_t bytes) {
  static const char* kNames[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return fmt::format("{} bytes", bytes);
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kNames)) {
    value /= 1024;
    unit++;
  }
  return fmt::format("{:.1f} {}", value, kNames[unit]);
}

}  // namespace teal
