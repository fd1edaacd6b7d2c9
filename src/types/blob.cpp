// BLOB escaping and unescaping (see blob.hpp).
#include "types/blob.hpp"

#include <cstdint>

namespace teal {

namespace {
constexpr bool IsPlain(unsigned char c) { return c >= 32 && c <= 126 && c != '\\'; }

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

size_t EscapedBlobLength(std::string_view bytes) {
  size_t length = 0;
  for (char c : bytes) length += IsPlain(static_cast<unsigned char>(c)) ? 1 : 4;
  return length;
}

void EscapeBlob(std::string_view bytes, char* out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : bytes) {
    auto byte = static_cast<unsigned char>(c);
    if (IsPlain(byte)) {
      *out++ = c;
    } else {
      out[0] = '\\';
      out[1] = 'x';
      out[2] = kHex[byte >> 4];
      out[3] = kHex[byte & 0xF];
      out += 4;
    }
  }
}

std::string BlobToText(std::string_view bytes) {
  std::string text(EscapedBlobLength(bytes), '\0');
  EscapeBlob(bytes, text.data());
  return text;
}

std::ptrdiff_t UnescapedBlobLength(std::string_view text) {
  std::ptrdiff_t length = 0;
  for (size_t i = 0; i < text.size(); length++) {
    if (text[i] != '\\') {
      i++;
      continue;
    }
    if (i + 4 > text.size()) return -1;
    if (text[i + 1] != 'x' || HexValue(text[i + 2]) < 0 || HexValue(text[i + 3]) < 0) return -1;
    i += 4;
  }
  return length;
}

void UnescapeBlob(std::string_view text, char* out) {
  for (size_t i = 0; i < text.size();) {
    if (text[i] != '\\') {
      *out++ = text[i++];
      continue;
    }
    *out++ = static_cast<char>((HexValue(text[i + 2]) << 4) | HexValue(text[i + 3]));
    i += 4;
  }
}

bool TextToBlob(std::string_view text, std::string& bytes) {
  std::ptrdiff_t length = UnescapedBlobLength(text);
  if (length < 0) return false;
  bytes.assign(static_cast<size_t>(length), '\0');
  UnescapeBlob(text, bytes.data());
  return true;
}

}  // namespace teal
