// Built-in string functions: ||, length/char_length/character_length, octet_length,
// lower, upper, substring/substr, trim/btrim/ltrim/rtrim, concat, concat_ws, replace,
// position/strpos, starts_with (^@, prefix), ends_with (suffix), contains, split_part, left,
// right, repeat, reverse, lpad, rpad, overlay, md5 and md5_number, url_encode / url_decode,
// bit_length, chr, ascii, to_hex, hex / unhex and bin / unbin. LIKE and the regexp functions are in
// like.cpp, levenshtein and the other similarities in string_similarity.cpp.
//
// Strings are UTF-8 and every position or length counts code points, as PostgreSQL does
// (octet_length counts bytes). Input is assumed valid UTF-8: text is checked where it
// becomes VARCHAR — string literals, VARCHAR parameters, the appender (common/utf8.hpp) —
// and BLOB -> VARCHAR writes the escaped text form. lower/upper map ASCII, Latin-1
// (U+00C0..U+00FE), basic Greek and basic Cyrillic; other code points are left alone — no locale,
// no full Unicode case tables.
#include <unicode/uchar.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <limits>

#include "common/md5.hpp"
#include "common/sha.hpp"
#include "common/unicode_normalize.hpp"
#include "common/utf8.hpp"
#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "function/scalar/string_util.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace scalar {

size_t CodePointLength(std::string_view s, size_t pos) {
  auto c = static_cast<unsigned char>(s[pos]);
  size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - pos);
}

int64_t CodePointCount(std::string_view s) {
  int64_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

size_t ByteOffset(std::string_view s, int64_t code_points) {
  size_t pos = 0;
  while (code_points > 0 && pos < s.size()) {
    pos += CodePointLength(s, pos);
    code_points--;
  }
  return pos;
}

uint32_t DecodeCodePoint(std::string_view s, size_t pos, size_t len) {
  auto byte = [&](size_t i) {
    return static_cast<uint32_t>(static_cast<unsigned char>(s[pos + i]));
  };
  switch (len) {
    case 1:
      return byte(0);
    case 2:
      return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3:
      return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
      return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) |
             (byte(3) & 0x3F);
  }
}

void AppendCodePoint(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

namespace {
// Unicode's simple (one code point to one) case mappings, as ICU has them: every script,
// and Σ for a final ς.
uint32_t LowerCodePoint(uint32_t cp) {
  return static_cast<uint32_t>(u_tolower(static_cast<UChar32>(cp)));
}
uint32_t UpperCodePoint(uint32_t cp) {
  return static_cast<uint32_t>(u_toupper(static_cast<UChar32>(cp)));
}
}  // namespace

std::string ConvertCase(std::string_view s, bool upper) {
  std::string out;
  out.reserve(s.size());
  for (size_t pos = 0; pos < s.size();) {
    auto c = static_cast<unsigned char>(s[pos]);
    if (c < 0x80) {
      out += static_cast<char>(upper ? (c >= 'a' && c <= 'z' ? c - 32 : c)
                                     : (c >= 'A' && c <= 'Z' ? c + 32 : c));
      pos++;
      continue;
    }
    size_t len = CodePointLength(s, pos);
    uint32_t cp = DecodeCodePoint(s, pos, len);
    AppendCodePoint(upper ? UpperCodePoint(cp) : LowerCodePoint(cp), out);
    pos += len;
  }
  return out;
}

}  // namespace scalar

namespace {

using T = TypeId;

constexpr char kBase64Digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 2]);
    out.push_back(kBase64Digits[(n >> 18) & 63]);
    out.push_back(kBase64Digits[(n >> 12) & 63]);
    out.push_back(i + 1 < bytes.size() ? kBase64Digits[(n >> 6) & 63] : '=');
    out.push_back(i + 2 < bytes.size() ? kBase64Digits[n & 63] : '=');
  }
  return out;
}

/// The bytes of base64 text: groups of four digits, the last padded with '='.
std::string Base64Decode(std::string_view text) {
  auto fail = [&](const std::string& why) -> std::string {
    throw ConversionError(fmt::format("Could not decode string \"{}\" as base64: {}", text, why));
  };
  if (text.size() % 4 != 0) return fail("its length is not a multiple of 4");
  std::string out;
  for (size_t i = 0; i < text.size(); i += 4) {
    uint32_t n = 0;
    int padding = 0;
    for (size_t j = 0; j < 4; j++) {
      const char c = text[i + j];
      const bool last_group = i + 4 == text.size();
      if (c == '=' && last_group && j >= 2 && (j == 3 || text[i + 3] == '=')) {
        padding++;
        n <<= 6;
        continue;
      }
      const char* at = c == '\0' ? nullptr : std::strchr(kBase64Digits, c);
      if (!at || padding > 0) return fail(fmt::format("'{}' is not a base64 digit here", c));
      n = (n << 6) | static_cast<uint32_t>(at - kBase64Digits);
    }
    out.push_back(static_cast<char>((n >> 16) & 0xff));
    if (padding < 2) out.push_back(static_cast<char>((n >> 8) & 0xff));
    if (padding < 1) out.push_back(static_cast<char>(n & 0xff));
  }
  return out;
}

std::string_view Str(const DataChunk& args, idx_t column, idx_t row) {
  return args.data[column].Values<string_t>()[row].View();
}
int64_t Int(const DataChunk& args, idx_t column, idx_t row) {
  return args.data[column].Values<int64_t>()[row];
}

/// The code points [from, to) (0-based, clamped) of s.
std::string_view CodePointRange(std::string_view s, int64_t from, int64_t to) {
  from = std::max<int64_t>(from, 0);
  if (to <= from) return {};
  size_t begin = ByteOffset(s, from);
  size_t end = begin + ByteOffset(s.substr(begin), to - from);
  return s.substr(begin, end - begin);
}

/// PostgreSQL substring: characters start .. start + length - 1 (1-based), clamped to the
/// string, so a start before 1 eats into the length.
std::string_view Substring(std::string_view s, int64_t start, std::optional<int64_t> length) {
  // Far beyond any string either way; keeps start - 1 and start + length from overflowing.
  constexpr int64_t kFar = int64_t{1} << 62;
  start = std::clamp(start, -kFar, kFar);
  if (!length) return CodePointRange(s, start - 1, INT64_MAX);
  if (*length < 0) throw InvalidInputError("negative substring length not allowed");
  int64_t end;
  if (__builtin_add_overflow(start, std::min(*length, kFar), &end)) end = INT64_MAX;
  return CodePointRange(s, start - 1, end - 1);
}

enum class TrimSide { kBoth, kLeft, kRight };

std::string_view Trim(std::string_view s, std::string_view characters, TrimSide side) {
  auto in_set = [&](std::string_view cp) {
    if (cp.size() == 1) return characters.find(cp[0]) != std::string_view::npos;
    for (size_t pos = 0; pos < characters.size();) {
      size_t len = CodePointLength(characters, pos);
      if (characters.substr(pos, len) == cp) return true;
      pos += len;
    }
    return false;
  };
  size_t begin = 0, end = s.size();
  if (side != TrimSide::kRight) {
    while (begin < end) {
      size_t len = CodePointLength(s, begin);
      if (!in_set(s.substr(begin, len))) break;
      begin += len;
    }
  }
  if (side != TrimSide::kLeft) {
    while (end > begin) {
      size_t start = end - 1;
      while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) start--;
      if (!in_set(s.substr(start, end - start))) break;
      end = start;
    }
  }
  return s.substr(begin, end - begin);
}

/// 1-based code point position of `needle` in `s`, 0 when absent.
int64_t Position(std::string_view s, std::string_view needle) {
  size_t at = s.find(needle);
  if (at == std::string_view::npos) return 0;
  return CodePointCount(s.substr(0, at)) + 1;
}

constexpr int64_t kMaxStringBytes = int64_t{1} << 30;

void CheckLength(int64_t bytes, const char* function) {
  if (bytes > kMaxStringBytes) {
    throw OutOfRangeError(
        fmt::format("{}: requested string of {} bytes is too long", function, bytes));
  }
}

std::string Pad(std::string_view s, int64_t length, std::string_view fill, bool left) {
  int64_t have = CodePointCount(s);
  if (length <= have) return std::string(CodePointRange(s, 0, std::max<int64_t>(length, 0)));
  if (fill.empty()) return std::string(s);
  CheckLength(length, left ? "lpad" : "rpad");
  std::string padding;
  int64_t need = length - have;
  for (size_t pos = 0; need > 0; need--) {
    size_t len = CodePointLength(fill, pos);
    padding.append(fill.substr(pos, len));
    pos += len;
    if (pos >= fill.size()) pos = 0;
  }
  return left ? padding + std::string(s) : std::string(s) + padding;
}

std::string SplitPart(std::string_view s, std::string_view delimiter, int64_t field) {
  if (field == 0) throw InvalidInputError("split_part: field position must not be zero");
  if (delimiter.empty()) return field == 1 || field == -1 ? std::string(s) : std::string();
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t at = s.find(delimiter, start);
    if (at == std::string_view::npos) {
      parts.push_back(s.substr(start));
      break;
    }
    parts.push_back(s.substr(start, at - start));
    start = at + delimiter.size();
  }
  int64_t n = static_cast<int64_t>(parts.size());
  int64_t index = field > 0 ? field - 1 : n + field;
  if (index < 0 || index >= n) return {};
  return std::string(parts[index]);
}

/// translate (PostgreSQL's): each character of `s` that is in `from` becomes the character
/// at the same place in `to`, or goes when `to` is shorter; the first place in `from` counts.
std::string Translate(std::string_view s, std::string_view from, std::string_view to) {
  const std::u32string source = DecodeUtf8(from), target = DecodeUtf8(to);
  std::string out;
  out.reserve(s.size());
  for (char32_t c : DecodeUtf8(s)) {
    const size_t at = source.find(c);
    if (at == std::u32string::npos) {
      AppendCodePoint(static_cast<uint32_t>(c), out);
    } else if (at < target.size()) {
      AppendCodePoint(static_cast<uint32_t>(target[at]), out);
    }
  }
  return out;
}

std::string Replace(std::string_view s, std::string_view from, std::string_view to) {
  if (from.empty()) return std::string(s);
  std::string out;
  size_t start = 0;
  while (true) {
    size_t at = s.find(from, start);
    if (at == std::string_view::npos) break;
    out.append(s.substr(start, at - start));
    out.append(to);
    start = at + from.size();
  }
  out.append(s.substr(start));
  return out;
}

std::string Reverse(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t end = s.size();
  while (end > 0) {
    size_t start = end - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) start--;
    out.append(s.substr(start, end - start));
    end = start;
  }
  return out;
}

std::string Chr(int64_t cp) {
  if (cp == 0) throw InvalidInputError("chr: null character not permitted");
  if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    throw InvalidInputError(
        fmt::format("Invalid UTF8 code point {} requested of chr: not a valid code point", cp));
  }
  std::string out;
  AppendCodePoint(static_cast<uint32_t>(cp), out);
  return out;
}

/// DuckDB's url_encode: every byte but the unreserved characters of RFC 3986 (letters,
/// digits, '-', '_', '.', '~') as %XX.
std::string UrlEncode(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 15]);
    }
  }
  return out;
}

/// url_decode: each %XX as its byte; a '%' not followed by two hex digits stays as it is.
/// The result must be UTF-8.
std::string UrlDecode(std::string_view s) {
  auto hex = [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
           : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
           : (c >= 'A' && c <= 'F')                    ? c - 'A' + 10
                                                       : -1;
  };
  std::string out;
  out.reserve(s.size());
  for (size_t k = 0; k < s.size(); k++) {
    if (s[k] == '%' && k + 2 < s.size() && hex(s[k + 1]) >= 0 && hex(s[k + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(s[k + 1]) * 16 + hex(s[k + 2])));
      k += 2;
    } else {
      out.push_back(s[k]);
    }
  }
  if (!IsValidUtf8(out)) {
    throw InvalidInputError(
        fmt::format("Failed to decode string \"{}\" using URL decoding: decoded value is invalid "
                    "UTF8",
                    s));
  }
  return out;
}

/// overlay(s PLACING r FROM start FOR count), PostgreSQL's: s's characters before `start`,
/// then r, then s's characters from start + count on. A start below 1 is an error there.
std::string Overlay(std::string_view s, std::string_view r, int64_t start, int64_t count) {
  if (start <= 0) throw InvalidInputError("negative substring length not allowed");
  int64_t after;
  if (__builtin_add_overflow(start, count, &after)) throw OutOfRangeError("integer out of range");
  std::string out(CodePointRange(s, 0, start - 1));
  out.append(r);
  out.append(CodePointRange(s, after - 1, std::numeric_limits<int64_t>::max()));
  return out;
}

/// DuckDB's hex / bin of bytes: two hex digits (upper case) or eight binary digits each.
std::string BytesAsDigits(std::string_view bytes, bool binary) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    if (binary) {
      for (int bit = 7; bit >= 0; bit--) out.push_back(((b >> bit) & 1) != 0 ? '1' : '0');
    } else {
      out.push_back(kHex[b >> 4]);
      out.push_back(kHex[b & 15]);
    }
  }
  return out;
}

/// hex / bin of an unsigned 128-bit pattern: its digits without leading zeros ("0" for 0).
std::string BitsAsDigits(uint128 v, bool binary) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  do {
    out.push_back(binary ? static_cast<char>('0' + static_cast<int>(v & 1)) : kHex[v & 15]);
    v >>= binary ? 1 : 4;
  } while (v != 0);
  return std::string(out.rbegin(), out.rend());
}

/// unhex / unbin: the bytes the digits stand for (a short first group is padded with zeros
/// on the left: unhex('5') is \x05).
std::string DigitsAsBytes(std::string_view digits, bool binary, const char* name) {
  const size_t per_byte = binary ? 8 : 2;
  auto value = [&](char c) -> int {
    if (binary) return c == '0' ? 0 : c == '1' ? 1 : -1;
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  size_t at = 0;
  size_t group = digits.size() % per_byte == 0 ? per_byte : digits.size() % per_byte;
  while (at < digits.size()) {
    int byte = 0;
    for (size_t k = 0; k < group; k++, at++) {
      const int v = value(digits[at]);
      if (v < 0) {
        throw InvalidInputError(fmt::format("{}: \"{}\" is not a {} digit in '{}'", name,
                                            digits[at], binary ? "binary" : "hexadecimal", digits));
      }
      byte = byte * (binary ? 2 : 16) + v;
    }
    out.push_back(static_cast<char>(byte));
    group = per_byte;
  }
  return out;
}

template <typename R, typename F>
ScalarFunction Predicate(const std::string& name, std::vector<LogicalType> arguments, LogicalType r,
                         F f) {
  return MakeFunction(name, std::move(arguments), std::move(r),
                      [f](const DataChunk& args, Vector& result, idx_t count) {
                        R* out = result.Values<R>();
                        for (idx_t i = 0; i < count; i++) {
                          if (result.RowIsValid(i)) out[i] = f(args, i);
                        }
                      });
}

/// concat / concat_ws take arguments of any type, converted to text (PostgreSQL's "any").
ScalarFunctionSet ConcatSet(bool with_separator) {
  ScalarFunctionSet set;
  set.name = with_separator ? "concat_ws" : "concat";
  set.resolve = [with_separator](const std::vector<LogicalType>& types) {
    size_t minimum = with_separator ? 2 : 1;
    if (types.size() < minimum) {
      throw BinderError(fmt::format("{} needs at least {} argument{}",
                                    with_separator ? "concat_ws" : "concat", minimum,
                                    minimum > 1 ? "s" : ""));
    }
    ScalarFunction f;
    f.name = with_separator ? "concat_ws" : "concat";
    if (with_separator) f.arguments = {T::kVarchar};
    f.varargs = T::kVarchar;
    f.return_type = T::kVarchar;
    f.null_in_null_out = false;
    f.body = [with_separator](const DataChunk& args, Vector& result, idx_t count) {
      string_t* out = result.Values<string_t>();
      std::string buffer;
      for (idx_t i = 0; i < count; i++) {
        if (with_separator && !args.data[0].RowIsValid(i)) {
          result.SetNull(i);
          continue;
        }
        buffer.clear();
        bool first = true;
        for (idx_t c = with_separator ? 1 : 0; c < args.ColumnCount(); c++) {
          if (!args.data[c].RowIsValid(i)) continue;
          if (with_separator && !first) buffer.append(Str(args, 0, i));
          buffer.append(Str(args, c, i));
          first = false;
        }
        out[i] = result.AddString(buffer);
      }
    };
    return std::optional<ScalarFunction>(std::move(f));
  };
  return set;
}

/// string_split(s, separator) (DuckDB): the pieces between the separators, empty ones
/// included; an empty separator splits s into its characters.
ScalarFunctionBody StringSplitBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    std::vector<std::string_view> pieces;
    for (idx_t i = 0; i < count; i++) {
      pieces.clear();
      if (result.RowIsValid(i)) {
        const std::string_view s = args.data[0].Values<string_t>()[i].View();
        const std::string_view separator = args.data[1].Values<string_t>()[i].View();
        if (separator.empty()) {
          for (size_t at = 0; at < s.size();) {
            const size_t length = CodePointLength(s, at);
            pieces.push_back(s.substr(at, length));
            at += length;
          }
        } else {
          size_t at = 0;
          for (size_t found; (found = s.find(separator, at)) != std::string_view::npos;) {
            pieces.push_back(s.substr(at, found - at));
            at = found + separator.size();
          }
          pieces.push_back(s.substr(at));
        }
      }
      SetStringListRow(result, i, pieces);
    }
  };
}

}  // namespace

void RegisterStringFunctions(FunctionCatalog& catalog) {
  const LogicalType V = T::kVarchar, I = T::kBigInt, B = T::kBoolean;
  const LogicalType BL = T::kBlob;
  auto concatenate = [](const DataChunk& a, idx_t i) {
    std::string out(Str(a, 0, i));
    out.append(Str(a, 1, i));
    return out;
  };
  catalog.AddScalar(StringFunction("||", {V, V}, concatenate));
  catalog.AddExactOverload(StringFunction("||", {BL, BL}, concatenate, BL));
  for (const char* name : {"length", "char_length", "character_length", "len"}) {
    catalog.AddScalar(Predicate<int64_t>(
        name, {V}, I, [](const DataChunk& a, idx_t i) { return CodePointCount(Str(a, 0, i)); }));
  }
  auto byte_count = [](const DataChunk& a, idx_t i) {
    return static_cast<int64_t>(Str(a, 0, i).size());
  };
  for (const LogicalType& bytes : {V, LogicalType(TypeId::kBlob)}) {
    catalog.AddScalar(Predicate<int64_t>("octet_length", {bytes}, I, byte_count));
  }
  catalog.AddScalar(Predicate<int64_t>("strlen", {V}, I, byte_count));  // DuckDB's: bytes
  for (const char* name : {"lower", "lcase"}) {
    catalog.AddScalar(StringFunction(
        name, {V}, [](const DataChunk& a, idx_t i) { return ConvertCase(Str(a, 0, i), false); }));
  }
  for (const char* name : {"upper", "ucase"}) {
    catalog.AddScalar(StringFunction(
        name, {V}, [](const DataChunk& a, idx_t i) { return ConvertCase(Str(a, 0, i), true); }));
  }
  // What the NOACCENT and NFC collations compare by.
  catalog.AddScalar(StringFunction("strip_accents", {V}, [](const DataChunk& a, idx_t i) {
    return StripAccents(Str(a, 0, i));
  }));
  catalog.AddScalar(StringFunction("nfc_normalize", {V}, [](const DataChunk& a, idx_t i) {
    return NfcNormalize(Str(a, 0, i));
  }));
  for (const char* name : {"substring", "substr"}) {
    catalog.AddScalar(StringFunction(name, {V, I}, [](const DataChunk& a, idx_t i) {
      return Substring(Str(a, 0, i), Int(a, 1, i), std::nullopt);
    }));
    catalog.AddScalar(StringFunction(name, {V, I, I}, [](const DataChunk& a, idx_t i) {
      return Substring(Str(a, 0, i), Int(a, 1, i), Int(a, 2, i));
    }));
  }
  struct TrimEntry {
    const char* name;
    TrimSide side;
  };
  for (auto [name, side] :
       {TrimEntry{"trim", TrimSide::kBoth}, TrimEntry{"btrim", TrimSide::kBoth},
        TrimEntry{"ltrim", TrimSide::kLeft}, TrimEntry{"rtrim", TrimSide::kRight}}) {
    TrimSide s = side;
    catalog.AddScalar(StringFunction(
        name, {V}, [s](const DataChunk& a, idx_t i) { return Trim(Str(a, 0, i), " ", s); }));
    catalog.AddScalar(StringFunction(name, {V, V}, [s](const DataChunk& a, idx_t i) {
      return Trim(Str(a, 0, i), Str(a, 1, i), s);
    }));
  }
  for (const char* name : {"string_split", "str_split", "split"}) {
    catalog.AddScalar(MakeFunction(name, {V, V}, LogicalType::List(V), StringSplitBody()));
  }
  catalog.AddScalarSet(ConcatSet(false));
  catalog.AddScalarSet(ConcatSet(true));
  catalog.AddScalar(StringFunction("replace", {V, V, V}, [](const DataChunk& a, idx_t i) {
    return Replace(Str(a, 0, i), Str(a, 1, i), Str(a, 2, i));
  }));
  catalog.AddScalar(StringFunction("translate", {V, V, V}, [](const DataChunk& a, idx_t i) {
    return Translate(Str(a, 0, i), Str(a, 1, i), Str(a, 2, i));
  }));
  for (const char* name : {"position", "strpos", "instr"}) {
    catalog.AddScalar(Predicate<int64_t>(name, {V, V}, I, [](const DataChunk& a, idx_t i) {
      return Position(Str(a, 0, i), Str(a, 1, i));
    }));
  }
  // ^@ is PostgreSQL's operator for starts_with; prefix and suffix are DuckDB's names.
  for (const char* name : {"starts_with", "^@", "prefix"}) {
    catalog.AddScalar(Predicate<bool>(name, {V, V}, B, [](const DataChunk& a, idx_t i) {
      return Str(a, 0, i).starts_with(Str(a, 1, i));
    }));
  }
  for (const char* name : {"ends_with", "suffix"}) {
    catalog.AddScalar(Predicate<bool>(name, {V, V}, B, [](const DataChunk& a, idx_t i) {
      return Str(a, 0, i).ends_with(Str(a, 1, i));
    }));
  }
  catalog.AddScalar(Predicate<bool>("contains", {V, V}, B, [](const DataChunk& a, idx_t i) {
    return Str(a, 0, i).find(Str(a, 1, i)) != std::string_view::npos;
  }));
  catalog.AddScalar(StringFunction("split_part", {V, V, I}, [](const DataChunk& a, idx_t i) {
    return SplitPart(Str(a, 0, i), Str(a, 1, i), Int(a, 2, i));
  }));
  catalog.AddScalar(StringFunction("left", {V, I}, [](const DataChunk& a, idx_t i) {
    std::string_view s = Str(a, 0, i);
    int64_t n = Int(a, 1, i);
    return std::string(n >= 0 ? CodePointRange(s, 0, n)
                              : CodePointRange(s, 0, CodePointCount(s) + n));
  }));
  // DuckDB's s[i] and array_extract(s, i): the i-th character (1-based, a negative i
  // counts from the end), '' when there is none.
  catalog.AddScalar(StringFunction("array_extract", {V, I}, [](const DataChunk& a, idx_t i) {
    std::string_view s = Str(a, 0, i);
    int64_t n = Int(a, 1, i);
    if (n == 0) return std::string();
    if (n < 0) {
      const int64_t total = CodePointCount(s);
      if (n < -total) return std::string();
      n = total + n + 1;
    }
    return std::string(CodePointRange(s, n - 1, n));
  }));
  catalog.AddScalar(StringFunction("right", {V, I}, [](const DataChunk& a, idx_t i) {
    std::string_view s = Str(a, 0, i);
    int64_t n = Int(a, 1, i), total = CodePointCount(s);
    if (n >= 0) return std::string(CodePointRange(s, total - std::min(n, total), total));
    return std::string(CodePointRange(s, n == INT64_MIN ? INT64_MAX : -n, total));
  }));
  auto repeat = [](const DataChunk& a, idx_t i) {
    std::string_view s = Str(a, 0, i);
    int64_t n = Int(a, 1, i);
    if (n <= 0 || s.empty()) return std::string();
    if (n > kMaxStringBytes / static_cast<int64_t>(s.size())) {
      CheckLength(kMaxStringBytes + 1, "repeat");
    }
    std::string out;
    out.reserve(s.size() * n);
    for (int64_t k = 0; k < n; k++) out.append(s);
    return out;
  };
  catalog.AddScalar(StringFunction("repeat", {V, I}, repeat));
  catalog.AddExactOverload(StringFunction("repeat", {BL, I}, repeat, BL));
  catalog.AddScalar(StringFunction(
      "reverse", {V}, [](const DataChunk& a, idx_t i) { return Reverse(Str(a, 0, i)); }));
  for (bool left : {true, false}) {
    const char* name = left ? "lpad" : "rpad";
    catalog.AddScalar(StringFunction(name, {V, I}, [left](const DataChunk& a, idx_t i) {
      return Pad(Str(a, 0, i), Int(a, 1, i), " ", left);
    }));
    catalog.AddScalar(StringFunction(name, {V, I, V}, [left](const DataChunk& a, idx_t i) {
      return Pad(Str(a, 0, i), Int(a, 1, i), Str(a, 2, i), left);
    }));
  }
  auto md5 = [](const DataChunk& a, idx_t i) { return Md5::HexOf(Str(a, 0, i)); };
  catalog.AddScalar(StringFunction("md5", {V}, md5));
  catalog.AddExactOverload(StringFunction("md5", {BL}, md5));
  // DuckDB's md5_number: the digest's 16 bytes as a little-endian UHUGEINT; _upper is its
  // first 8 bytes and _lower its last 8, each a little-endian UBIGINT.
  auto digest_half = [](std::string_view bytes, size_t from) {
    Md5 md5;
    md5.Update(bytes);
    const Md5::Digest digest = md5.Finish();
    uint64_t v = 0;
    for (size_t k = 8; k-- > 0;) v = (v << 8) | digest[from + k];
    return v;
  };
  for (const LogicalType& input : {V, BL}) {
    catalog.AddScalar(Predicate<uhugeint_t>("md5_number", {input}, T::kUHugeInt,
                                            [digest_half](const DataChunk& a, idx_t i) {
                                              uhugeint_t v;
                                              v.lower = digest_half(Str(a, 0, i), 0);
                                              v.upper = digest_half(Str(a, 0, i), 8);
                                              return v;
                                            }));
    catalog.AddScalar(Predicate<uint64_t>(
        "md5_number_upper", {input}, T::kUBigInt,
        [digest_half](const DataChunk& a, idx_t i) { return digest_half(Str(a, 0, i), 0); }));
    catalog.AddScalar(Predicate<uint64_t>(
        "md5_number_lower", {input}, T::kUBigInt,
        [digest_half](const DataChunk& a, idx_t i) { return digest_half(Str(a, 0, i), 8); }));
  }
  for (const auto& [name, hash] : {std::pair{"sha1", &Sha1Hex}, std::pair{"sha256", &Sha256Hex}}) {
    auto digest = [hash = hash](const DataChunk& a, idx_t i) { return hash(Str(a, 0, i)); };
    catalog.AddScalar(StringFunction(name, {V}, digest));
    catalog.AddExactOverload(StringFunction(name, {BL}, digest));
  }
  // base64 (RFC 4648, with padding) of a BLOB, and back.
  auto to_base64 = [](const DataChunk& a, idx_t i) { return Base64Encode(Str(a, 0, i)); };
  catalog.AddScalar(StringFunction("base64", {BL}, to_base64));
  catalog.AddScalar(StringFunction("to_base64", {BL}, to_base64));
  catalog.AddScalar(StringFunction(
      "from_base64", {V}, [](const DataChunk& a, idx_t i) { return Base64Decode(Str(a, 0, i)); },
      BL));
  // DuckDB's encode / decode: a string's UTF-8 bytes as a BLOB, and back (checked).
  catalog.AddScalar(StringFunction(
      "encode", {V}, [](const DataChunk& a, idx_t i) { return std::string(Str(a, 0, i)); }, BL));
  catalog.AddScalar(StringFunction("decode", {BL}, [](const DataChunk& a, idx_t i) {
    std::string_view bytes = Str(a, 0, i);
    if (!IsValidUtf8(bytes)) {
      throw ConversionError(
          "Failure in decode: could not convert blob to UTF8 string, the blob contained "
          "invalid UTF8 characters");
    }
    return std::string(bytes);
  }));
  catalog.AddScalar(StringFunction(
      "url_encode", {V}, [](const DataChunk& a, idx_t i) { return UrlEncode(Str(a, 0, i)); }));
  catalog.AddScalar(StringFunction(
      "url_decode", {V}, [](const DataChunk& a, idx_t i) { return UrlDecode(Str(a, 0, i)); }));
  // PostgreSQL's overlay(s PLACING r FROM start [FOR count]): s with its `count` characters
  // from `start` (1-based; count defaults to r's length) replaced by r.
  catalog.AddScalar(StringFunction("overlay", {V, V, I}, [](const DataChunk& a, idx_t i) {
    return Overlay(Str(a, 0, i), Str(a, 1, i), Int(a, 2, i), CodePointCount(Str(a, 1, i)));
  }));
  catalog.AddScalar(StringFunction("overlay", {V, V, I, I}, [](const DataChunk& a, idx_t i) {
    return Overlay(Str(a, 0, i), Str(a, 1, i), Int(a, 2, i), Int(a, 3, i));
  }));
  catalog.AddScalar(Predicate<int64_t>("bit_length", {V}, I, [](const DataChunk& a, idx_t i) {
    return static_cast<int64_t>(Str(a, 0, i).size()) * 8;
  }));
  catalog.AddScalar(
      StringFunction("chr", {I}, [](const DataChunk& a, idx_t i) { return Chr(Int(a, 0, i)); }));
  // DuckDB's unicode(s): the code point of the first character, -1 for ''.
  catalog.AddScalar(
      Predicate<int32_t>("unicode", {V}, T::kInteger, [](const DataChunk& a, idx_t i) {
        std::string_view s = Str(a, 0, i);
        if (s.empty()) return int32_t{-1};
        return static_cast<int32_t>(DecodeCodePoint(s, 0, CodePointLength(s, 0)));
      }));
  catalog.AddScalar(Predicate<int64_t>("ascii", {V}, I, [](const DataChunk& a, idx_t i) {
    std::string_view s = Str(a, 0, i);
    if (s.empty()) return int64_t{0};
    return static_cast<int64_t>(DecodeCodePoint(s, 0, CodePointLength(s, 0)));
  }));
  // DuckDB's hex / bin (to_hex / to_binary of text and bytes): upper-case digits of the
  // bytes, or of an integer's two's complement without leading zeros (a negative BIGINT has
  // 16 hex digits). to_hex of an integer stays PostgreSQL's lower-case one below.
  for (bool binary : {false, true}) {
    using Names = std::array<const char*, 2>;
    const Names to_digits = binary ? Names{"bin", "to_binary"} : Names{"hex", "to_hex"};
    const Names from_digits = binary ? Names{"unbin", "from_binary"} : Names{"unhex", "from_hex"};
    for (const char* name : to_digits) {
      for (const LogicalType& bytes : {V, BL}) {
        catalog.AddScalar(StringFunction(name, {bytes}, [binary](const DataChunk& a, idx_t i) {
          return BytesAsDigits(Str(a, 0, i), binary);
        }));
      }
      if (std::string_view(name) == "to_hex") continue;
      catalog.AddScalar(StringFunction(name, {I}, [binary](const DataChunk& a, idx_t i) {
        return BitsAsDigits(static_cast<uint64_t>(Int(a, 0, i)), binary);
      }));
      catalog.AddScalar(StringFunction(name, {T::kUBigInt}, [binary](const DataChunk& a, idx_t i) {
        return BitsAsDigits(a.data[0].Values<uint64_t>()[i], binary);
      }));
      catalog.AddScalar(StringFunction(name, {T::kHugeInt}, [binary](const DataChunk& a, idx_t i) {
        return BitsAsDigits(static_cast<uint128>(a.data[0].Values<hugeint_t>()[i].Get()), binary);
      }));
      catalog.AddScalar(StringFunction(name, {T::kUHugeInt}, [binary](const DataChunk& a, idx_t i) {
        return BitsAsDigits(a.data[0].Values<uhugeint_t>()[i].Get(), binary);
      }));
    }
    for (const char* name : from_digits) {
      catalog.AddScalar(StringFunction(
          name, {V},
          [binary, name](const DataChunk& a, idx_t i) {
            return DigitsAsBytes(Str(a, 0, i), binary, name);
          },
          BL));
    }
  }
  catalog.AddScalar(StringFunction("to_hex", {I}, [](const DataChunk& a, idx_t i) {
    return fmt::format("{:x}", static_cast<uint64_t>(Int(a, 0, i)));
  }));
  RegisterLikeFunctions(catalog);
  RegisterSimilarToFunctions(catalog);
  RegisterStringSimilarityFunctions(catalog);
}

}  // namespace teal
