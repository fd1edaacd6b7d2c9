// src/common/unicode_normalize.cpp — NFC and accent stripping through ICU's unorm2.
#include "common/unicode_normalize.hpp"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <vector>

#include "common/utf8.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
std::u16string ToUtf16(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  std::u16string out(static_cast<size_t>(length), u'\0');
  status = U_ZERO_ERROR;
  u_strFromUTF8(out.data(), length, nullptr, text.data(), static_cast<int32_t>(text.size()),
                &status);
  if (U_FAILURE(status)) throw InternalError("unicode normalization: invalid UTF-8");
  return out;
}

std::string ToUtf8(const std::u16string& text) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strToUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  std::string out(static_cast<size_t>(length), '\0');
  status = U_ZERO_ERROR;
  u_strToUTF8(out.data(), length, nullptr, text.data(), static_cast<int32_t>(text.size()), &status);
  if (U_FAILURE(status)) throw InternalError("unicode normalization: invalid UTF-16");
  return out;
}

std::u16string Normalize(const UNormalizer2* normalizer, const std::u16string& text) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = unorm2_normalize(normalizer, text.data(), static_cast<int32_t>(text.size()),
                                    nullptr, 0, &status);
  std::u16string out(static_cast<size_t>(length), u'\0');
  status = U_ZERO_ERROR;
  unorm2_normalize(normalizer, text.data(), static_cast<int32_t>(text.size()), out.data(), length,
                   &status);
  if (U_FAILURE(status)) throw InternalError("unicode normalization failed");
  return out;
}

const UNormalizer2* Instance(bool compose) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* n = compose ? unorm2_getNFCInstance(&status) : unorm2_getNFDInstance(&status);
  if (U_FAILURE(status)) throw InternalError("ICU's normalization data is missing");
  return n;
}
}  // namespace

std::string NfcNormalize(std::string_view text) {
  if (IsAscii(text.data(), text.size())) return std::string(text);
  return ToUtf8(Normalize(Instance(true), ToUtf16(text)));
}

std::string StripAccents(std::string_view text) {
  if (IsAscii(text.data(), text.size())) return std::string(text);
  std::u16string decomposed = Normalize(Instance(false), ToUtf16(text));
  std::u16string kept;
  kept.reserve(decomposed.size());
  for (int32_t i = 0; i < static_cast<int32_t>(decomposed.size());) {
    UChar32 c;
    const int32_t start = i;
    U16_NEXT(decomposed.data(), i, static_cast<int32_t>(decomposed.size()), c);
    if (u_charType(c) == U_NON_SPACING_MARK) continue;
    kept.append(decomposed, static_cast<size_t>(start), static_cast<size_t>(i - start));
  }
  return ToUtf8(Normalize(Instance(true), kept));
}

}  // namespace teal
