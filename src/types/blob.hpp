// BLOB text form, DuckDB style: printable ASCII (32..126) other than the backslash
// stands for itself; every other byte is written \xAB (two upper-case hex digits).
// Parsing reverses it, taking hex digits in either case; a backslash not followed by
// 'x' and two hex digits is an error. Bytes outside printable ASCII in the text are
// taken as they are (so UTF-8 text converts to its bytes).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace teal {

/// Length of the text form of `bytes`.
size_t EscapedBlobLength(std::string_view bytes);
/// Writes the text form into `out`, which has room for EscapedBlobLength(bytes).
void EscapeBlob(std::string_view bytes, char* out);
std::string BlobToText(std::string_view bytes);

/// Length of the bytes `text` stands for, or -1 when an escape is malformed.
std::ptrdiff_t UnescapedBlobLength(std::string_view text);
/// Writes the bytes into `out`. Precondition: UnescapedBlobLength(text) >= 0, and
/// `out` has that much room.
void UnescapeBlob(std::string_view text, char* out);
/// False when an escape is malformed.
bool TextToBlob(std::string_view text, std::string& bytes);

}  // namespace teal
