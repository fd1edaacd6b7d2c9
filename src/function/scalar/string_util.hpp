// UTF-8 helpers shared by the string functions and LIKE. Input is assumed to be valid
// UTF-8; a truncated sequence at the end is treated as ending there.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace teal::scalar {

/// Bytes of the code point starting at s[pos] (1..4, clamped to the string's end).
size_t CodePointLength(std::string_view s, size_t pos);
/// Number of code points in s.
int64_t CodePointCount(std::string_view s);
/// Byte offset of the code point `code_points` from the start (s.size() when past it).
size_t ByteOffset(std::string_view s, int64_t code_points);
uint32_t DecodeCodePoint(std::string_view s, size_t pos, size_t len);
void AppendCodePoint(uint32_t cp, std::string& out);
/// Lower- or upper-cases ASCII, Latin-1, basic Greek and basic Cyrillic.
std::string ConvertCase(std::string_view s, bool upper);

/// SQL LIKE: `%` matches any run of characters, `_` exactly one code point, and a
/// backslash makes the next pattern character literal. The whole text must match.
/// Throws InvalidInputError when the pattern ends in a lone backslash.
bool LikeMatches(std::string_view text, std::string_view pattern);

}  // namespace teal::scalar
