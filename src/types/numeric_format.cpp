// FLOAT/DOUBLE and BOOLEAN text conversion (see numeric_format.hpp).
#include "types/numeric_format.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstring>

namespace teal {

namespace {
template <typename F>
std::string_view FormatFloating(F v, char (&buffer)[kMaxFloatChars]) {
  if (std::isnan(v)) return "nan";  // never "-nan": NaN has no meaningful sign in SQL
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  // format_to into the raw buffer (not format_to_n, whose truncating iterator is slower):
  // the longest shortest-digits text, "-2.2250738585072014e-308", leaves room for ".0".
  char* end = fmt::format_to(buffer, "{}", v);
  size_t length = static_cast<size_t>(end - buffer);
  // fmt renders integral values without a point ("1", "-0", "100"); SQL shows them as
  // floating point. The exponent form ("1e+20") stays as it is.
  bool integral = true;
  for (size_t i = 0; i < length; i++) {
    if (!IsDigit(buffer[i]) && buffer[i] != '-') {
      integral = false;
      break;
    }
  }
  if (integral) {
    buffer[length++] = '.';
    buffer[length++] = '0';
  }
  return std::string_view(buffer, length);
}

bool EqualsIgnoreCase(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); i++) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

template <typename F>
NumberParse ParseFloating(std::string_view text, F& out) {
  text = TrimSpace(text);
  // from_chars takes '-' but not '+'; a second sign after the '+' stays invalid.
  if (!text.empty() && text[0] == '+') {
    text.remove_prefix(1);
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) return NumberParse::kInvalid;
  }
  if (text.empty()) return NumberParse::kInvalid;
  // Only the plain spellings of the specials, not from_chars' "nan(chars)".
  std::string_view body = text[0] == '-' ? text.substr(1) : text;
  if (!body.empty() && !IsDigit(body[0]) && body[0] != '.') {
    bool negative = text[0] == '-';
    if (EqualsIgnoreCase(body, "inf") || EqualsIgnoreCase(body, "infinity")) {
      out = negative ? -INFINITY : INFINITY;
      return NumberParse::kOk;
    }
    if (EqualsIgnoreCase(body, "nan")) {
      out = NAN;
      return NumberParse::kOk;
    }
    return NumberParse::kInvalid;
  }
  F value{};
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
  if (end != text.data() + text.size()) return NumberParse::kInvalid;
  if (ec == std::errc::result_out_of_range) {
    // from_chars reports underflow and overflow alike; underflow means a negative
    // exponent, or no exponent at all with a zero integer part ("0.000…1").
    size_t e = text.find_first_of("eE");
    bool underflow = e != std::string_view::npos
                         ? (e + 1 < text.size() && text[e + 1] == '-')
                         : body.size() > 0 && (body[0] == '0' || body[0] == '.');
    if (!underflow) return NumberParse::kOutOfRange;
    out = text[0] == '-' ? -F(0) : F(0);
    return NumberParse::kOk;
  }
  if (ec != std::errc()) return NumberParse::kInvalid;
  out = value;
  return NumberParse::kOk;
}
}  // namespace

std::string_view FormatDouble(double v, char (&buffer)[kMaxFloatChars]) {
  return FormatFloating(v, buffer);
}
std::string_view FormatFloat(float v, char (&buffer)[kMaxFloatChars]) {
  return FormatFloating(v, buffer);
}

std::string DoubleToString(double v) {
  char buffer[kMaxFloatChars];
  return std::string(FormatDouble(v, buffer));
}
std::string FloatToString(float v) {
  char buffer[kMaxFloatChars];
  return std::string(FormatFloat(v, buffer));
}

NumberParse ParseDouble(std::string_view text, double& out) { return ParseFloating(text, out); }
NumberParse ParseFloat(std::string_view text, float& out) { return ParseFloating(text, out); }

bool ParseBoolean(std::string_view text, bool& out) {
  text = TrimSpace(text);
  static constexpr std::string_view kTrue[] = {"true", "t", "yes", "y", "on", "1"};
  static constexpr std::string_view kFalse[] = {"false", "f", "no", "n", "off", "0"};
  for (std::string_view word : kTrue) {
    if (EqualsIgnoreCase(text, word)) {
      out = true;
      return true;
    }
  }
  for (std::string_view word : kFalse) {
    if (EqualsIgnoreCase(text, word)) {
      out = false;
      return true;
    }
  }
  return false;
}

NumberParse ParseRadixMagnitude(std::string_view text, bool& negative, uint128& magnitude) {
  text = TrimSpace(text);
  size_t i = 0;
  negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (text.size() < i + 3 || text[i] != '0') return NumberParse::kInvalid;
  const char form = static_cast<char>(text[i + 1] | 0x20);  // lower case
  const unsigned bits = form == 'x' ? 4 : form == 'o' ? 3 : form == 'b' ? 1 : 0;
  if (bits == 0) return NumberParse::kInvalid;
  magnitude = 0;
  bool digit_before = false;  // an underscore goes between two digits only
  for (i += 2; i < text.size(); i++) {
    const char c = text[i];
    if (c == '_') {
      if (!digit_before || i + 1 == text.size()) return NumberParse::kInvalid;
      digit_before = false;
      continue;
    }
    unsigned digit;
    if (c >= '0' && c <= '9') {
      digit = static_cast<unsigned>(c - '0');
    } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
      digit = static_cast<unsigned>((c | 0x20) - 'a' + 10);
    } else {
      return NumberParse::kInvalid;
    }
    if (digit >= (1u << bits)) return NumberParse::kInvalid;
    if (magnitude >> (128 - bits) != 0) return NumberParse::kOutOfRange;
    magnitude = (magnitude << bits) | digit;
    digit_before = true;
  }
  return NumberParse::kOk;
}

}  // namespace teal
